import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { sessionActor } from "#app/api/utils/session"
import { bookCourierWorkflow } from "#app/workflows/book-courier"
import type { CourierBookingAnswer } from "@shop/contract"
import type { BookCourierBody } from "../../validators"

/** Books the order with a courier and marks it shipped; an order already booked answers its parcel, booking nothing. */
export async function POST(req: MedusaRequest<BookCourierBody>, res: MedusaResponse) {
  const { result } = await bookCourierWorkflow(req.scope).run({
    input: { order_id: req.params.orderId, request: req.validatedBody, admin_id: sessionActor(req)?.actor_id },
  })
  const { courier, booked } = result
  const answer = {
    success: true,
    message: booked ? `Sent to ${courier.courierName}` : `Already with ${courier.courierName}`,
    data: courier,
  } satisfies CourierBookingAnswer
  res.status(booked ? 201 : 200).json(answer)
}
