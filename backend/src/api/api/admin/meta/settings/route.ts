import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { noCache } from "#app/api/utils/session"
import { metaSettings } from "#app/read-models/meta-events"
import { setMetaSettingsWorkflow } from "#app/workflows/meta-purchase"
import type { MessageAnswer, MetaSettingsAnswer } from "@shop/contract"
import type { MetaSettingsBody } from "../validators"

/** The shop's Meta settings: when Purchase is sent, the default pixel, whether a token is set (never the token). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const answer = { success: true, data: await metaSettings(req.scope) } satisfies MetaSettingsAnswer
  noCache(res)
  res.json(answer)
}

/** Chooses when the server sends Purchase: once the order is confirmed, or only once it is delivered. */
export async function PUT(req: MedusaRequest<MetaSettingsBody>, res: MedusaResponse) {
  await setMetaSettingsWorkflow(req.scope).run({ input: { purchase_on: req.validatedBody.purchaseOn } })
  const answer = {
    success: true,
    message: "Meta settings saved",
    data: await metaSettings(req.scope),
  } satisfies MetaSettingsAnswer & MessageAnswer
  res.json(answer)
}
