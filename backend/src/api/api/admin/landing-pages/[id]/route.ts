import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { getLandingPageView, landingPageViewOf } from "#app/read-models/landing-pages"
import { deleteLandingPageWorkflow, updateLandingPageWorkflow } from "#app/workflows/landing-page"
import type { LandingPageAnswer, MessageAnswer } from "@shop/contract"
import { groupsOfBody, type UpdateLandingPageBody } from "../validators"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json({ success: true, data: await getLandingPageView(req.scope, req.params.id) } satisfies LandingPageAnswer)
}

export async function PUT(req: MedusaRequest<UpdateLandingPageBody>, res: MedusaResponse) {
  const body = req.validatedBody
  const { result } = await updateLandingPageWorkflow(req.scope).run({
    input: {
      id: req.params.id,
      title: body.title,
      slug: body.slug,
      product_id: body.productId,
      is_active: body.isActive,
      meta_pixel_id: body.metaPixelId,
      groups: groupsOfBody(body),
    },
  })
  res.json({
    success: true,
    message: "Landing page updated successfully",
    data: await landingPageViewOf(req.scope, result),
  } satisfies LandingPageAnswer & MessageAnswer)
}

export async function DELETE(req: MedusaRequest, res: MedusaResponse) {
  await deleteLandingPageWorkflow(req.scope).run({ input: { id: req.params.id } })
  res.json({ success: true, message: "Landing page deleted successfully" } satisfies MessageAnswer)
}
