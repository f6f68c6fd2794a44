import type { MiddlewareRoute } from "@medusajs/framework/http"
import { limits } from "#app/lib/rate-limit"
import { rateLimited, tryAgainIn } from "#app/api/utils/rate-limit"
import { validateShopBody } from "#app/api/utils/validate"
import { LandingDraftSchema, type LandingDraftInput } from "./validators"

const tooManySaves = tryAgainIn("saves")

/** Saves per client address: every attempt counts, before the body is read. */
const limitDraftsByAddress = rateLimited((_req, address) => [[limits.draftsByAddress, address]], tooManySaves)

/** Saves per phone (its 01XXXXXXXXX form), once the body is valid. */
const limitDraftsByPhone = rateLimited(
  (req) => [[limits.draftsByPhone, `phone:${(req.validatedBody as LandingDraftInput).phone}`]],
  tooManySaves
)

export const landingMiddlewares: MiddlewareRoute[] = [
  {
    // a draft is a few hundred bytes; sendBeacon sends it as a JSON Blob (application/json)
    matcher: "/api/landing/:slug/draft",
    methods: ["POST"],
    bodyParser: { sizeLimit: "8kb" },
    middlewares: [limitDraftsByAddress, validateShopBody(LandingDraftSchema), limitDraftsByPhone],
  },
]
