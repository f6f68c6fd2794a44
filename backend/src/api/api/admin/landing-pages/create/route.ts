import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { landingPageViewOf } from "#app/read-models/landing-pages"
import { createLandingPageWorkflow } from "#app/workflows/landing-page"
import type { LandingPageAnswer, MessageAnswer } from "@shop/contract"
import { groupsOfBody, type CreateLandingPageBody } from "../validators"

export async function POST(req: MedusaRequest<CreateLandingPageBody>, res: MedusaResponse) {
  const body = req.validatedBody
  const { result } = await createLandingPageWorkflow(req.scope).run({
    input: {
      title: body.title,
      slug: body.slug,
      product_id: body.productId,
      is_active: body.isActive,
      meta_pixel_id: body.metaPixelId ?? null,
      groups: groupsOfBody(body),
    },
  })
  res.status(201).json({
    success: true,
    message: "Landing page created successfully",
    data: await landingPageViewOf(req.scope, result),
  } satisfies LandingPageAnswer & MessageAnswer)
}
