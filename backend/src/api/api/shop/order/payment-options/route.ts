import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { noCache } from "#app/api/utils/session"
import { paymentOptions } from "#app/read-models/payment"
import type { PaymentOptionsAnswer } from "@shop/contract"

/** What the order forms may offer (the contract's paymentChoices turns it into the choices for an order). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const answer = { success: true, data: await paymentOptions(req.scope) } satisfies PaymentOptionsAnswer
  noCache(res)
  res.json(answer)
}
