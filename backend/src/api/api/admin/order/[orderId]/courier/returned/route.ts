import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { ReturnedUnitsBody } from "#app/api/api/admin/order/validators"
import { findShopOrder } from "#app/read-models/orders"
import { receiveReturnedUnitsWorkflow } from "#app/workflows/receive-returned-units"
import type { ReturnedUnitsAnswer } from "@shop/contract"

/** The merchant received the units a courier brought back: they go back into stock. */
export async function POST(req: MedusaRequest<ReturnedUnitsBody>, res: MedusaResponse) {
  const { result } = await receiveReturnedUnitsWorkflow(req.scope).run({
    input: {
      order_id: req.params.orderId,
      items: req.validatedBody.items?.map((item) => ({ product_id: item.productId, quantity: item.quantity })),
    },
  })
  res.json({
    success: true,
    message: `${result.units} unit(s) back in stock`,
    data: (await findShopOrder(req.scope, req.params.orderId))?.courier ?? null,
  } satisfies ReturnedUnitsAnswer)
}
