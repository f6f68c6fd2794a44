import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { isMedusaId } from "./shop-products"
import { customerName } from "./shop-user"

/** An order in the spec's shape (SPEC.md section 3, "Order"). */
export type ShopOrderView = {
  _id: string
  orderNumber: string
  orderDate: string
  orderUpdateDate: string
  orderStatus: string
  TotalAmount: number
  isGuest: boolean
  guestName: string | null
  guestEmail: string | null
  guestPhone: string | null
  userId: { _id: string; username: string } | null
  cartId: string | null
  cartItems: { productId: string | null; title: string; image: string; price: number; quantity: number }[]
  addressInfo: { address: string; city: string; pincode: string; number: string; notes: string }[]
  landingPageSlug: string | null
  deliveryArea: string | null
  deliveryCharge: number
  paymentMethod: "cod"
}

const FIELDS = [
  "id",
  "order_number",
  "status",
  "status_changed_at",
  "is_guest",
  "guest_name",
  "guest_email",
  "guest_phone",
  "customer_id",
  "cart_id",
  "landing_page_slug",
  "address",
  "delivery_area",
  "delivery_charge",
  "total",
  "stock_taken",
  "created_at",
  "order.id",
  "order.created_at",
  "order.customer.first_name",
  "order.customer.last_name",
  "order.customer.metadata",
  "order.items.product_id",
  "order.items.title",
  "order.items.thumbnail",
  "order.items.unit_price",
  "order.items.quantity",
  "order.items.detail.quantity",
]

type Row = {
  id: string
  order_number: string
  status: string
  status_changed_at: string | Date
  is_guest: boolean
  guest_name: string | null
  guest_email: string | null
  guest_phone: string | null
  customer_id: string | null
  cart_id: string | null
  landing_page_slug: string | null
  address: ShopOrderView["addressInfo"][number]
  delivery_area: string | null
  delivery_charge: number
  total: number
  created_at: string | Date
  order?: {
    id: string
    created_at: string | Date
    customer?: { first_name?: string | null; last_name?: string | null; metadata?: Record<string, unknown> | null } | null
    items?: {
      product_id?: string | null
      title: string
      thumbnail?: string | null
      unit_price: unknown
      quantity: unknown
      detail?: { quantity: unknown } | null
    }[] | null
  } | null
}

const iso = (d: string | Date) => new Date(d).toISOString()

export function toShopOrderView(row: Row): ShopOrderView {
  const username = row.order?.customer ? customerName(row.order.customer) : ""
  return {
    _id: row.order?.id ?? row.id,
    orderNumber: row.order_number,
    orderDate: iso(row.order?.created_at ?? row.created_at),
    orderUpdateDate: iso(row.status_changed_at),
    orderStatus: row.status,
    TotalAmount: Number(row.total),
    isGuest: row.is_guest,
    guestName: row.guest_name,
    guestEmail: row.guest_email,
    guestPhone: row.guest_phone,
    userId: row.customer_id ? { _id: row.customer_id, username: username || "" } : null,
    cartId: row.cart_id,
    cartItems: (row.order?.items ?? []).map((i) => ({
      productId: i.product_id ?? null,
      title: i.title,
      image: i.thumbnail ?? "",
      price: Number(i.unit_price),
      quantity: Number(i.quantity ?? i.detail?.quantity),
    })),
    addressInfo: [row.address],
    landingPageSlug: row.landing_page_slug,
    deliveryArea: row.delivery_area,
    deliveryCharge: Number(row.delivery_charge),
    paymentMethod: "cod",
  }
}

/** Orders newest first; `filters` on the shop's record (customer_id, id...). */
export async function listShopOrders(
  container: MedusaContainer,
  filters: Record<string, unknown> = {}
): Promise<ShopOrderView[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "shop_order", fields: FIELDS, filters: filters as never })
  return (data as unknown as Row[])
    .map(toShopOrderView)
    .sort((a, b) => b.orderDate.localeCompare(a.orderDate) || b.orderNumber.localeCompare(a.orderNumber))
}

/** One order by its Medusa order id, or null (also for anything that is not an order id). */
export async function findShopOrder(container: MedusaContainer, orderId: string): Promise<ShopOrderView | null> {
  if (!isMedusaId("order", orderId)) return null
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: ["id", "shop_order.id"], filters: { id: orderId } })
  const shopOrderId = (data[0] as { shop_order?: { id: string } | null } | undefined)?.shop_order?.id
  if (!shopOrderId) return null
  const [order] = await listShopOrders(container, { id: shopOrderId })
  return order ?? null
}
