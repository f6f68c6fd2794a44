import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { sessionActor } from "#app/api/utils/session"
import { bookCourierWorkflow } from "#app/workflows/book-courier"
import type { BulkCourierBookingAnswer, CourierBookingResult } from "@shop/contract"
import type { BookCouriersBody } from "../validators"

/**
 * The same booking for many orders from the admin's orders list: one after
 * the other (couriers limit how fast a merchant may call them), each order
 * answered on its own (its own run of bookCourierWorkflow), so one refusal
 * neither stops nor undoes the rest.
 */
export async function POST(req: MedusaRequest<BookCouriersBody>, res: MedusaResponse) {
  const { orderIds, ...request } = req.validatedBody
  const adminId = sessionActor(req)?.actor_id
  const results: CourierBookingResult[] = []
  for (const orderId of [...new Set(orderIds)]) {
    try {
      const { result } = await bookCourierWorkflow(req.scope).run({
        input: { order_id: orderId, request, admin_id: adminId },
      })
      const { courier, booked } = result
      results.push({ orderId, success: true, booked, data: courier })
    } catch (error) {
      const message = (error as { message?: unknown })?.message
      results.push({
        orderId,
        success: false,
        message: typeof message === "string" && message ? message : "Something went wrong",
      })
    }
  }
  res.json({ success: true, data: results } satisfies BulkCourierBookingAnswer)
}
