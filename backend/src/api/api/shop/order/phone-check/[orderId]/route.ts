import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { noCache } from "#app/api/utils/session"
import { findPhoneCheck } from "#app/read-models/sms"
import { PHONE_CHECK_BN, type PhoneCheckAnswer } from "@shop/contract"

/** A held order's phone check as the shopper's screen shows it (never the code); 404 when the order has none. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const check = await findPhoneCheck(req.scope, req.params.orderId!)
  if (!check) throw new MedusaError(MedusaError.Types.NOT_FOUND, PHONE_CHECK_BN.notFound)
  noCache(res)
  res.json({ success: true, message: check.message, data: check } satisfies PhoneCheckAnswer)
}
