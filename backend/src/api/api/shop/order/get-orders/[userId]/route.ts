import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { sessionActor } from "#app/api/utils/session"
import { listShopOrders } from "#app/read-models/orders"
import { shopperCourierView, type OrdersAnswer } from "@shop/contract"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const orders = await listShopOrders(req.scope, { customer_id: req.params.userId })
  // a shopper sees their parcel's courier and tracking, not the merchant's cash with the courier
  const shopper = sessionActor(req)?.actor_type !== "user"
  res.json({
    success: true,
    data: shopper ? orders.map((o) => ({ ...o, courier: shopperCourierView(o.courier) })) : orders,
  } satisfies OrdersAnswer)
}
