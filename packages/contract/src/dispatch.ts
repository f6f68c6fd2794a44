import type { DataAnswer, MessageAnswer } from "./answer"
import type { DeliveryArea } from "./delivery"
import type { HeldOrderPhoneOrder, OrderRisk } from "./guard"
import type { OrderStatus } from "./orders"

/**
 * The dispatch desk: printing a day's parcels, changing and exporting many
 * orders at once, and orders staff take by phone or in Messenger.
 */

/** Where an order came from: the shop's checkout (or Medusa's /store), a landing page, or staff who took it. */
export const ORDER_SOURCES = ["shop", "landing", "phone", "messenger"] as const
export type OrderSource = (typeof ORDER_SOURCES)[number]
/** The two ways staff take an order for a shopper (the admin's "Add order"). */
export const MANUAL_ORDER_SOURCES = ["phone", "messenger"] as const
export type ManualOrderSource = (typeof MANUAL_ORDER_SOURCES)[number]
export const ORDER_SOURCE_LABELS: Readonly<Record<OrderSource, string>> = {
  shop: "Shop",
  landing: "Landing page",
  phone: "Phone",
  messenger: "Messenger",
}
export function isOrderSource(value: unknown): value is OrderSource {
  return (ORDER_SOURCES as readonly unknown[]).includes(value)
}

/** The most orders one print, status change or export takes (a day's parcels of a busy shop). */
export const MAX_BULK_ORDERS = 300

/** The admin's view of an order's dispatch: where it came from, who took it, whether its papers were printed. */
export type OrderDispatch = {
  source: OrderSource
  /** the admin who took a phone or Messenger order (their email), else null */
  takenBy: string | null
  /** when its invoice and label were last printed, null never */
  printedAt: string | null
  printCount: number
}
/** Admin order answers carry the dispatch view. */
export type WithDispatch = { dispatch?: OrderDispatch }

/**
 * POST /api/admin/order/print: one PDF, an A4 invoice and an A6 label per
 * order. Either the orders chosen, or `today`: every order confirmed today
 * and not printed yet (booked with a courier today, or placed today and not
 * waiting for a confirmation call, or released by one today). Chosen orders
 * that were printed before are refused (409, naming them) unless `reprint`.
 */
export type PrintOrdersRequest = { orderIds?: string[]; today?: boolean; reprint?: boolean }
/** The 409 of a print that holds orders printed before: what the admin is asked before printing them again. */
export type PrintedBeforeAnswer = MessageAnswer & { data: { orderIds: string[]; orderNumbers: string[] } }
export const printedBeforeMessage = (numbers: string[]) =>
  `${numbers.length === 1 ? `Order ${numbers[0]} was` : `${numbers.length} of these orders were`} printed before. Print again?`
export const NOTHING_TO_PRINT = "No orders to print: every order confirmed today is printed already"
/** The header of the PDF answer naming how many orders it holds (the admin's notice reads it). */
export const PRINTED_COUNT_HEADER = "X-Printed-Orders"

/** PUT /api/admin/order/bulk-status: the same status for many orders, each under the one-order rules. */
export type BulkStatusRequest = { orderIds: string[]; orderStatus: OrderStatus }
export type BulkStatusResult = { orderId: string; success: true } | { orderId: string; success: false; message: string }
export type BulkStatusAnswer = DataAnswer<BulkStatusResult[]> & MessageAnswer
export const bulkStatusMessage = (changed: number, refused: number) =>
  refused ? `${changed} updated, ${refused} refused` : `${changed} ${changed === 1 ? "order" : "orders"} updated`

/** POST /api/admin/order/export: the chosen orders as CSV, one row per order line. */
export type OrderExportRequest = { orderIds: string[] }
/** The CSV's columns, in order. */
export const ORDER_EXPORT_COLUMNS = [
  "order_number",
  "order_date",
  "status",
  "source",
  "customer",
  "phone",
  "address",
  "delivery_area",
  "product",
  "quantity",
  "unit_price",
  "delivery_charge",
  "total",
  "payment",
  "courier",
  "consignment",
  "tracking_code",
  "printed_at",
] as const

/**
 * POST /api/admin/order/manual: an order staff took by phone or in
 * Messenger, through the one order workflow (prices, stock, delivery charge
 * by area, the fake-order guard; the shopper's order limit does not apply).
 * The delivery area, when not chosen, is read from the address and city.
 * With an Idempotency-Key a repeat answers the first order.
 */
export type ManualOrderRequest = {
  source: ManualOrderSource
  name: string
  phone: string
  address: string
  city?: string
  deliveryArea?: DeliveryArea
  items: { productId: string; quantity: number }[]
  notes?: string
}
export const MANUAL_ORDER_PLACED = "Order added"
/** The refusal of a phone that is not a Bangladeshi mobile (the screen says it before sending, the server again). */
export const NOT_A_BD_MOBILE = "Enter a Bangladeshi mobile number: 11 digits starting 013 to 019, or +880"
/** The screen's words for a paste in which it found no phone. */
export const NO_PHONE_IN_TEXT = "No phone number found in the text: type it in"

/**
 * GET /api/admin/order/phone-view?phone=&productIds=: what the shop knows
 * about a phone before staff save an order for it: its orders here (newest
 * first), whether it is blocklisted, and what the fake-order guard would
 * say of an order of these products now.
 */
export type PhoneView = {
  phone: string
  orders: HeldOrderPhoneOrder[]
  blocklisted: boolean
  risk: OrderRisk
}
export type PhoneViewQuery = { phone: string; productIds?: string }
export type PhoneViewAnswer = DataAnswer<PhoneView>
