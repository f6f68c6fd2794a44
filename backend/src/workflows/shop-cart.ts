import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { addToCartWorkflow, deleteLineItemsWorkflow, updateLineItemInCartWorkflow } from "@medusajs/medusa/core-flows"
import { prepareCartLineStep, type PrepareCartLineInput } from "./steps/prepare-cart-line"

/**
 * Changes one product's line in a signed-in customer's cart on Medusa's Cart
 * module: add (merging into an existing line), set a quantity, or remove.
 */
export const changeShopCartWorkflow = createWorkflow("change-shop-cart", (input: PrepareCartLineInput) => {
  const line = prepareCartLineStep(input)

  when({ input, line }, ({ input, line }) => input.mode !== "remove" && !line.item_id).then(() => {
    const add = transform({ line }, ({ line }) => ({
      cart_id: line.cart_id,
      items: [{ variant_id: line.variant_id, quantity: line.quantity }],
    }))
    addToCartWorkflow.runAsStep({ input: add })
  })

  when({ input, line }, ({ input, line }) => input.mode !== "remove" && !!line.item_id).then(() => {
    const update = transform({ line }, ({ line }) => ({
      cart_id: line.cart_id,
      item_id: line.item_id!,
      update: { quantity: line.quantity },
    }))
    updateLineItemInCartWorkflow.runAsStep({ input: update })
  })

  when({ input }, ({ input }) => input.mode === "remove").then(() => {
    const remove = transform({ line }, ({ line }) => ({ cart_id: line.cart_id, ids: [line.item_id!] }))
    deleteLineItemsWorkflow.runAsStep({ input: remove })
  })

  return new WorkflowResponse(line)
})
