import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { picturesOfCart } from "#app/api/utils/pictures"
import { loadShopCart } from "#app/read-models/carts"
import { changeShopCartWorkflow } from "#app/workflows/shop-cart"
import type { CartAnswer, MessageAnswer } from "@shop/contract"

export async function DELETE(req: MedusaRequest, res: MedusaResponse) {
  const { userId, productId } = req.params
  await changeShopCartWorkflow(req.scope).run({
    input: { customer_id: userId, product_id: productId, mode: "remove", quantity: 0 },
  })
  const cart = await loadShopCart(req.scope, userId)
  res.json({
    success: true,
    message: "Item removed from cart",
    data: cart,
    ...(await picturesOfCart(req.scope, cart)),
  } satisfies CartAnswer & MessageAnswer)
}
