import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { noCache } from "#app/api/utils/session"
import { smsOverview } from "#app/read-models/sms"
import type { SmsOverviewAnswer } from "@shop/contract"

/** The Text messages page: the gateway in use (its name only), the part cost, every template, the last days' totals. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const answer = { success: true, data: await smsOverview(req.scope) } satisfies SmsOverviewAnswer
  noCache(res)
  res.json(answer)
}
