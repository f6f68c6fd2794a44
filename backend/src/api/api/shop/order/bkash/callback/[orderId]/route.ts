import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
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
      // bKash did not answer, or anything else went wrong: the payment is neither confirmed nor refused
      // as far as the shopper can tell; the shopper still lands on the shop's page, and the expiry asks again
      if ((error as { type?: string })?.type !== "bkash_unavailable") {
        req.scope
          .resolve(ContainerRegistrationKeys.LOGGER)
          .warn(`bKash callback for order ${orderId}: ${(error as Error)?.message ?? error}`)
      }
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
