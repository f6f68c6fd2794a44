import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/** A Medusa cart as the /store checkout completes it into a shop order. */
export type StoreCheckoutCart = {
  id: string
  email: string | null
  completed_at: string | Date | null
  items: { quantity: unknown; product_id: string | null; title: string }[]
  shipping_address: {
    first_name?: string | null
    last_name?: string | null
    address_1?: string | null
    address_2?: string | null
    city?: string | null
    postal_code?: string | null
    phone?: string | null
  } | null
}

export async function storeCheckoutCart(container: MedusaContainer, cartId: string): Promise<StoreCheckoutCart | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: [
      "id",
      "email",
      "completed_at",
      "items.quantity",
      "items.product_id",
      "items.title",
      "shipping_address.first_name",
      "shipping_address.last_name",
      "shipping_address.address_1",
      "shipping_address.address_2",
      "shipping_address.city",
      "shipping_address.postal_code",
      "shipping_address.phone",
    ],
    filters: { id: cartId },
  })
  return (data[0] as unknown as StoreCheckoutCart) ?? null
}

/** The Medusa order a completed cart became (the shop records the cart on its order), or null. */
export async function orderOfCart(container: MedusaContainer, cartId: string): Promise<string | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "shop_order", fields: ["order.id"], filters: { cart_id: cartId } })
  return (data[0] as { order?: { id: string } | null } | undefined)?.order?.id ?? null
}

/** The order as Medusa's /store answers carry it (what Medusa's storefront starter reads after checkout). */
export async function storeOrder(container: MedusaContainer, orderId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "display_id",
      "status",
      "email",
      "currency_code",
      "created_at",
      "customer_id",
      "region_id",
      "total",
      "subtotal",
      "shipping_total",
      "tax_total",
      "discount_total",
      "item_total",
      "items.*",
      "shipping_address.*",
      "shipping_methods.*",
      "payment_collections.*",
    ],
    filters: { id: orderId },
  })
  return (data[0] as Record<string, unknown>) ?? null
}
