import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { productChanges } from "../lib/public-cache"
import { publishPublicCacheStep } from "./steps/public-cache"
import {
  purgeReleasedHoldsStep,
  releasedStockHoldsStep,
  releaseStaleHoldsStep,
  removeHalfMadeOrdersStep,
  stockHoldProductsStep,
} from "./steps/recover-stock-holds"

export type HoldRecovery = {
  /** Holds whose units went back to stock in this pass. */
  released: string[]
  /** Half-made Medusa orders of released holds that were removed. */
  ordersRemoved: string[]
  /** Released holds forgotten (kept `keepSeconds` as tombstones first). */
  purged: number
}

export type RecoverStockHoldsInput = { grace_seconds: number; keep_seconds: number }

/**
 * Crash recovery of the order path (see src/modules/shop-order/models/stock-hold.ts;
 * jobs/release-stock-holds.ts runs it every 30 s):
 *
 * 1. holds older than `grace_seconds` are released: their units go back (and
 *    the storefront servers drop what they cached of their products);
 * 2. the Medusa order and payment collection of a released hold are removed
 *    if they exist (made before the process died, or by a late run that
 *    then died). Their ids were chosen up front and kept in the hold;
 * 3. released holds older than `keep_seconds` are forgotten.
 *
 * Every part is idempotent and safe with several servers sweeping at once;
 * the steps are forward-only (steps/recover-stock-holds.ts).
 */
export const recoverStockHoldsWorkflow = createWorkflow("recover-stock-holds", (input: RecoverStockHoldsInput) => {
  const released = releaseStaleHoldsStep({ grace_seconds: input.grace_seconds })
  when({ released }, ({ released }) => released.length > 0).then(() => {
    // their units are back in stock: the storefront servers drop what they cached (all of it if the products cannot be read)
    const products = stockHoldProductsStep({ hold_ids: released })
    publishPublicCacheStep(transform({ products }, ({ products }) => ({ messages: productChanges(products) })))
  })
  const holds = releasedStockHoldsStep({ keep_seconds: input.keep_seconds })
  const ordersRemoved = removeHalfMadeOrdersStep({ holds })
  const purged = purgeReleasedHoldsStep({ holds })
  return new WorkflowResponse(
    transform({ released, ordersRemoved, purged }, ({ released, ordersRemoved, purged }): HoldRecovery => ({
      released,
      ordersRemoved,
      purged,
    }))
  )
})
