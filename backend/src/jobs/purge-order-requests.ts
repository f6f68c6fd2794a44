import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { purgeOrderRequestsWorkflow } from "../workflows/order-requests"

/** Idempotency keys older than 24 hours are forgotten: a repeat after a day is a new order. */
export default async function purgeOrderRequestsJob(container: MedusaContainer) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  try {
    const { result: removed } = await purgeOrderRequestsWorkflow(container).run({ input: { batch: 5000 } })
    if (removed) logger.info(`Orders: forgot ${removed} idempotency key(s) older than 24 hours`)
  } catch (error) {
    // the database may be down; the next run tries again
    logger.warn(`Orders: forgetting old idempotency keys failed, will retry: ${(error as Error)?.message ?? error}`)
  }
}

export const config = {
  name: "purge-order-requests",
  // hourly, at minute 41
  schedule: "41 * * * *",
}
