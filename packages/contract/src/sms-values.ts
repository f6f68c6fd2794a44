import type { Order } from "./api"
import { recipientName } from "./contact"
import { formatMoney } from "./money"
import { trackingCode } from "./orders"
import { cashToCollect } from "./payment"
import type { SmsValues } from "./sms"

/**
 * An order's values for its messages: the amounts as the shop writes money
 * (৳2,510), what the courier collects after any bKash payment, the courier
 * once the parcel is booked, and the shop's own short tracking link
 * (`publicUrl`/t/{code}: one link whatever the courier, short enough for one
 * part), else the courier's own link.
 */
export function smsValues(order: Order, shop: string, publicUrl?: string | null): SmsValues {
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
    trackingLink:
      publicUrl && order.orderNumber
        ? `${publicUrl.replace(/\/+$/, "")}/t/${trackingCode(order.orderNumber)}`
        : (order.courier?.trackingUrl ?? null),
  }
}
