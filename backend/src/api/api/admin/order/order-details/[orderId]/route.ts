import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { withDispatch } from "#app/read-models/dispatch"
import { withMetaPurchase } from "#app/read-models/meta-events"
import { withRisk } from "#app/read-models/order-guard"
import { findShopOrder } from "#app/read-models/orders"
import { orderSmsMessages } from "#app/read-models/sms"
import type { AdminOrderAnswer } from "@shop/contract"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const order = await findShopOrder(req.scope, req.params.orderId)
  if (!order) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, "Order not found")
  }
  const [withGuard] = await withRisk(req.scope, [order])
  // admin answers only: the Meta Purchase's state
  const [withMeta] = await withMetaPurchase(req.scope, [withGuard])
  // where it came from, who took it, when its papers were printed
  const [withPrint] = await withDispatch(req.scope, [withMeta!])
  // and its text messages to the shopper
  res.json({
    success: true,
    data: { ...withPrint!, sms: await orderSmsMessages(req.scope, order._id) },
  } satisfies AdminOrderAnswer)
}
