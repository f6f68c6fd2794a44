import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { ConfirmationBody } from "#app/api/api/admin/order/validators"
import { sessionActor } from "#app/api/utils/session"
import { withRisk } from "#app/read-models/order-guard"
import { findShopOrder } from "#app/read-models/orders"
import { confirmShopOrderWorkflow } from "#app/workflows/order-guard"
import { CONFIRMATION_OUTCOME_LABELS, type AdminOrderAnswer, type MessageAnswer } from "@shop/contract"

/** Records a confirmation call on a held order (confirmed releases it, fake cancels it and may blocklist its phone). */
export async function POST(req: MedusaRequest<ConfirmationBody>, res: MedusaResponse) {
  const { outcome, note, blocklist } = req.validatedBody
  await confirmShopOrderWorkflow(req.scope).run({
    input: { order_id: req.params.orderId, outcome, note, blocklist, admin_id: sessionActor(req)?.actor_id ?? null },
  })
  const order = await findShopOrder(req.scope, req.params.orderId)
  const [data] = await withRisk(req.scope, [order!])
  res.json({
    success: true,
    message: `${CONFIRMATION_OUTCOME_LABELS[outcome]} recorded`,
    data,
  } satisfies AdminOrderAnswer & MessageAnswer)
}
