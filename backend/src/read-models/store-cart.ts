import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  DELIVERY_AREA_LABELS,
  DELIVERY_CHARGE,
  formatMoney,
  isDeliveryArea,
  STORE_CURRENCY,
  type DeliveryArea,
} from "@shop/contract"
import { loadSalePrices } from "./catalog-entries"

/**
 * What Medusa's /store checkout is told when it would show one thing and the
 * shop charge another: the shop's pricing has no promotions, its quantities
 * are whole numbers (as its own checkout's), and delivery is the address's
 * area's option at the area's charge.
 */
export const STORE_CHECKOUT_MESSAGES = {
  promotions: "Promotion codes are not available in this shop",
  promotionOnCart: "Promotion codes are not available in this shop: remove it from the cart",
  quantity: "Quantity must be a whole number from 1 to 1000",
  lineQuantity: "Quantity must be a whole number from 0 to 1000",
  unknownDelivery: "This delivery option is not available in this shop",
  delivery: (city: string, area: DeliveryArea) =>
    `Delivery to ${city} is ${DELIVERY_AREA_LABELS[area]} (${formatMoney(DELIVERY_CHARGE[area])}): choose that option`,
}

/** The most of one line, as the shop's own checkout allows. */
export const MAX_LINE_QUANTITY = 1000

/** A cart line's quantity as the shop sells it: a whole number from `min` to MAX_LINE_QUANTITY. */
export function isWholeQuantity(value: unknown, min: number): boolean {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= MAX_LINE_QUANTITY
}

/** A Medusa cart as the /store checkout completes it into a shop order. */
export type StoreCheckoutCart = {
  id: string
  email: string | null
  completed_at: string | Date | null
  /** the totals the cart shows (Medusa computes them from the lines, adjustments and shipping methods) */
  total: unknown
  discount_total: unknown
  items: {
    quantity: unknown
    product_id: string | null
    variant_id: string | null
    unit_price: unknown
    title: string
    adjustments?: { id: string }[] | null
  }[]
  shipping_methods:
    { shipping_option_id: string | null; amount: unknown; adjustments?: { id: string }[] | null }[] | null
  promotions?: { id: string }[] | null
  shipping_address: {
    first_name?: string | null
    last_name?: string | null
    address_1?: string | null
    address_2?: string | null
    city?: string | null
    postal_code?: string | null
    phone?: string | null
  } | null
  /** the payment the shopper chose on Medusa's checkout (its provider's session) */
  payment_collection?: {
    payment_sessions?: { provider_id: string; data?: Record<string, unknown> | null }[] | null
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
      "total",
      "discount_total",
      "items.quantity",
      "items.product_id",
      "items.variant_id",
      "items.unit_price",
      "items.title",
      "items.adjustments.id",
      "shipping_methods.shipping_option_id",
      "shipping_methods.amount",
      "shipping_methods.adjustments.id",
      "promotions.id",
      "shipping_address.first_name",
      "shipping_address.last_name",
      "shipping_address.address_1",
      "shipping_address.address_2",
      "shipping_address.city",
      "shipping_address.postal_code",
      "shipping_address.phone",
      "payment_collection.payment_sessions.provider_id",
      "payment_collection.payment_sessions.data",
    ],
    filters: { id: cartId },
  })
  return (data[0] as StoreCheckoutCart) ?? null
}

/**
 * The delivery area each of the shop's shipping options stands for (the
 * seed's "Inside Dhaka" and "Outside Dhaka": the option type's code, else its
 * name); options of `ids`, or all. An option of no area is not in the map.
 */
export async function shippingOptionAreas(
  container: MedusaContainer,
  ids?: string[]
): Promise<Map<string, DeliveryArea>> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "shipping_option",
    fields: ["id", "name", "type.code"],
    ...(ids ? { filters: { id: ids } } : {}),
  })
  const areas = new Map<string, DeliveryArea>()
  for (const option of data as { id: string; name: string; type?: { code?: string | null } | null }[]) {
    const code = option.type?.code
    const area = isDeliveryArea(code)
      ? code
      : (Object.keys(DELIVERY_AREA_LABELS) as DeliveryArea[]).find((a) => DELIVERY_AREA_LABELS[a] === option.name)
    if (area) areas.set(option.id, area)
  }
  return areas
}

/** The city of a cart's shipping address (trimmed; "" when none), or null for no cart. */
export async function cartCity(container: MedusaContainer, cartId: string): Promise<string | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: ["id", "shipping_address.city"],
    filters: { id: cartId },
  })
  const cart = data[0] as { shipping_address?: { city?: string | null } | null } | undefined
  return cart ? (cart.shipping_address?.city?.trim() ?? "") : null
}

/** A variant as an order line sells it: its own price (base and sale), its product and its stock item. */
export type OrderVariant = {
  id: string
  title: string
  product_id: string
  price: number
  saleprice: number
  inventory_item_id: string | null
}

/**
 * Variants of `ids` with their own prices in the store's currency (base, and
 * the lowest of the active sale price lists, as the catalog reads them): a
 * /store cart line may hold any variant of a product, the catalog only its first.
 */
export async function orderVariants(container: MedusaContainer, ids: string[]): Promise<Map<string, OrderVariant>> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const [{ data }, sale] = await Promise.all([
    query.graph({
      entity: "variant",
      fields: [
        "id",
        "title",
        "product_id",
        "price_set.id",
        "prices.amount",
        "prices.currency_code",
        "inventory_items.inventory_item_id",
      ],
      filters: { id: ids },
    }),
    loadSalePrices(query),
  ])
  type Row = {
    id: string
    title: string | null
    product_id: string | null
    price_set?: { id: string } | null
    prices?: { amount: unknown; currency_code: string }[] | null
    inventory_items?: { inventory_item_id: string }[] | null
  }
  const variants = new Map<string, OrderVariant>()
  for (const row of data as Row[]) {
    const base = (row.prices ?? []).find((p) => p.currency_code === STORE_CURRENCY)
    if (!row.product_id || !base) continue
    variants.set(row.id, {
      id: row.id,
      title: row.title ?? "",
      product_id: row.product_id,
      price: Number(base.amount),
      saleprice: (row.price_set && sale.get(row.price_set.id)) || 0,
      inventory_item_id: row.inventory_items?.[0]?.inventory_item_id ?? null,
    })
  }
  return variants
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
