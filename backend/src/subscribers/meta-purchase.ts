import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MetaTrigger } from "../modules/meta-events"
import { metaDeliveredTriggeredWorkflow, metaPurchaseTriggeredWorkflow } from "../workflows/meta-purchase"

type OrderMoved = { id: string; status?: string; at?: string }

/**
 * An order was confirmed on the phone (`shop-order.confirmed`, the
 * confirmation queue) or changed status (`shop-order.status-changed`, every
 * status change: admin, courier booking, courier sync): its Meta Purchase is
 * armed and sent when the move fires it (metaPurchaseTriggeredWorkflow), and a
 * delivered order's "OrderDelivered" event made and sent once
 * (metaDeliveredTriggeredWorkflow). A
 * failure here leaves the event as it was; the order is not affected.
 */
export default async function metaPurchase({ event, container }: SubscriberArgs<OrderMoved>) {
  const trigger = (event.name === "shop-order.confirmed" ? "confirmed" : event.data?.status) as MetaTrigger | undefined
  if (!event.data?.id || !trigger) return
  const at = event.data.at ? new Date(event.data.at) : new Date()
  const input = { order_id: event.data.id, trigger, at: (Number.isNaN(at.getTime()) ? new Date() : at).toISOString() }
  // the Purchase first, then the delivery event (each on its own: one failing leaves the other)
  for (const workflow of [metaPurchaseTriggeredWorkflow, metaDeliveredTriggeredWorkflow]) {
    try {
      await workflow(container).run({ input })
    } catch (error) {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(`Meta: could not handle ${event.name} of order ${event.data.id}: ${(error as Error)?.message ?? error}`)
    }
  }
}

export const config: SubscriberConfig = {
  event: ["shop-order.confirmed", "shop-order.status-changed"],
}
