import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { findShopOrder } from "#app/read-models/orders"
import { sessionActor } from "#app/api/utils/session"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const actor = sessionActor(req)!
  const order = await findShopOrder(req.scope, req.params.orderId)
  // another customer's order is simply not found
  if (!order || (actor.actor_type === "customer" && order.userId?._id !== actor.actor_id)) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, "Order not found")
  }
  res.json({ success: true, data: order })
}
