import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { positiveFromEnv } from "../lib/env"
import { openParcels } from "../read-models/couriers"
import { syncParcelWorkflow } from "../workflows/sync-courier"

/** How often open parcels are re-read from their couriers (a missed webhook is caught within two runs). */
const POLL_MINUTES = positiveFromEnv("COURIER_POLL_MINUTES", 10)
/** Parcels re-read per run: 50 Pathao calls spaced 1.1 s stay under its ~60 a minute. */
const PER_RUN = positiveFromEnv("COURIER_POLL_BATCH", 50)

/**
 * The poll: re-reads every open parcel (the longest unread first), one call at a
 * time, spaced to stay within the couriers' limits (Pathao allows about 60
 * requests a minute), so a webhook that never came is caught on the next run.
 * Each parcel is its own run of syncParcelWorkflow: one that fails neither
 * stops nor undoes the others.
 */
export async function pollCouriers(
  container: MedusaContainer,
  options: { limit: number; spacingMs: Record<"steadfast" | "pathao", number> }
): Promise<{ checked: number; moved: number; failed: number }> {
  const parcels = await openParcels(container, options.limit)
  let moved = 0
  let failed = 0
  for (const [i, parcel] of parcels.entries()) {
    if (i > 0)
      await new Promise((resolve) =>
        setTimeout(resolve, options.spacingMs[parcel.provider as "steadfast" | "pathao"] ?? 0)
      )
    try {
      const { result } = await syncParcelWorkflow(container).run({ input: { parcel, poll: true } })
      if (result.moved) moved += 1
    } catch {
      failed += 1
    }
  }
  return { checked: parcels.length, moved, failed }
}

/** Re-reads the parcels still on their way and moves their orders (syncParcelWorkflow, one parcel at a time). */
export default async function pollCourierParcels(container: MedusaContainer) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  try {
    const result = await pollCouriers(container, { limit: PER_RUN, spacingMs: { steadfast: 250, pathao: 1100 } })
    if (result.moved || result.failed) {
      logger.info(
        `Couriers: ${result.checked} parcel(s) checked, ${result.moved} order(s) moved, ${result.failed} could not be read`
      )
    }
  } catch (error) {
    logger.warn(`Couriers: poll failed, will retry: ${(error as Error)?.message ?? error}`)
  }
}

export const config = {
  name: "poll-courier-parcels",
  schedule: { interval: POLL_MINUTES * 60_000 },
}
