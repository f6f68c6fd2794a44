import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { noCache } from "#app/api/utils/session"
import { guardRules } from "#app/read-models/order-guard"
import { changeGuardRulesWorkflow } from "#app/workflows/order-guard"
import type { GuardRulesAnswer, MessageAnswer } from "@shop/contract"
import type { GuardRulesBody } from "../validators"

/** The fake-order guard's rules (defaults where the merchant never set one). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const answer = { success: true, data: await guardRules(req.scope) } satisfies GuardRulesAnswer
  noCache(res)
  res.json(answer)
}

/** Changes some of the rules; the rest stay. */
export async function PUT(req: MedusaRequest<GuardRulesBody>, res: MedusaResponse) {
  const { result: rules } = await changeGuardRulesWorkflow(req.scope).run({ input: { change: req.validatedBody } })
  const answer = { success: true, message: "Rules saved", data: rules } satisfies GuardRulesAnswer & MessageAnswer
  res.json(answer)
}
