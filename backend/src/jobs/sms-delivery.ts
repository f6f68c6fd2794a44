import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { positiveFromEnv } from "../lib/env"
import { smsAwaitingDelivery } from "../read-models/sms"
import { readSmsDeliveryWorkflow } from "../workflows/sms"

/** How often sent messages' delivery reports are asked for (each message at most this often, for two days). */
const EVERY_SECONDS = positiveFromEnv("SMS_DELIVERY_SECONDS", 300)

/** Each sent message whose report is due (at most `limit`): read from the gateway, recorded. Answers how many were asked. */
export async function readSmsDeliveries(
  container: MedusaContainer,
  options: { now?: Date; limit?: number } = {}
): Promise<{ asked: number; final: number }> {
  const now = options.now ?? new Date()
  const counts = { asked: 0, final: 0 }
  for (const message of await smsAwaitingDelivery(container, now, EVERY_SECONDS, options.limit ?? 100)) {
    const { result } = await readSmsDeliveryWorkflow(container).run({
      input: { message_id: message.id, gateway_message_id: message.gateway_message_id, now: now.toISOString() },
    })
    counts.asked += 1
    if (result?.final) counts.final += 1
  }
  return counts
}

/** The gateway's delivery reports of the messages it took (Alpha SMS gives them; the others do not): the truth, read again. */
export default async function smsDelivery(container: MedusaContainer) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  try {
    const { asked, final } = await readSmsDeliveries(container)
    if (asked) logger.info(`SMS: ${asked} delivery report(s) read, ${final} final`)
  } catch (error) {
    logger.warn(`SMS: delivery reports could not be read, will retry: ${(error as Error)?.message ?? error}`)
  }
}

export const config = {
  name: "sms-delivery",
  schedule: { interval: EVERY_SECONDS * 1000 },
}
