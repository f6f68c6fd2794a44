import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { noCache } from "#app/api/utils/session"
import { supportPhone } from "#app/lib/support-phone"
import type { AdminSupportAnswer } from "@shop/contract"

/**
 * The customer-support line for the admin's orders screens (SPEC.md section 1):
 * SHOP_SUPPORT_PHONE, checked at startup, or the contract's default. Signed-in
 * admins only (the /api/admin/* guard in src/api/middlewares.ts).
 */
export async function GET(_req: MedusaRequest, res: MedusaResponse) {
  const answer = { success: true, data: { supportPhone: supportPhone() } } satisfies AdminSupportAnswer
  noCache(res)
  res.json(answer)
}
