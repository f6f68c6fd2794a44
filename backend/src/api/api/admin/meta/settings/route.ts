import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { DataAnswer, MetaSettings } from "@shop/contract"
import { metaSettings } from "#app/read-models/meta-events"
import { setMetaSettingsWorkflow } from "#app/workflows/meta-purchase"
import { noCache } from "#app/api/utils/session"
import type { MetaSettingsBody } from "../validators"

/** The shop's Meta settings: when Purchase is sent, the default pixel, whether a token is set (never the token). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const answer: DataAnswer<MetaSettings> = { success: true, data: await metaSettings(req.scope) }
  noCache(res)
  res.json(answer)
}

/** Chooses when the server sends Purchase: once the order is confirmed, or only once it is delivered. */
export async function PUT(req: MedusaRequest<MetaSettingsBody>, res: MedusaResponse) {
  await setMetaSettingsWorkflow(req.scope).run({ input: { purchase_on: req.validatedBody.purchaseOn } })
  const answer: DataAnswer<MetaSettings> & { message: string } = {
    success: true,
    message: "Meta settings saved",
    data: await metaSettings(req.scope),
  }
  res.json(answer)
}
