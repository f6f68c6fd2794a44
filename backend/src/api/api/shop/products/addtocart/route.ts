import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { picturesOfCart } from "#app/api/utils/pictures"
import { loadShopCart } from "#app/read-models/carts"
import { changeShopCartWorkflow } from "#app/workflows/shop-cart"
import type { CartAnswer, MessageAnswer } from "@shop/contract"
import type { AddToCartBody } from "../cart-validators"

export async function POST(req: MedusaRequest<AddToCartBody>, res: MedusaResponse) {
  const { userId, productId, quantity } = req.validatedBody
  await changeShopCartWorkflow(req.scope).run({
    input: { customer_id: userId, product_id: productId, mode: "add", quantity },
  })
  const cart = await loadShopCart(req.scope, userId)
  res.json({
    success: true,
    message: "Product added to cart successfully",
    data: cart,
    ...(await picturesOfCart(req.scope, cart)),
  } satisfies CartAnswer & MessageAnswer)
}
