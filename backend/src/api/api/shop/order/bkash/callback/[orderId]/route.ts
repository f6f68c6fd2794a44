import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { confirmBkashPaymentWorkflow } from "#app/workflows/bkash-payment"
import { BKASH_RETURN_PATH, type BkashOutcome, type BkashReturn } from "@shop/contract"

/** bKash's ids: letters and digits (a longer or odder one is no payment of this shop's). */
const PAYMENT_ID = /^[A-Za-z0-9]{1,100}$/
const STATUSES = new Set(["success", "failure", "cancel"])

/**
 * Where bKash sends the shopper back (a trigger, never proof: the shop asks
 * bKash itself before recording anything), answered with a redirect to the
 * storefront's page for the order's payment, which says how it ended.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const orderId = req.params.orderId
  const paymentId = typeof req.query.paymentID === "string" ? req.query.paymentID : ""
  const status = typeof req.query.status === "string" && STATUSES.has(req.query.status) ? req.query.status : "failure"
  let result: BkashOutcome = "failed"
  if (PAYMENT_ID.test(paymentId)) {
    try {
      const { result: confirmed } = await confirmBkashPaymentWorkflow(req.scope).run({
        input: { order_id: orderId, payment_id: paymentId, status },
      })
      result = confirmed.outcome
    } catch (error) {
      // bKash did not answer: the payment is neither confirmed nor refused; the shop asks again later
      if ((error as { type?: string })?.type !== "bkash_unavailable") throw error
      result = "pending"
    }
  }
  const answer: BkashReturn = { result }
  res.setHeader("Cache-Control", "no-store")
  res.redirect(
    303,
    `${BKASH_RETURN_PATH.replace(":orderId", encodeURIComponent(orderId))}?${new URLSearchParams(answer)}`
  )
}
