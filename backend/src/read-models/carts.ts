import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Cart } from "@shop/contract"
import { loadShopProducts } from "./products"

type CartRow = {
  id: string
  items?: { id: string; quantity: unknown; product_id?: string | null }[] | null
}

/** The customer's open cart (newest), or null. */
export async function findOpenCart(container: MedusaContainer, customerId: string): Promise<CartRow | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: ["id", "created_at", "completed_at", "items.id", "items.quantity", "items.product_id"],
    filters: { customer_id: customerId, completed_at: null },
  })
  const open = (data as (CartRow & { created_at: string })[]).sort(
    (a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime()
  )
  return open[0] ?? null
}

/** Items whose product is gone (deleted or unpublished) are left out. */
export async function loadShopCart(container: MedusaContainer, customerId: string): Promise<Cart> {
  const cart = await findOpenCart(container, customerId)
  if (!cart) {
    return { _id: null, items: [] }
  }
  const items = cart.items ?? []
  const productIds = [...new Set(items.map((i) => i.product_id).filter((id): id is string => !!id))]
  const products = productIds.length ? await loadShopProducts(container, { id: productIds }) : []
  const byId = new Map(products.map((p) => [p._id, p]))
  return {
    _id: cart.id,
    items: items
      .filter((i) => i.product_id && byId.has(i.product_id))
      .map((i) => ({ productId: byId.get(i.product_id!)!, quantity: Number(i.quantity), _id: i.id })),
  }
}
