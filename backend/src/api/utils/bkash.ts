import type { MedusaContainer } from "@medusajs/framework/types"
import { publicBaseUrl } from "#app/lib/public-url"
import { readBkashOrder } from "#app/read-models/bkash"
import { startBkashPaymentWorkflow } from "#app/workflows/bkash-payment"
import { type OrderPayment, paymentSplit } from "@shop/contract"

/** Where bKash sends the shopper back for an order (the order in the path: bKash adds its own query). */
export function bkashCallbackUrl(orderId: string): string {
  return `${publicBaseUrl()}/api/shop/order/bkash/callback/${encodeURIComponent(orderId)}`
}

/**
 * bKash's page for an order waiting to be paid. The order stands whatever
 * bKash answers: when bKash cannot be reached or refuses, the answer says so
 * with no page (bkashURL null) and the shopper may try again or pay in cash.
 */
export async function startBkashPayment(scope: MedusaContainer, orderId: string): Promise<OrderPayment> {
  try {
    const { result } = await startBkashPaymentWorkflow(scope).run({
      input: { order_id: orderId, callback_url: bkashCallbackUrl(orderId) },
    })
    return result
  } catch (error) {
    const type = (error as { type?: string })?.type
    if (type !== "bkash_unavailable" && type !== "bkash_refused") throw error
    const order = await readBkashOrder(scope, orderId)
    if (!order) throw error
    return {
      method: order.method,
      ...paymentSplit(order.method, order.total, order.delivery_charge),
      bkashURL: null,
      paid: false,
      problem: (error as Error).message,
    }
  }
}
