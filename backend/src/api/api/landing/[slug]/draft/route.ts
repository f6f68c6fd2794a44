import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { saveLandingDraftWorkflow } from "#app/workflows/landing-draft"
import { draftTokenHash } from "../../draft-token"
import type { LandingDraftInput } from "../../validators"

/**
 * Saves what the shopper has typed on a published landing page as the page's
 * incomplete order for the phone: created, or updated when this browser
 * started it (draft-token.ts). Answers 204 with no body either way, so a
 * save from another browser, which changes nothing, cannot tell whether the
 * phone has a draft, and nothing saved here can be read back through it.
 */
export async function POST(req: MedusaRequest<LandingDraftInput>, res: MedusaResponse) {
  const body = req.validatedBody
  const tokenHash = draftTokenHash(req, res)
  await saveLandingDraftWorkflow(req.scope).run({
    input: {
      slug: req.params.slug,
      phone: body.phone,
      name: body.name || undefined,
      address: body.address || undefined,
      quantity: body.quantity,
      delivery_area: body.deliveryArea,
      token_hash: tokenHash,
    },
  })
  res.setHeader("Cache-Control", "no-store")
  res.status(204).end()
}
