import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { noCache } from "#app/api/utils/session"
import { profitReport } from "#app/read-models/profit"
import { profitPeriod, type ProfitAnswer } from "@shop/contract"
import type { ProfitPeriodParams } from "./validators"

/** The Profit screen for `?from=&to=` (days in Dhaka; this month when left out). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const period = profitPeriod(req.validatedQuery as ProfitPeriodParams, new Date())
  if ("problem" in period) throw new MedusaError(MedusaError.Types.INVALID_DATA, period.problem)
  const answer = { success: true, data: await profitReport(req.scope, period) } satisfies ProfitAnswer
  noCache(res)
  res.json(answer)
}
