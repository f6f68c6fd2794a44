import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { PARCEL_CHANGED } from "../lib/order-events"
import { refreshOrderProfitWorkflow } from "../workflows/order-profit"

/**
 * Whatever changes what an order earned (placed, confirmed or found fake,
 * its status, a bKash payment, its parcel's word or payout): its profit row
 * is computed again (refreshOrderProfitWorkflow). A failure leaves the row
 * as it was until the order's next change or the backfill; the order itself
 * is never affected.
 */
export default async function orderProfit({ event, container }: SubscriberArgs<{ id?: string; ids?: string[] }>) {
  const ids = [...(event.data?.ids ?? []), ...(event.data?.id ? [event.data.id] : [])]
  if (!ids.length) return
  try {
    await refreshOrderProfitWorkflow(container).run({ input: { order_ids: ids } })
  } catch (error) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `Profit: could not refresh order ${ids.join(", ")} after ${event.name}: ${(error as Error)?.message ?? error}`
      )
  }
}

export const config: SubscriberConfig = {
  event: [
    "shop-order.placed",
    "shop-order.confirmed",
    "shop-order.status-changed",
    "shop-order.bkash-paid",
    PARCEL_CHANGED,
  ],
}
