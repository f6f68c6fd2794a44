import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

/** The ordered cart is completed, so the next add-to-cart opens a new one. */
export const closeCartStep = createStep(
  "close-cart",
  async (input: { cart_id: string | null }, { container }) => {
    if (!input.cart_id) return new StepResponse(null, null)
    await container.resolve(Modules.CART).updateCarts([{ id: input.cart_id, completed_at: new Date() }])
    return new StepResponse(input.cart_id, input.cart_id)
  },
  async (cartId, { container }) => {
    if (!cartId) return
    await container.resolve(Modules.CART).updateCarts([{ id: cartId, completed_at: null }])
  }
)
