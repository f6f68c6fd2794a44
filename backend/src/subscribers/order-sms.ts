import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { SmsEvent } from "@shop/contract"
import { smsSetUp } from "../read-models/sms"
import { orderSmsWorkflow } from "../workflows/sms"

type OrderMoved = { id: string; status?: string }

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
 * Runs after the order is saved; a failure is logged and never reaches the order.
 */
export default async function orderSms({ event, container }: SubscriberArgs<OrderMoved>) {
  const sms = smsEventOf(event.name, event.data?.status)
  // no gateway: nothing to send, no workflow run for it
  if (!event.data?.id || !sms || !smsSetUp()) return
  try {
    await orderSmsWorkflow(container).run({ input: { order_id: event.data.id, event: sms } })
  } catch (error) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`SMS: could not handle ${event.name} of order ${event.data.id}: ${(error as Error)?.message ?? error}`)
  }
}

export const config: SubscriberConfig = {
  event: ["shop-order.placed", "shop-order.confirmed", "shop-order.status-changed", "shop-order.bkash-paid"],
}
