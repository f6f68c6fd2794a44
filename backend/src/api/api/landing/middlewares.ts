import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"
import { rateLimited, tooManyRequests, tryAgainIn } from "#app/api/utils/rate-limit"
import { validateShopBody } from "#app/api/utils/validate"
import { clientAddress } from "#app/lib/client-address"
import { limits, waitMinutes } from "#app/lib/rate-limit"
import { presentedTokenHash } from "./draft-token"
import { LandingDraftSchema, type LandingDraftInput } from "./validators"

const tooManySaves = tryAgainIn("saves")

/** Saves per client address: every attempt counts, before the body is read. */
const limitDraftSavesByAddress = rateLimited((_req, address) => [[limits.draftSavesByAddress, address]], tooManySaves)

/**
 * Saves per phone (its 01XXXXXXXXX form) from one browser, once the body is
 * valid: only the browser that started a draft changes it, so others' saves
 * for the phone must not use up its own (saves without a draft cookie, a
 * browser's first, count together).
 */
const limitDraftsByPhone = rateLimited(
  (req) => [
    [
      limits.draftsByPhone,
      `phone:${(req.validatedBody as LandingDraftInput).phone}:${presentedTokenHash(req)?.slice(0, 32) ?? "new"}`,
    ],
  ],
  tooManySaves
)

/**
 * The phones one client address may save drafts for in an hour: every phone
 * is a row in the merchant's list that staff will call, so made-up numbers
 * from one address stop at the limit, while the phones it already saved keep
 * saving (the shopper goes on typing).
 */
async function limitDraftPhonesByAddress(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  try {
    const phone = (req.validatedBody as LandingDraftInput).phone
    const wait = await limits.draftPhonesByAddress.take(clientAddress(req), phone)
    if (wait === 0) return next()
    tooManyRequests(res, wait, tooManySaves(req, waitMinutes(wait)))
  } catch (err) {
    next(err)
  }
}

export const landingMiddlewares: MiddlewareRoute[] = [
  {
    // a draft is a few hundred bytes; sendBeacon sends it as a JSON Blob (application/json)
    matcher: "/api/landing/:slug/draft",
    methods: ["POST"],
    bodyParser: { sizeLimit: "8kb" },
    middlewares: [
      limitDraftSavesByAddress,
      validateShopBody(LandingDraftSchema),
      limitDraftsByPhone,
      limitDraftPhonesByAddress,
    ],
  },
]
