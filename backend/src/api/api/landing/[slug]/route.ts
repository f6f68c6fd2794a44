import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { isEdgeRead } from "#app/api/utils/edge"
import { picturesOfLanding } from "#app/api/utils/pictures"
import { readPublicLandingPage } from "#app/read-models/landing-pages"
import type { LandingPageAnswer } from "@shop/contract"

/**
 * A published landing page with its product; every read counts one view,
 * except a storefront server's (EDGE_SECRET): it counts the views it serves
 * and sends them in batches (POST /api/edge/landing-views).
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const page = await readPublicLandingPage(req.scope, req.params.slug, { countView: !isEdgeRead(req) })
  // each read is a counted view: no shared caches in between (the edge keeps its own)
  res.setHeader("Cache-Control", "no-store")
  res.json({
    success: true,
    data: page,
    ...(await picturesOfLanding(req.scope, page)),
  } satisfies LandingPageAnswer)
}
