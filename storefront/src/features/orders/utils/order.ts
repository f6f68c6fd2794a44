import type { BadgeTone } from "@/components/ui/badge"
import type { AddressFields, Order } from "@shop/contract"

/** An order as an older or partial answer may carry it: the fields below are read defensively. */
export type ReceivedOrder = Omit<Partial<Order>, "orderNumber" | "addressInfo"> & {
  orderNumber?: string | null
  addressInfo?: Partial<AddressFields>[] | { addressId: string } | null
}

/** The order's number, or the last 6 characters of its id, uppercased (SPEC 3). */
export function orderLabel(order: Pick<Order, "_id"> & Pick<ReceivedOrder, "orderNumber">): string {
  return order.orderNumber || order._id.slice(-6).toUpperCase()
}

/** Profile list badge: green delivered, yellow pending, red anything else (SPEC 2.8). */
export function statusTone(status: string): BadgeTone {
  if (status === "delivered") return "success"
  if (status === "pending") return "warning"
  return "danger"
}

/** The first address entry of an order (signed-in orders may carry only `{ addressId }`). */
export function shippingAddress(order: Pick<ReceivedOrder, "addressInfo">): Partial<AddressFields> {
  const info = order.addressInfo
  if (Array.isArray(info)) return info[0] ?? {}
  return {}
}

/** Who the order goes to: the guest's name, else the account's name. */
export function recipientName(order: Pick<ReceivedOrder, "guestName" | "userId">): string {
  return order.guestName || order.userId?.username || "—"
}
