import {
  isOrderStatus,
  ORDER_STATUS_LABELS,
  recipientName,
  type OrderAddress,
  type Order,
  type OrderItem,
  type OrderStatus,
  type WithDispatch,
  type WithMetaPurchase,
  type WithSms,
} from "@shop/contract"

/**
 * Orders in the admin (SPEC.md sections 2.13, 3, 4, 5): the statuses and
 * their badge colours, the NEW badge rule, how a customer, a phone and an
 * order number are shown, and the search term.
 */
/**
 * The badge colours of SPEC.md section 4: delivered green, shipped blue,
 * pending yellow, completed emerald, cancelled red.
 */
export const ORDER_STATUS_CLASSES: Record<OrderStatus, string> = {
  delivered: "bg-green-100 text-green-800 border-green-300",
  shipped: "bg-blue-100 text-blue-800 border-blue-300",
  pending: "bg-yellow-100 text-yellow-800 border-yellow-300",
  completed: "bg-emerald-100 text-emerald-800 border-emerald-300",
  cancelled: "bg-red-100 text-red-800 border-red-300",
}

export function statusLabel(status: string): string {
  return isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status
}

export function statusClasses(status: string): string {
  return isOrderStatus(status) ? ORDER_STATUS_CLASSES[status] : "bg-gray-100 text-gray-800 border-gray-300"
}

/** An order as /api/admin/order answers it (an older answer may carry one address object), with its Meta Purchase, text messages and dispatch. */
export type ShopOrder = Omit<Order, "addressInfo" | "orderNumber"> &
  WithMetaPurchase &
  WithSms &
  WithDispatch & {
    orderNumber?: string | null
    addressInfo: OrderAddress[] | OrderAddress | null
  }

export const NEW_ORDER_MS = 24 * 60 * 60 * 1000

/** Orders under 24 hours old carry the NEW badge. */
export function isNewOrder(orderDate: string | null | undefined, now: number = Date.now()): boolean {
  if (!orderDate) return false
  const at = new Date(orderDate).getTime()
  if (Number.isNaN(at)) return false
  return now - at < NEW_ORDER_MS
}

/** The order number, or the last 6 characters of the id, uppercased. */
export function orderNumberOf(order: Pick<ShopOrder, "_id" | "orderNumber">): string {
  return order.orderNumber || order._id.slice(-6).toUpperCase()
}

/** The dialog's order ID: "#" and the last 8 characters of the id. */
export function shortOrderId(id: string): string {
  return `#${id.slice(-8)}`
}

/** The first address entry (a signed-in order's single object counts as one). */
export function firstAddress(order: Pick<ShopOrder, "addressInfo">): OrderAddress | null {
  const info = order.addressInfo
  if (!info) return null
  return Array.isArray(info) ? (info[0] ?? null) : info
}

/** Who the order is for, by the contract's one rule (recipientName): the name it was placed for, else the guest's or account's. */
export function customerNameOf(
  order: Pick<ShopOrder, "isGuest" | "guestName" | "userId"> & Partial<Pick<ShopOrder, "addressInfo">>
): string {
  const name = order.addressInfo === undefined ? null : firstAddress({ addressInfo: order.addressInfo })?.name
  return recipientName({
    isGuest: order.isGuest,
    name,
    guestName: order.guestName,
    accountName: order.userId?.username,
  })
}

/** The guest phone, else the first address's number. */
export function phoneOf(order: Pick<ShopOrder, "guestPhone" | "addressInfo">): string {
  return order.guestPhone?.trim() || firstAddress(order)?.number?.trim() || ""
}

/** The search box's placeholder (SPEC.md section 2.13). */
export const SEARCH_PLACEHOLDER = "Search by Order Number, Customer Name, Phone, or Status..."

/** The admin search term: trimmed; empty means "not searching" (the server searches, SPEC.md section 5). */
export function normalizeSearch(term: string | null | undefined): string {
  return (term ?? "").trim()
}

/** A unit price times a quantity (line totals use 2 decimals). */
export function lineTotal(item: Pick<OrderItem, "price" | "quantity">): number {
  return Math.round(Number(item.price) * Number(item.quantity) * 100) / 100
}

/** Rows per page of the orders table. */
export const ORDERS_PAGE_SIZE = 20
