import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { positiveFromEnv } from "../lib/env"
import { missingCourierSettings } from "../modules/couriers"
import { syncSteadfastPayoutsWorkflow } from "../workflows/sync-courier"

/** How often Steadfast's payouts are read (they come a few times a week). */
const PAYOUT_HOURS = positiveFromEnv("COURIER_PAYOUT_HOURS", 6)

/** Records Steadfast's payouts on their parcels (syncSteadfastPayoutsWorkflow); nothing when Steadfast is not set up. */
export default async function syncCourierPayouts(container: MedusaContainer) {
  if (missingCourierSettings("steadfast").length) return
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  try {
    const { result } = await syncSteadfastPayoutsWorkflow(container).run({ input: {} })
    if (result.settled || result.unmatched) {
      logger.info(
        `Couriers: ${result.payouts} Steadfast payout(s) read, ${result.settled} parcel(s) settled, ${result.unmatched} line(s) for no parcel of this shop`
      )
    }
  } catch (error) {
    logger.warn(`Couriers: reading Steadfast's payouts failed, will retry: ${(error as Error)?.message ?? error}`)
  }
}

export const config = {
  name: "sync-courier-payouts",
  schedule: { interval: PAYOUT_HOURS * 3600_000 },
}
