import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { SmsMessageState } from "@shop/contract"
import { positiveFromEnv } from "../lib/env"
import { dueSmsIds, smsSetUp } from "../read-models/sms"
import { sendSmsWorkflow } from "../workflows/sms"

/** How often due text messages are looked for (their back-off starts at a minute). */
const EVERY_SECONDS = positiveFromEnv("SMS_RETRY_SECONDS", 60)

export type SmsRetryCounts = Partial<Record<SmsMessageState, number>> & { tried: number }

/** Every message due at `now` (at most `limit`), one attempt each, each its own run of sendSmsWorkflow. */
export async function retrySms(
  container: MedusaContainer,
  options: { now?: Date; limit?: number } = {}
): Promise<SmsRetryCounts> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const now = options.now ?? new Date()
  const counts: SmsRetryCounts = { tried: 0 }
  for (const id of await dueSmsIds(container, now, options.limit ?? 50)) {
    const state = await sendSmsWorkflow(container)
      .run({ input: { message_id: id, now: now.toISOString() } })
      .then(({ result }) => result)
      .catch((error: unknown) => {
        logger.warn(`SMS: a message could not be tried, will retry: ${(error as Error)?.message ?? error}`)
        return null
      })
    if (!state) continue
    counts.tried += 1
    counts[state] = (counts[state] ?? 0) + 1
  }
  return counts
}

/** Sends the text messages that are due: retries after a gateway was down or refused for now (workflows/sms.ts). */
export default async function sendSms(container: MedusaContainer) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  // no gateway: nothing can be sent (messages made while one was set wait for it)
  if (!smsSetUp()) return
  try {
    const result = await retrySms(container, { limit: 50 })
    if (result.tried) {
      logger.info(
        `SMS: ${result.tried} message(s) tried: ${result.sent ?? 0} sent, ${result.pending ?? 0} to retry, ${(result.refused ?? 0) + (result.failed ?? 0)} given up`
      )
    }
  } catch (error) {
    logger.warn(`SMS: sending due messages failed, will retry: ${(error as Error)?.message ?? error}`)
  }
}

export const config = {
  name: "send-sms",
  schedule: { interval: EVERY_SECONDS * 1000 },
}
