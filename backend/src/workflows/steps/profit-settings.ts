import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { ProfitSettings } from "@shop/contract"
import { PROFIT_MODULE, type ProfitModuleService } from "../../modules/profit"

/** Saves the merchant's rates; compensation puts back what was saved before (or nothing). */
export const saveProfitSettingsStep = createStep(
  "save-profit-settings",
  async (settings: ProfitSettings, { container }) => {
    const service = container.resolve<ProfitModuleService>(PROFIT_MODULE)
    const before = await service.settingsRow()
    await service.writeSettings(settings)
    return new StepResponse(undefined, { before })
  },
  async (undo, { container }) => {
    if (!undo) return
    await container.resolve<ProfitModuleService>(PROFIT_MODULE).writeSettings(undo.before)
  }
)

/** A product's cost from now on (taka in, paisa stored); 404 for a product that does not exist. Compensation removes the row. */
export const addProductCostStep = createStep(
  "add-product-cost",
  async (input: { product_id: string; cost: number; created_by: string | null }, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({ entity: "product", fields: ["id"], filters: { id: input.product_id } })
    if (!data.length) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Product not found")
    const id = await container
      .resolve<ProfitModuleService>(PROFIT_MODULE)
      .addCost(input.product_id, Math.round(input.cost * 100), input.created_by)
    return new StepResponse(id, id)
  },
  async (id, { container }) => {
    if (id) await container.resolve<ProfitModuleService>(PROFIT_MODULE).dropCost(id)
  }
)
