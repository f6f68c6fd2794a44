import { once } from "node:events"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { stringify } from "csv-stringify/sync"
import { noCache } from "#app/api/utils/session"
import { PROFIT_CSV_COLUMNS, profitCsvPages } from "#app/read-models/profit"
import { profitPeriod } from "@shop/contract"
import type { ProfitPeriodParams } from "../validators"

/**
 * The period's orders with their costs and profit as CSV, streamed a page at
 * a time (any number of orders in bounded memory; a slow reader holds the
 * next page back rather than letting it pile up).
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const period = profitPeriod(req.validatedQuery as ProfitPeriodParams, new Date())
  if ("problem" in period) throw new MedusaError(MedusaError.Types.INVALID_DATA, period.problem)
  noCache(res)
  res.setHeader("Content-Type", "text/csv; charset=utf-8")
  res.setHeader("Content-Disposition", `attachment; filename="profit-${period.from}-to-${period.to}.csv"`)
  // a byte-order mark: spreadsheet programs then read the Bengali titles as UTF-8
  res.write(`\uFEFF${stringify([PROFIT_CSV_COLUMNS.map((c) => c.header)])}`)
  for await (const page of profitCsvPages(req.scope, period)) {
    if (res.destroyed) return
    if (!res.write(stringify(page))) await once(res, "drain")
  }
  res.end()
}
