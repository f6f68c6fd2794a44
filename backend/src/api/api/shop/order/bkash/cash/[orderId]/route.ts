import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { picturesOfConfirmation } from "#app/api/utils/pictures"
import { findShopOrder } from "#app/read-models/orders"
import { switchBkashToCashWorkflow } from "#app/workflows/bkash-payment"
import { orderConfirmation, type CreateOrderAnswer } from "@shop/contract"

/**
 * The shopper pays in cash on delivery instead (after bKash failed or was
 * cancelled): the order waiting for bKash becomes cash on delivery; answered
 * as a placed order is, with its confirmation. Anyone with the order's id may
 * ask (it only changes how the order is paid, before anything was paid).
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const { result } = await switchBkashToCashWorkflow(req.scope).run({ input: { order_id: req.params.orderId } })
  // bKash had the money already (its callback never came): recorded, and the order stays paid by bKash
  if (result.paid) throw new MedusaError(MedusaError.Types.CONFLICT, "This order is already paid by bKash")
  const order = await findShopOrder(req.scope, req.params.orderId)
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Order not found")
  const confirmation = orderConfirmation(order)
  res.json({
    success: true,
    message: "The order will be paid in cash on delivery",
    data: order,
    confirmation,
    ...(await picturesOfConfirmation(req.scope, confirmation)),
  } satisfies CreateOrderAnswer)
}
