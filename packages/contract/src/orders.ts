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

export function isOrderStatus(value: unknown): value is OrderStatus {
  return (ORDER_STATUSES as readonly unknown[]).includes(value)
}

/** Every shop order is cash on delivery. */
export const PAYMENT_METHOD = "cod"
export type PaymentMethod = typeof PAYMENT_METHOD
