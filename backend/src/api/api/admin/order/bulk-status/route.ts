import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { sessionActor } from "#app/api/utils/session"
import { updateShopOrderStatusWorkflow } from "#app/workflows/update-order-status"
import { bulkStatusMessage, type BulkStatusAnswer, type BulkStatusResult } from "@shop/contract"
import type { BulkStatusBody } from "../validators"

/**
 * The same status for many orders from the orders list: each order by the
 * one-order workflow (its lock, its refusals, its stock, payments and
 * courier rules), one after the other, so one refusal neither stops nor
 * undoes the rest; each answered on its own.
 */
export async function PUT(req: MedusaRequest<BulkStatusBody>, res: MedusaResponse) {
  const { orderIds, orderStatus } = req.validatedBody
  const adminId = sessionActor(req)?.actor_id
  const results: BulkStatusResult[] = []
  for (const orderId of [...new Set(orderIds)]) {
    try {
      await updateShopOrderStatusWorkflow(req.scope).run({
        input: { order_id: orderId, status: orderStatus, admin_id: adminId },
      })
      results.push({ orderId, success: true })
    } catch (error) {
      const message = (error as { message?: unknown })?.message
      results.push({
        orderId,
        success: false,
        message: typeof message === "string" && message ? message : "Failed to update order status.",
      })
    }
  }
  const changed = results.filter((r) => r.success).length
  res.json({
    success: true,
    message: bulkStatusMessage(changed, results.length - changed),
    data: results,
  } satisfies BulkStatusAnswer)
}
