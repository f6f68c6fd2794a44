import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { sessionActor } from "#app/api/utils/session"
import { findShopOrder } from "#app/read-models/orders"
import { updateShopOrderStatusWorkflow } from "#app/workflows/update-order-status"
import type { UpdateOrderStatusAnswer } from "@shop/contract"
import type { UpdateOrderStatusBody } from "../validators"

export async function PUT(req: MedusaRequest<UpdateOrderStatusBody>, res: MedusaResponse) {
  const { orderId, orderStatus } = req.validatedBody
  await updateShopOrderStatusWorkflow(req.scope).run({
    input: { order_id: orderId, status: orderStatus, admin_id: sessionActor(req)?.actor_id },
  })
  res.json({
    success: true,
    message: "Order status updated successfully!",
    data: await findShopOrder(req.scope, orderId),
  } satisfies UpdateOrderStatusAnswer)
}
