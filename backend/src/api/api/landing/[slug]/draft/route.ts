import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { saveLandingDraftWorkflow } from "#app/workflows/landing-draft"
import type { LandingDraftInput } from "../../validators"

/**
 * Saves what the shopper has typed on a published landing page as the page's
 * incomplete order for the phone (created or updated). Answers 204 with no
 * body: nothing saved here can be read back through it.
 */
export async function POST(req: MedusaRequest<LandingDraftInput>, res: MedusaResponse) {
  const body = req.validatedBody
  await saveLandingDraftWorkflow(req.scope).run({
    input: {
      slug: req.params.slug,
      phone: body.phone,
      name: body.name || undefined,
      address: body.address || undefined,
      quantity: body.quantity,
      delivery_area: body.deliveryArea,
    },
  })
  res.setHeader("Cache-Control", "no-store")
  res.status(204).end()
}
