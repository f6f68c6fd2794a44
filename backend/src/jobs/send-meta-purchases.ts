import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MetaPurchaseState } from "@shop/contract"
import { positiveFromEnv } from "../lib/env"
import { dueMetaPurchaseIds } from "../read-models/meta-events"
import { sendMetaPurchaseWorkflow } from "../workflows/meta-purchase"

/** How often due Meta Purchases are looked for (their back-off starts at a minute). */
const EVERY_SECONDS = positiveFromEnv("META_RETRY_SECONDS", 60)

export type MetaRetryCounts = Partial<Record<MetaPurchaseState, number>> & { tried: number }

/**
 * Every event due at `now` (at most `limit`), one attempt each, each its own
 * run of sendMetaPurchaseWorkflow: one event's trouble (its lease runs out,
 * the next run tries it again) neither holds up nor undoes the others.
 */
export async function retryMetaPurchases(
  container: MedusaContainer,
  options: { now?: Date; limit?: number } = {}
): Promise<MetaRetryCounts> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const now = options.now ?? new Date()
  const ids = await dueMetaPurchaseIds(container, now, options.limit ?? 50)
  const counts: MetaRetryCounts = { tried: 0 }
  for (const id of ids) {
    const state = await sendMetaPurchaseWorkflow(container)
      .run({ input: { event_id: id, now: now.toISOString() } })
      .then(({ result }) => result)
      .catch((error: unknown) => {
        logger.warn(`Meta: a Purchase could not be tried, will retry: ${(error as Error)?.message ?? error}`)
        return null
      })
    if (!state) continue
    counts.tried += 1
    counts[state] = (counts[state] ?? 0) + 1
  }
  return counts
}

/** Sends the Meta Purchases that are due: retries after Meta was down or no token was set (workflows/meta-purchase.ts). */
export default async function sendMetaPurchases(container: MedusaContainer) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  try {
    const result = await retryMetaPurchases(container, { limit: 50 })
    if (result.tried) {
      logger.info(
        `Meta: ${result.tried} Purchase(s) tried: ${result.sent ?? 0} sent, ${result.failed ?? 0} to retry, ${result.given_up ?? 0} given up`
      )
    }
  } catch (error) {
    logger.warn(`Meta: sending due Purchases failed, will retry: ${(error as Error)?.message ?? error}`)
  }
}

export const config = {
  name: "send-meta-purchases",
  schedule: { interval: EVERY_SECONDS * 1000 },
}
