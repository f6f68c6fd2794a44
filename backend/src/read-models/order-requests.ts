import type { MedusaContainer } from "@medusajs/framework/types"
import { SHOP_ORDER_MODULE } from "../modules/shop-order"
import type ShopOrderModuleService from "../modules/shop-order/service"

/** The Medusa order an idempotency key placed within its 24 hours, or null. */
export async function orderOfRequest(container: MedusaContainer, key: string): Promise<string | null> {
  const placed = await container.resolve<ShopOrderModuleService>(SHOP_ORDER_MODULE).findOrderRequest(key)
  return placed?.order_id ?? null
}
