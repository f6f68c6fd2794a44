import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { testSmsWorkflow } from "#app/workflows/sms"
import type { MessageAnswer, SmsTestAnswer } from "@shop/contract"
import type { SmsTestBody } from "../validators"

/** Sends a test message to the merchant's phone now; answers it with the gateway's answer. */
export async function POST(req: MedusaRequest<SmsTestBody>, res: MedusaResponse) {
  const { phone, event } = req.validatedBody
  const { result } = await testSmsWorkflow(req.scope).run({ input: { phone, event: event ?? "order_placed" } })
  const message = result.state === "sent" ? "Test message sent" : "The gateway did not take the test message"
  const answer = { success: true, message, data: result } satisfies SmsTestAnswer & MessageAnswer
  res.json(answer)
}
