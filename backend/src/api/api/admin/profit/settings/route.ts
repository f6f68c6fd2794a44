import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { noCache } from "#app/api/utils/session"
import { profitSettings } from "#app/read-models/profit"
import { changeProfitSettingsWorkflow } from "#app/workflows/profit"
import type { MessageAnswer, ProfitSettingsAnswer } from "@shop/contract"
import type { ProfitSettingsBody } from "../validators"

/** The packaging cost and each courier's rates where its answers give none (the defaults until saved). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const answer = { success: true, data: await profitSettings(req.scope) } satisfies ProfitSettingsAnswer
  noCache(res)
  res.json(answer)
}

/** Saves them; orders are counted with them from their next change on (an order keeps the packaging it was first counted with). */
export async function PUT(req: MedusaRequest<ProfitSettingsBody>, res: MedusaResponse) {
  const { result } = await changeProfitSettingsWorkflow(req.scope).run({ input: { settings: req.validatedBody } })
  const answer = { success: true, message: "Profit settings saved", data: result } satisfies ProfitSettingsAnswer &
    MessageAnswer
  res.json(answer)
}
