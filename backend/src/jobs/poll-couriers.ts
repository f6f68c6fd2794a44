import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { positiveFromEnv } from "../lib/env"
import { pollCouriers } from "../workflows/sync-courier"

/** How often open parcels are re-read from their couriers (a missed webhook is caught within two runs). */
const POLL_MINUTES = positiveFromEnv("COURIER_POLL_MINUTES", 10)
/** Parcels re-read per run: 50 Pathao calls spaced 1.1 s stay under its ~60 a minute. */
const PER_RUN = positiveFromEnv("COURIER_POLL_BATCH", 50)

/** Re-reads the parcels still on their way and moves their orders (workflows/sync-courier.ts). */
export default async function pollCourierParcels(container: MedusaContainer) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  try {
    const result = await pollCouriers(container, { limit: PER_RUN, spacingMs: { steadfast: 250, pathao: 1100 } })
    if (result.moved || result.failed) {
      logger.info(`Couriers: ${result.checked} parcel(s) checked, ${result.moved} order(s) moved, ${result.failed} could not be read`)
    }
  } catch (error) {
    logger.warn(`Couriers: poll failed, will retry: ${(error as Error)?.message ?? error}`)
  }
}

export const config = {
  name: "poll-courier-parcels",
  schedule: { interval: POLL_MINUTES * 60_000 },
}
