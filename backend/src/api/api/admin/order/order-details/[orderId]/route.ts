import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { findShopOrder } from "#app/read-models/orders"
import { withRisk } from "#app/read-models/order-guard"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const order = await findShopOrder(req.scope, req.params.orderId)
  if (!order) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, "Order not found")
  }
  const [withGuard] = await withRisk(req.scope, [order])
  res.json({ success: true, data: withGuard })
}
