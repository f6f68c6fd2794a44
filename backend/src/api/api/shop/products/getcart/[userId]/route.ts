import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { loadShopCart } from "#app/read-models/carts"
import type { CartAnswer } from "@shop/contract"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json({ success: true, data: await loadShopCart(req.scope, req.params.userId) } satisfies CartAnswer)
}
