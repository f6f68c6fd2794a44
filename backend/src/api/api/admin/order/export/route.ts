import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { stringify } from "csv-stringify/sync"
import { noCache } from "#app/api/utils/session"
import { exportRowsOf } from "#app/read-models/dispatch"
import { ORDER_EXPORT_COLUMNS, shopDay } from "@shop/contract"
import type { OrderExportBody } from "../validators"

/** The chosen orders as CSV (the contract's ORDER_EXPORT_COLUMNS), one row per order line, oldest order first. */
export async function POST(req: MedusaRequest<OrderExportBody>, res: MedusaResponse) {
  const rows = await exportRowsOf(req.scope, [...new Set(req.validatedBody.orderIds)])
  noCache(res)
  res.setHeader("Content-Type", "text/csv; charset=utf-8")
  res.setHeader("Content-Disposition", `attachment; filename="orders-${shopDay(new Date())}.csv"`)
  // a byte-order mark: spreadsheet programs then read Bengali names and addresses as UTF-8
  res.end(`\uFEFF${stringify([[...ORDER_EXPORT_COLUMNS], ...rows])}`)
}
