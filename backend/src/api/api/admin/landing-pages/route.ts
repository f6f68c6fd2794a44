import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { listLandingPageViews } from "#app/read-models/landing-pages"
import type { LandingPagesAnswer } from "@shop/contract"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json({ success: true, data: await listLandingPageViews(req.scope) } satisfies LandingPagesAnswer)
}
