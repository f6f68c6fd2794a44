/** An order's statuses (SPEC.md sections 3 and 4), in the admin's order. */
export const ORDER_STATUSES = ["pending", "completed", "cancelled", "shipped", "delivered"] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
export const DEFAULT_ORDER_STATUS: OrderStatus = "pending"

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  pending: "Pending",
  completed: "Completed",
  cancelled: "Cancelled",
  shipped: "Shipped",
  delivered: "Delivered",
}

/** The statuses in the shopper's words (the shop's tracking page, /t/{code}). */
export const ORDER_STATUS_LABELS_BN: Readonly<Record<OrderStatus, string>> = {
  pending: "অর্ডার পেয়েছি, শীঘ্রই নিশ্চিত করা হবে",
  completed: "অর্ডার নিশ্চিত হয়েছে, পাঠানোর প্রস্তুতি চলছে",
  cancelled: "অর্ডার বাতিল হয়েছে",
  shipped: "কুরিয়ারে পাঠানো হয়েছে",
  delivered: "পৌঁছে গেছে",
}

/**
 * The shop's own short tracking link's code for an order: its number without
 * "ORD-" (ORD-261128-7KQ4XM is /t/261128-7KQ4XM), so a message names the
 * parcel in a few characters whatever the courier's own link is.
 */
export function trackingCode(orderNumber: string): string {
  return orderNumber.replace(/^ORD-/i, "")
}

/** The order number a tracking code names (any case), or null when it cannot be one. */
export function orderNumberOfTrackingCode(code: string): string | null {
  const upper = code.trim().toUpperCase()
  return /^\d{6}-[A-Z0-9]{6}$/.test(upper) ? `ORD-${upper}` : null
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return (ORDER_STATUSES as readonly unknown[]).includes(value)
}

/**
 * The header a client sends with an order attempt (the same value on every
 * retry of that attempt, a new one for a new order): a repeat within 24 hours
 * answers the first attempt's order; the same key with another body is refused.
 */
export const IDEMPOTENCY_HEADER = "Idempotency-Key"
/**
 * The refusal when another request recorded an order under the same key first
 * (servers whose lock did not hold): nothing of this attempt is kept, and the
 * doors run the request once more, which answers the order that was recorded.
 */
export const ORDER_ALREADY_PLACED = "This order was already placed. Please refresh to see it."

/** 1 to 255 visible ASCII characters (a UUID is what the shop's clients send). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/

/**
 * What a client's order body says about the order itself: the fields it adds
 * for show (orderDate, orderUpdateDate, eventSourceUrl: dates and the page's
 * address) left out.
 */
const orderFingerprint = (body: unknown) =>
  JSON.stringify(body, (key, value: unknown) => (/(Date|Url)$/.test(key) ? undefined : value))

/** 128 random bits as hex (crypto.getRandomValues works on plain http too, unlike randomUUID). */
const newAttemptKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => (b + 256).toString(16).slice(1)).join("")

/**
 * The clients' rule for the Idempotency-Key: one key per order attempt, the
 * key for sending a body now. A tap sends the attempt's key, and so does every
 * retry of it (a second tap, a tap after a lost answer, a tap after the
 * answer came) while the order is the same; an order changed after a failure
 * is a new attempt with a new key. A form keeps one for its life: the next
 * order is the next form's. The server answers a repeated key with the
 * attempt's order, never a second one.
 */
export function orderAttempt(): (body: unknown) => string {
  let key = ""
  let last: string | undefined
  return (body) => {
    const print = orderFingerprint(body)
    if (print !== last) [last, key] = [print, newAttemptKey()]
    return key
  }
}
