import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { noCache } from "#app/api/utils/session"
import { courierCash } from "#app/read-models/couriers"
import type { CourierCashAnswer } from "@shop/contract"

/** The merchant's cash with the couriers: to collect, collected, fees, paid out, still owed. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const answer = { success: true, data: await courierCash(req.scope) } satisfies CourierCashAnswer
  noCache(res)
  res.json(answer)
}
