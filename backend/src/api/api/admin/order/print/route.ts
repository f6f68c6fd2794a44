import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { noCache } from "#app/api/utils/session"
import { renderDispatchPdf } from "#app/lib/dispatch-pdf"
import { ordersToPrintToday, printedBefore } from "#app/read-models/dispatch"
import { printOrdersWorkflow } from "#app/workflows/dispatch"
import {
  NOTHING_TO_PRINT,
  PRINTED_COUNT_HEADER,
  printedBeforeMessage,
  shopDay,
  type MessageAnswer,
  type PrintedBeforeAnswer,
} from "@shop/contract"
import type { PrintOrdersBody } from "../validators"

/**
 * One PDF of the chosen orders' (or today's) invoices and labels, drawn as it
 * is sent. Chosen orders printed before are named in a 409 unless `reprint`;
 * `today` takes only orders never printed. The orders are marked printed
 * before the first byte goes out (printOrdersWorkflow).
 */
export async function POST(req: MedusaRequest<PrintOrdersBody>, res: MedusaResponse) {
  const { orderIds, today, reprint } = req.validatedBody
  const ids = today ? await ordersToPrintToday(req.scope) : [...new Set(orderIds ?? [])]
  if (!ids.length) {
    res.status(404).json({ success: false, message: NOTHING_TO_PRINT } satisfies MessageAnswer)
    return
  }
  if (!reprint) {
    const before = await printedBefore(req.scope, ids)
    if (before.orderIds.length) {
      res.status(409).json({
        success: false,
        message: printedBeforeMessage(before.orderNumbers),
        data: before,
      } satisfies PrintedBeforeAnswer)
      return
    }
  }
  const { result } = await printOrdersWorkflow(req.scope).run({ input: { order_ids: ids, reprint: !!reprint } })
  noCache(res)
  res.setHeader("Content-Type", "application/pdf")
  res.setHeader("Content-Disposition", `attachment; filename="orders-${shopDay(new Date())}.pdf"`)
  res.setHeader(PRINTED_COUNT_HEADER, String(result.orders.length))
  await renderDispatchPdf(result.orders, result.shop, res)
}
