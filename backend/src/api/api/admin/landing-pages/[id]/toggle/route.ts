import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { landingPageViewOf } from "#app/read-models/landing-pages"
import { toggleLandingPageWorkflow } from "#app/workflows/landing-page"
import type { LandingPageAnswer, MessageAnswer } from "@shop/contract"

export async function PATCH(req: MedusaRequest, res: MedusaResponse) {
  const { result } = await toggleLandingPageWorkflow(req.scope).run({ input: { id: req.params.id } })
  res.json({
    success: true,
    message: result.is_active ? "Landing page published" : "Landing page unpublished",
    data: await landingPageViewOf(req.scope, result),
  } satisfies LandingPageAnswer & MessageAnswer)
}
