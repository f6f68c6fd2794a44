import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { listShopOrders } from "#app/read-models/orders"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json({ success: true, data: await listShopOrders(req.scope, { customer_id: req.params.userId }) })
}
