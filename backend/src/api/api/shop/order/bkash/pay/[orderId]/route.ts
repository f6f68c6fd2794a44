import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { startBkashPayment } from "#app/api/utils/bkash"
import type { BkashPayAnswer } from "@shop/contract"

/**
 * bKash's page for an order waiting to be paid by bKash: the one already
 * made while it waits, a new one after a failure or a cancel. Anyone with the
 * order's id may ask (it only lets them pay for it); the amount is the order's own.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const payment = await startBkashPayment(req.scope, req.params.orderId)
  res.json({ success: true, data: payment } satisfies BkashPayAnswer)
}
