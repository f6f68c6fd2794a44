import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { noCache } from "#app/api/utils/session"
import { loadDashboard } from "#app/read-models/dashboard"
import type { DashboardAnswer } from "@shop/contract"
import type { GetDashboardQuery } from "./validators"

/** The admin dashboard's figures for `?period=today|month|year|all` (default all). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const { period } = req.validatedQuery as GetDashboardQuery
  const data = await loadDashboard(req.scope, period)
  noCache(res)
  res.json({ success: true, data } satisfies DashboardAnswer)
}
