import type { Order } from "./api"
import { recipientName } from "./contact"
import { formatMoney } from "./money"
import { cashToCollect } from "./payment"
import type { SmsValues } from "./sms"

/**
 * An order's values for its messages: the amounts as the shop writes money
 * (৳2,510), what the courier collects after any bKash payment, the courier
 * and its tracking link once the parcel is booked.
 */
export function smsValues(order: Order, shop: string): SmsValues {
  return {
    shop,
    orderNumber: order.orderNumber,
    customerName: recipientName({
      isGuest: order.isGuest,
      guestName: order.guestName,
      accountName: order.userId?.username,
    }),
    total: formatMoney(order.TotalAmount),
    dueOnDelivery: formatMoney(cashToCollect(order.TotalAmount, order.bkash)),
    paid: formatMoney(order.bkash?.paid ?? 0),
    courier: order.courier?.courierName ?? null,
    trackingLink: order.courier?.trackingUrl ?? null,
  }
}
