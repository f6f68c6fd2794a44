import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { STOCK_MESSAGES, STORE_CURRENCY } from "@shop/contract"
import { findOpenCart } from "../../read-models/carts"
import { loadShopCatalog } from "../../read-models/products"

export type PrepareCartLineInput = {
  customer_id: string
  product_id: string
  /** "add": quantity is added to what is in the cart; "set": it replaces it. */
  mode: "add" | "set" | "remove"
  quantity: number
}

export type CartLine = {
  cart_id: string
  variant_id: string
  item_id: string | null
  quantity: number
}

/**
 * Checks the product (still sold, enough stock for the new quantity) and finds
 * or opens the customer's cart. The only write is opening a cart, undone by
 * compensation.
 */
export const prepareCartLineStep = createStep(
  "prepare-cart-line",
  async (input: PrepareCartLineInput, { container }) => {
    const [entry] = await loadShopCatalog(container, { id: input.product_id })
    let cart = await findOpenCart(container, input.customer_id)
    const existing = cart?.items?.find((i) => i.product_id === input.product_id) ?? null

    if (input.mode !== "add" && !existing) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, "This product is not in your cart")
    }
    if (input.mode === "remove") {
      return new StepResponse<CartLine, string | null>(
        { cart_id: cart!.id, variant_id: "", item_id: existing!.id, quantity: 0 },
        null
      )
    }
    if (!entry?.variant_id) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, "Product not found")
    }
    const quantity = input.mode === "add" ? Number(existing?.quantity ?? 0) + input.quantity : input.quantity
    if (quantity > entry.stock) {
      throw new MedusaError(
        MedusaError.Types.CONFLICT,
        entry.stock > 0
          ? STOCK_MESSAGES.onlyLeft(entry.stock, entry.product.title)
          : STOCK_MESSAGES.outOfStock(entry.product.title)
      )
    }
    let created: string | null = null
    if (!cart) {
      const [[region], [store], [customer]] = await Promise.all([
        container.resolve(Modules.REGION).listRegions({ currency_code: STORE_CURRENCY }),
        container.resolve(Modules.STORE).listStores({}),
        container.resolve(Modules.CUSTOMER).listCustomers({ id: input.customer_id }),
      ])
      if (!customer) {
        throw new MedusaError(MedusaError.Types.NOT_FOUND, "Customer not found")
      }
      const [opened] = await container.resolve(Modules.CART).createCarts([
        {
          currency_code: STORE_CURRENCY,
          region_id: region?.id,
          sales_channel_id: store?.default_sales_channel_id ?? undefined,
          customer_id: customer.id,
          email: customer.email,
        },
      ])
      created = opened.id
      cart = { id: opened.id, items: [] }
    }
    return new StepResponse<CartLine, string | null>(
      { cart_id: cart.id, variant_id: entry.variant_id, item_id: existing?.id ?? null, quantity },
      created
    )
  },
  async (createdCartId, { container }) => {
    if (createdCartId) {
      await container.resolve(Modules.CART).deleteCarts([createdCartId])
    }
  }
)
