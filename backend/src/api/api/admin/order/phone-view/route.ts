import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { noCache } from "#app/api/utils/session"
import { ordersOfPhone, previewRisk } from "#app/read-models/order-guard"
import { normalizeBdPhone, type PhoneViewAnswer } from "@shop/contract"
import type { PhoneViewParams } from "../validators"

/** A phone's orders here, whether it is blocklisted, and the guard's view of an order of these products now. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const query = req.validatedQuery as PhoneViewParams
  const phone = normalizeBdPhone(query.phone)!
  const productIds = (query.productIds ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean)
    .slice(0, 50)
  const [orders, preview] = await Promise.all([
    ordersOfPhone(req.scope, phone),
    previewRisk(req.scope, phone, productIds),
  ])
  noCache(res)
  res.json({ success: true, data: { phone, orders, ...preview } } satisfies PhoneViewAnswer)
}
