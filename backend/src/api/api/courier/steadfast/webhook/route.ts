import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { sameSecret } from "#app/lib/same-secret"
import { courierWebhookSecret, parcelOfWebhook } from "#app/read-models/couriers"
import { syncParcelWorkflow } from "#app/workflows/sync-courier"
import type { SteadfastWebhookAnswer } from "@shop/contract"
import { SteadfastWebhookSchema } from "../../validators"

/**
 * Steadfast's delivery-status webhook (Authorization: Bearer STEADFAST_WEBHOOK_TOKEN).
 * A trigger only: the parcel is read again from Steadfast before anything is
 * recorded; its status and amounts in the body are not used. The same
 * notification again changes nothing. Steadfast down: 502 (from the sync),
 * nothing recorded, so Steadfast sends it again and the poll reads it anyway.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1]
  if (!sameSecret(bearer, courierWebhookSecret("steadfast"))) {
    res.status(401).json({ status: "error", message: "Unauthorized" } satisfies SteadfastWebhookAnswer)
    return
  }
  const parsed = SteadfastWebhookSchema.safeParse(req.body)
  if (!parsed.success) {
    res.status(400).json({
      status: "error",
      message: "Not a Steadfast delivery status notification",
    } satisfies SteadfastWebhookAnswer)
    return
  }
  const { invoice, consignment_id } = parsed.data
  const parcel = await parcelOfWebhook(req.scope, "steadfast", invoice, consignment_id)
  if (!parcel) {
    res.json({ status: "success", message: "Ignored: no parcel of this shop matches" } satisfies SteadfastWebhookAnswer)
    return
  }
  const { result } = await syncParcelWorkflow(req.scope).run({ input: { parcel } })
  res.json({ status: "success", message: "Webhook received", data: result } satisfies SteadfastWebhookAnswer)
}
