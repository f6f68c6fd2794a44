import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { findShopOrder } from "../../../../../../lib/shop-order"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const order = /^order_[0-9A-Za-z]{1,64}$/.test(req.params.orderId)
    ? await findShopOrder(req.scope, req.params.orderId)
    : null
  if (!order) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, "Order not found")
  }
  res.json({ success: true, data: order })
}
