import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { findShopOrder } from "#app/read-models/orders"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const order = await findShopOrder(req.scope, req.params.orderId)
  if (!order) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, "Order not found")
  }
  res.json({ success: true, data: order })
}
