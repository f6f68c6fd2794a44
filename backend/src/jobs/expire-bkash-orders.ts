import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { positiveFromEnv } from "../lib/env"
import { bkashOrdersDue } from "../read-models/bkash"
import { expireBkashOrderWorkflow } from "../workflows/bkash-payment"

/** How long an order waits for its bKash payment before it is cancelled and its stock released (BKASH_PAY_MINUTES). */
const PAY_MINUTES = positiveFromEnv("BKASH_PAY_MINUTES", 30)
/** How many orders one run looks at (the next run takes the rest). */
const BATCH = 50

/**
 * Orders left unpaid by bKash past BKASH_PAY_MINUTES: each is asked about
 * once more and, still unpaid, cancelled with its stock released
 * (workflows/bkash-payment.ts). One failing order (bKash unreachable) waits
 * for the next run; the others go on. Answers how many were cancelled.
 *
 * Medusa's scheduler calls a job with the container and `{ scheduledFor }`
 * (the time the run was due); "now" is that time, else the clock's.
 */
export default async function expireBkashOrders(
  container: MedusaContainer,
  context?: { scheduledFor?: Date }
): Promise<number> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const now = context?.scheduledFor instanceof Date ? context.scheduledFor : new Date()
  let expired = 0
  try {
    const due = await bkashOrdersDue(container, new Date(now.getTime() - PAY_MINUTES * 60_000), BATCH)
    for (const orderId of due) {
      try {
        const { result } = await expireBkashOrderWorkflow(container).run({ input: { order_id: orderId } })
        if (result.expire) expired++
      } catch (error) {
        logger.warn(`bKash expiry: order ${orderId} left for the next run: ${(error as Error)?.message ?? error}`)
      }
    }
    if (expired) logger.info(`bKash expiry: cancelled ${expired} unpaid order(s), their stock released`)
  } catch (error) {
    logger.warn(`bKash expiry: run failed, will retry: ${(error as Error)?.message ?? error}`)
  }
  return expired
}

export const config = {
  name: "expire-bkash-orders",
  schedule: { interval: 60_000 },
}
