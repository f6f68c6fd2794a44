import type { Order, OrderConfirmation } from "./api"
import { addressLine, recipientName } from "./contact"

/** The confirmation data of an order (SPEC.md section 3): what the server answers and the page shows. */
export function orderConfirmation(order: Order): OrderConfirmation {
  const address = order.addressInfo[0]
  return {
    orderNumber: order.orderNumber || order._id,
    orderId: order._id,
    customerName: recipientName({
      isGuest: order.isGuest,
      name: address?.name,
      guestName: order.guestName,
      accountName: order.userId?.username,
    }),
    customerPhone: order.guestPhone || address?.number || "",
    customerEmail: order.guestEmail ?? "",
    customerAddress: addressLine(address),
    deliveryArea: order.deliveryArea,
    items: order.cartItems,
    productTotal: order.cartItems.reduce((sum, i) => sum + i.price * i.quantity, 0),
    deliveryCharge: order.deliveryCharge,
    totalAmount: order.TotalAmount,
  }
}
