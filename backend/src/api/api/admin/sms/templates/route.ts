import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { changeSmsTemplatesWorkflow } from "#app/workflows/sms"
import type { MessageAnswer, SmsTemplatesAnswer } from "@shop/contract"
import type { SmsTemplatesBody } from "../validators"

/** Saves some events' words or switches; answers every template. */
export async function PUT(req: MedusaRequest<SmsTemplatesBody>, res: MedusaResponse) {
  const { result } = await changeSmsTemplatesWorkflow(req.scope).run({ input: req.validatedBody })
  const answer = { success: true, message: "Messages saved", data: result } satisfies SmsTemplatesAnswer & MessageAnswer
  res.json(answer)
}
