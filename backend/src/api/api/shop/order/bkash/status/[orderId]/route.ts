import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { noCache } from "#app/api/utils/session"
import { readBkashOrder } from "#app/read-models/bkash"
import { cashAllowed } from "#app/read-models/payment"
import { confirmBkashPaymentWorkflow } from "#app/workflows/bkash-payment"
import { BKASH_STATES, type BkashState, type BkashStatus, type BkashStatusAnswer, paymentSplit } from "@shop/contract"

/**
 * Where an order's bKash payment stands, for the page the shopper comes back
 * to: the number, the amounts and the state, nothing personal. Anyone with the
 * order's id may ask (the id is what bKash's return carries).
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  noCache(res)
  res.json({ success: true, data: await bkashStatus(req.scope, req.params.orderId) } satisfies BkashStatusAnswer)
}

/**
 * The same, after asking bKash now (the shopper's "check again" when bKash
 * could not be asked as they came back): the order's own payment is executed
 * or read back under its lock, exactly as the callback does.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const orderId = req.params.orderId
  const before = await bkashStatus(req.scope, orderId)
  if (before.canPay && before.state === "awaiting") {
    try {
      await confirmBkashPaymentWorkflow(req.scope).run({
        input: { order_id: orderId, payment_id: null, status: "success" },
      })
    } catch (error) {
      // bKash still cannot be asked: the answer says the payment still waits
      if ((error as { type?: string })?.type !== "bkash_unavailable") throw error
    }
  }
  noCache(res)
  res.json({ success: true, data: await bkashStatus(req.scope, orderId) } satisfies BkashStatusAnswer)
}

async function bkashStatus(scope: MedusaContainer, orderId: string): Promise<BkashStatus> {
  const order = await readBkashOrder(scope, orderId)
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, "This order is not paid by bKash")
  const state: BkashState = (BKASH_STATES as readonly string[]).includes(order.payment_state ?? "")
    ? (order.payment_state as BkashState)
    : "awaiting"
  const { dueNow, dueOnDelivery } = paymentSplit(order.method, order.total, order.delivery_charge)
  const canPay = order.status === "pending" && (state === "awaiting" || state === "failed")
  return {
    orderId: order.order_id,
    orderNumber: order.order_number,
    method: order.method,
    state,
    total: order.total,
    deliveryCharge: order.delivery_charge,
    dueNow,
    dueOnDelivery,
    paid: order.amount_paid,
    trxId: order.trx_id,
    canPay,
    canPayCash: canPay && (order.placed_as === "cod" || (await cashAllowed(scope, order.delivery_area))),
    language: order.landing_page_slug ? "bn" : "en",
  }
}
