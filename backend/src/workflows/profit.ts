import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import type { ProfitSettings } from "@shop/contract"
import { addProductCostStep, saveProfitSettingsStep } from "./steps/profit-settings"

const SETTINGS_LOCK = "profit-settings"

/** The merchant's packaging cost and courier rates (PUT /api/admin/profit/settings), one save at a time. */
export const changeProfitSettingsWorkflow = createWorkflow(
  "change-profit-settings",
  (input: { settings: ProfitSettings }) => {
    acquireLockStep({ key: SETTINGS_LOCK, timeout: 10, ttl: 30 })
    saveProfitSettingsStep(transform({ input }, ({ input }) => input.settings))
    releaseLockStep({ key: SETTINGS_LOCK })
    return new WorkflowResponse(input.settings)
  }
)

/**
 * A product's cost price from now on (PUT /api/admin/profit/costs/{productId}):
 * a new row of its history, so orders placed before keep the cost they had.
 */
export const setProductCostWorkflow = createWorkflow(
  "set-product-cost",
  (input: { product_id: string; cost: number; created_by: string | null }) => {
    const id = addProductCostStep(input)
    return new WorkflowResponse(id)
  }
)
