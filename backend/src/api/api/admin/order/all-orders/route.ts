import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { listShopOrders } from "../../../../../lib/shop-order"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json({ success: true, data: await listShopOrders(req.scope) })
}
