import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { sessionActor } from "#app/api/utils/session"
import { findShopOrder } from "#app/read-models/orders"
import { shopperCourierView, type OrderAnswer } from "@shop/contract"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const actor = sessionActor(req)!
  const order = await findShopOrder(req.scope, req.params.orderId)
  // another customer's order is simply not found
  if (!order || (actor.actor_type === "customer" && order.userId?._id !== actor.actor_id)) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, "Order not found")
  }
  // a shopper sees their parcel's courier and tracking, not the merchant's cash with the courier
  res.json({
    success: true,
    data: actor.actor_type === "user" ? order : { ...order, courier: shopperCourierView(order.courier) },
  } satisfies OrderAnswer)
}
