import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { SmsEvent } from "@shop/contract"
import { smsSetUp } from "../read-models/sms"
import { orderSmsWorkflow, sendSmsWorkflow } from "../workflows/sms"

/** `phone_code_message`: a held order's phone code (placed), or a new one (shop-order.phone-code: `message_id`). */
type OrderMoved = { id: string; status?: string; phone_code_message?: string | null; message_id?: string | null }

/** The message each order event sends (the status changes that have one). */
function smsEventOf(name: string, status: string | undefined): SmsEvent | null {
  if (name === "shop-order.placed") return "order_placed"
  if (name === "shop-order.confirmed") return "order_confirmed"
  if (name === "shop-order.bkash-paid") return "bkash_received"
  if (status === "shipped") return "order_sent"
  if (status === "delivered") return "order_delivered"
  if (status === "cancelled") return "order_cancelled"
  return null
}

/**
 * An order was placed, confirmed on the phone, paid by bKash, or moved to
 * shipped, delivered or cancelled: the shopper's text message for it (workflows/sms.ts), once.
 * A held order's phone code (workflows/phone-check.ts) is sent the same way.
 * Runs after the order is saved; a failure is logged and never reaches the order.
 */
export default async function orderSms({ event, container }: SubscriberArgs<OrderMoved>) {
  // a held order's phone code, in place of the order-placed message (it names the order too), or a new code
  const code = event.name === "shop-order.phone-code" ? event.data?.message_id : event.data?.phone_code_message
  const sms = code ? null : smsEventOf(event.name, event.data?.status)
  // no gateway: nothing to send, no workflow run for it
  if (!event.data?.id || (!sms && !code) || !smsSetUp()) return
  try {
    if (code) await sendSmsWorkflow(container).run({ input: { message_id: code } })
    else if (sms) await orderSmsWorkflow(container).run({ input: { order_id: event.data.id, event: sms } })
  } catch (error) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`SMS: could not handle ${event.name} of order ${event.data.id}: ${(error as Error)?.message ?? error}`)
  }
}

export const config: SubscriberConfig = {
  event: [
    "shop-order.placed",
    "shop-order.confirmed",
    "shop-order.status-changed",
    "shop-order.bkash-paid",
    "shop-order.phone-code",
  ],
}
