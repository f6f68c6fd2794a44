import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { positiveFromEnv } from "../lib/env"
import { retryMetaPurchases } from "../workflows/meta-purchase"

/** How often due Meta Purchases are looked for (their back-off starts at a minute). */
const EVERY_SECONDS = positiveFromEnv("META_RETRY_SECONDS", 60)

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
