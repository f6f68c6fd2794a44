import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { sameSecret } from "#app/lib/same-secret"
import { courierWebhookSecret, parcelOfWebhook } from "#app/read-models/couriers"
import { syncParcelWorkflow } from "#app/workflows/sync-courier"
import type { PathaoWebhookAnswer } from "@shop/contract"
import { PathaoWebhookSchema } from "../../validators"

/** The value Pathao's documentation says every answer carries in X-Pathao-Merchant-Webhook-Integration-Secret. */
const INTEGRATION_SECRET = "f3992ecc-59da-4cbe-a049-a13da2018d51"

/**
 * Pathao's order webhook (X-PATHAO-Signature: PATHAO_WEBHOOK_SECRET), answered
 * 202. Its `webhook_integration` handshake is answered too, but changes
 * nothing. A trigger only: the order is read again from Pathao before anything
 * is recorded; the amounts in the body are not used. The same event again
 * changes nothing. Pathao down: 502 (from the sync), nothing recorded, so
 * Pathao sends it again and the poll reads it anyway.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const signature = req.headers["x-pathao-signature"]
  const presented = Array.isArray(signature) ? signature[0] : signature
  const body = (req.body ?? {}) as { event?: unknown }
  const handshake = body.event === "webhook_integration" && presented === undefined
  if (!handshake && !sameSecret(presented, courierWebhookSecret("pathao"))) {
    res.status(401).json({ type: "error", message: "Unauthorized" } satisfies PathaoWebhookAnswer)
    return
  }
  res.setHeader("X-Pathao-Merchant-Webhook-Integration-Secret", INTEGRATION_SECRET)
  const parsed = PathaoWebhookSchema.safeParse(req.body)
  if (!parsed.success) {
    res.status(400).json({ type: "error", message: "Not a Pathao order event" } satisfies PathaoWebhookAnswer)
    return
  }
  const { event, merchant_order_id, consignment_id } = parsed.data
  if (event === "webhook_integration" || !merchant_order_id) {
    res.status(202).json({ type: "success", message: "Webhook integrated" } satisfies PathaoWebhookAnswer)
    return
  }
  const parcel = await parcelOfWebhook(req.scope, "pathao", merchant_order_id, consignment_id ?? null)
  if (!parcel) {
    res
      .status(202)
      .json({ type: "success", message: "Ignored: no parcel of this shop matches" } satisfies PathaoWebhookAnswer)
    return
  }
  const { result } = await syncParcelWorkflow(req.scope).run({ input: { parcel } })
  res.status(202).json({ type: "success", message: "Webhook received", data: result } satisfies PathaoWebhookAnswer)
}
