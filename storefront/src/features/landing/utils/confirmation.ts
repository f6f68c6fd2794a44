import type { PhoneCheckView } from "@shop/contract"
import type { OrderConfirmationData } from "../api/create-landing-order"
import { BN } from "./bn"

export type ConfirmationItem = { key: string; title: string; image: string; price: number; quantity: number }

/** The confirmation as the page shows it, every field checked and defaulted. */
export type ConfirmationView = {
  orderNumber: string
  customerName: string
  customerPhone: string
  customerEmail: string
  customerAddress: string
  /** Bengali name of the delivery area, or '' when the order has none (shop checkout). */
  deliveryArea: string
  items: ConfirmationItem[]
  productTotal: number
  deliveryCharge: number
  totalAmount: number
  /** the code sent by SMS that confirms a held order, when it has one */
  phoneCheck: PhoneCheckView | null
}

/** A phone check read back from the navigation state (the panel reads it again from the server), or null. */
function readPhoneCheck(value: unknown): PhoneCheckView | null {
  const check = value as PhoneCheckView | null | undefined
  return check && typeof check === "object" && typeof check.orderId === "string" && check.orderId ? check : null
}

const text = (value: unknown): string =>
  typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : ""

const amount = (value: unknown): number | undefined => {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value
  return typeof n === "number" && Number.isFinite(n) ? n : undefined
}

export function deliveryAreaLabel(area: unknown): string {
  if (area === "dhaka") return BN.areaDhaka
  if (area === "outside") return BN.areaOutside
  return ""
}

/**
 * Reads the `orderData` a landing page or the shop checkout passes in the
 * navigation state (SPEC section 3, "Order confirmation data"); null when
 * there is none. The order number falls back to the id, then 'N/A'.
 */
export function readConfirmation(state: unknown): ConfirmationView | null {
  const data = (state as { orderData?: unknown } | null | undefined)?.orderData
  if (!data || typeof data !== "object" || Array.isArray(data)) return null
  const order = data as OrderConfirmationData & { _id?: unknown }

  const items: ConfirmationItem[] = (Array.isArray(order.items) ? order.items : [])
    .filter((item): item is NonNullable<typeof item> => !!item && typeof item === "object")
    .map((item, i) => ({
      key: `${text(item.productId) || "item"}-${i}`,
      title: text(item.title),
      image: text(item.image),
      price: amount(item.price) ?? 0,
      quantity: amount(item.quantity) ?? 1,
    }))
  const productTotal = amount(order.productTotal) ?? items.reduce((sum, i) => sum + i.price * i.quantity, 0)
  const deliveryCharge = amount(order.deliveryCharge) ?? 0

  return {
    orderNumber: text(order.orderNumber) || text(order.orderId) || text(order._id) || "N/A",
    customerName: text(order.customerName),
    customerPhone: text(order.customerPhone),
    customerEmail: text(order.customerEmail),
    customerAddress: text(order.customerAddress),
    deliveryArea: deliveryAreaLabel(order.deliveryArea),
    items,
    productTotal,
    deliveryCharge,
    totalAmount: amount(order.totalAmount) ?? productTotal + deliveryCharge,
    phoneCheck: readPhoneCheck(order.phoneCheck),
  }
}
