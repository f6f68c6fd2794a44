import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { recordLandingViewsWorkflow } from "#app/workflows/landing-views"
import type { EdgeViewsAnswer } from "@shop/contract"
import type { EdgeViewsBody } from "../validators"

/** A storefront server's batch of landing views, added in one statement; `counted`: the views added to existing pages. */
export async function POST(req: MedusaRequest<EdgeViewsBody>, res: MedusaResponse) {
  const { result } = await recordLandingViewsWorkflow(req.scope).run({ input: { views: req.validatedBody.views } })
  const answer = { success: true, counted: result } satisfies EdgeViewsAnswer
  res.json(answer)
}
