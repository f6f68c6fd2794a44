import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { readPublicLandingPage } from "#app/read-models/landing-pages"

/** A published landing page with its product; every read counts one view. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const page = await readPublicLandingPage(req.scope, req.params.slug)
  // each read is a counted view: no shared caches in between
  res.setHeader("Cache-Control", "no-store")
  res.json({ success: true, data: page })
}
