import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { productChanges, publishPublicCache } from "../lib/public-cache"
import type { ShopOrderPlaced } from "../workflows/landing-draft"

/**
 * An order took stock: once it is committed and the shopper has the answer,
 * the storefront servers are told which products' pages to drop (nothing
 * without REDIS_URL; a message that cannot be sent is logged, never fails).
 */
export default async function orderPlacedPublicCache({ event }: SubscriberArgs<ShopOrderPlaced>) {
  const ids = event.data?.product_ids
  if (Array.isArray(ids) && ids.length) publishPublicCache(productChanges(ids))
}

export const config: SubscriberConfig = {
  event: "shop-order.placed",
  context: { subscriberId: "order-placed-public-cache" },
}
