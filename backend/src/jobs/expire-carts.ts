import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { positiveFromEnv } from "../lib/env"
import { expireCartsWorkflow } from "../workflows/expire-carts"

const BATCH = 500
// at most this many batches an hour: a backlog goes over a few runs instead of holding the database
const MAX_BATCHES = 20

/**
 * Carts not completed and unchanged for CART_IDLE_DAYS (default 14) are
 * removed, a registered customer's after CART_ACCOUNT_IDLE_DAYS (default 90);
 * never a completed one.
 */
export default async function expireCartsJob(container: MedusaContainer) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const input = {
    days: positiveFromEnv("CART_IDLE_DAYS", 14),
    account_days: positiveFromEnv("CART_ACCOUNT_IDLE_DAYS", 90),
    batch: BATCH,
  }
  let removed = 0
  try {
    for (let i = 0; i < MAX_BATCHES; i++) {
      const { result } = await expireCartsWorkflow(container).run({ input })
      removed += result
      if (result < BATCH) break
    }
  } catch (error) {
    // the database may be down; the next run tries again
    logger.warn(`Carts: expiry failed, will retry: ${(error as Error)?.message ?? error}`)
  }
  if (removed)
    logger.info(`Carts: removed ${removed} cart(s) idle for ${input.days} days (${input.account_days} for accounts)`)
}

export const config = {
  name: "expire-carts",
  // hourly, at minute 23
  schedule: "23 * * * *",
}
