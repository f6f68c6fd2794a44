import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { noCache } from "#app/api/utils/session"
import { clientAddress } from "#app/lib/client-address"
import { phoneCheckView } from "#app/read-models/sms"
import { verifyPhoneCodeWorkflow } from "#app/workflows/phone-check"
import { PHONE_CHECK_BN, type PhoneCheckAnswer } from "@shop/contract"
import type { PhoneCodeBody } from "../../validators"

/**
 * The code the shopper typed: 200 when it is right (again 200 for the same
 * code twice: the check is verified), 400 wrong (with the tries left) or not
 * six digits, 410 when the code ran out, 429 when the check is locked, 409
 * when the order no longer waits (confirmed or cancelled since).
 */
export async function POST(req: MedusaRequest<PhoneCodeBody>, res: MedusaResponse) {
  const { result } = await verifyPhoneCodeWorkflow(req.scope).run({
    input: { order_id: req.params.orderId!, code: req.validatedBody.code, client_address: clientAddress(req) },
  })
  const view = phoneCheckView(result.check!)
  const [status, message] = ((): [number, string] => {
    if (result.outcome === "bad_code") return [400, PHONE_CHECK_BN.badCode]
    if (result.outcome === "not_held") return [409, PHONE_CHECK_BN.notHeld]
    if (view.state === "verified") return [200, PHONE_CHECK_BN.verified]
    if (view.state === "locked") return [429, PHONE_CHECK_BN.locked]
    if (view.state === "expired" || view.state === "spent") return [410, view.message]
    return [400, PHONE_CHECK_BN.wrong(view.triesLeft)]
  })()
  noCache(res)
  res.status(status).json({ success: status === 200, message, data: view } satisfies PhoneCheckAnswer)
}
