import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { positiveFromEnv } from "../lib/env"
import { recoverStockHoldsWorkflow } from "../workflows/recover-stock-holds"

/** How old an unfinished order's stock hold must be before its units go back (an order takes well under a second). */
const GRACE_SECONDS = positiveFromEnv("STOCK_HOLD_GRACE_SECONDS", 120)
/** How often the sweep runs. */
const SWEEP_SECONDS = positiveFromEnv("STOCK_HOLD_SWEEP_SECONDS", 30)
/** How long a released hold is kept, so a late run of its order is still cleaned up. */
const KEEP_SECONDS = Math.max(3600, GRACE_SECONDS * 10)

/**
 * Crash recovery: returns the stock of orders that died half-way (a killed
 * process runs no compensation) and removes their half-made Medusa orders.
 * See src/lib/stock-holds.ts.
 */
export default async function releaseStockHolds(container: MedusaContainer) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  try {
    const { result } = await recoverStockHoldsWorkflow(container).run({
      input: { grace_seconds: GRACE_SECONDS, keep_seconds: KEEP_SECONDS },
    })
    if (result.released.length || result.ordersRemoved.length) {
      logger.warn(
        `Stock holds: returned the units of ${result.released.length} unfinished order(s)` +
          `${result.released.length ? ` (${result.released.join(", ")})` : ""}, ` +
          `removed ${result.ordersRemoved.length} half-made order(s)`
      )
    }
  } catch (error) {
    // the database may be down; the next sweep tries again
    logger.warn(`Stock holds: sweep failed, will retry: ${(error as Error)?.message ?? error}`)
  }
}

export const config = {
  name: "release-stock-holds",
  schedule: { interval: SWEEP_SECONDS * 1000 },
}
