import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { loadShopCart } from "../../../../../../read-models/carts"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json({ success: true, data: await loadShopCart(req.scope, req.params.userId) })
}
