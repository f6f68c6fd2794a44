import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { picturesOfCart } from "#app/api/utils/pictures"
import { loadShopCart } from "#app/read-models/carts"
import type { CartAnswer } from "@shop/contract"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const cart = await loadShopCart(req.scope, req.params.userId)
  res.json({ success: true, data: cart, ...(await picturesOfCart(req.scope, cart)) } satisfies CartAnswer)
}
