import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { noCache } from "#app/api/utils/session"
import { clientAddress } from "#app/lib/client-address"
import { phoneCheckView } from "#app/read-models/sms"
import { resendPhoneCodeWorkflow } from "#app/workflows/phone-check"
import { PHONE_CHECK_BN, type PhoneCheckAnswer } from "@shop/contract"

/**
 * A new code for a held order: 200 with the check (the code goes out by SMS
 * a moment after), 429 too soon (Retry-After), after the last code, on a
 * locked check or over the phone's or the address's share of messages; 409
 * when it is verified or no longer waits; 404 without a check.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const { result } = await resendPhoneCodeWorkflow(req.scope).run({
    input: { order_id: req.params.orderId!, client_address: clientAddress(req) },
  })
  noCache(res)
  res.json({ success: true, message: PHONE_CHECK_BN.resent, data: phoneCheckView(result) } satisfies PhoneCheckAnswer)
}
