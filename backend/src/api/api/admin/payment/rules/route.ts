import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { noCache } from "#app/api/utils/session"
import { paymentRules } from "#app/read-models/payment"
import { changePaymentRulesWorkflow } from "#app/workflows/payment-rules"
import type { MessageAnswer, PaymentRulesAnswer } from "@shop/contract"
import type { PaymentRulesBody } from "../validators"

/** The merchant's payment rules (defaults where never set). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const answer = { success: true, data: await paymentRules(req.scope) } satisfies PaymentRulesAnswer
  noCache(res)
  res.json(answer)
}

/** Changes some of the rules; the rest stay. */
export async function PUT(req: MedusaRequest<PaymentRulesBody>, res: MedusaResponse) {
  const { result: rules } = await changePaymentRulesWorkflow(req.scope).run({ input: { change: req.validatedBody } })
  const answer = { success: true, message: "Rules saved", data: rules } satisfies PaymentRulesAnswer & MessageAnswer
  res.json(answer)
}
