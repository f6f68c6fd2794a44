import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { removeBlocklistEntryWorkflow } from "#app/workflows/order-guard"
import type { MessageAnswer } from "@shop/contract"

/** Takes a phone or address off the blocklist. */
export async function DELETE(req: MedusaRequest, res: MedusaResponse) {
  await removeBlocklistEntryWorkflow(req.scope).run({ input: { id: req.params.id } })
  res.json({ success: true, message: "Removed from the blocklist" } satisfies MessageAnswer)
}
