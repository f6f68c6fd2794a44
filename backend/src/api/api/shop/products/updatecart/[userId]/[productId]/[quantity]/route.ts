import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { CartQuantityParams } from "#app/api/api/shop/products/cart-validators"
import { picturesOfCart } from "#app/api/utils/pictures"
import { zodMessage } from "#app/api/utils/validate"
import { loadShopCart } from "#app/read-models/carts"
import { changeShopCartWorkflow } from "#app/workflows/shop-cart"
import type { CartAnswer, MessageAnswer } from "@shop/contract"

export async function PUT(req: MedusaRequest, res: MedusaResponse) {
  const { userId, productId } = req.params
  const parsed = CartQuantityParams.safeParse({ quantity: req.params.quantity })
  if (!parsed.success) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, zodMessage(parsed.error))
  }
  await changeShopCartWorkflow(req.scope).run({
    input: { customer_id: userId, product_id: productId, mode: "set", quantity: parsed.data.quantity },
  })
  const cart = await loadShopCart(req.scope, userId)
  res.json({
    success: true,
    message: "Cart updated",
    data: cart,
    ...(await picturesOfCart(req.scope, cart)),
  } satisfies CartAnswer & MessageAnswer)
}
