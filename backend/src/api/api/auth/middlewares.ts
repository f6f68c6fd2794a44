import type { MiddlewareRoute } from "@medusajs/framework/http"
import { limits } from "#app/lib/rate-limit"
import { guessCounted } from "../../utils/guesses"
import { rateLimited, tryAgainIn } from "../../utils/rate-limit"
import { onlyFromThisSite } from "../../utils/same-site"
import { validateShopBody } from "../../utils/validate"
import { LoginSchema, RegisterSchema } from "./validators"

/** Registrations per client address (src/lib/rate-limit.ts), for every door that registers. */
export const countRegistration = rateLimited(
  (_req, address) => [[limits.registrationsByAddress, address]],
  tryAgainIn("registrations from this network")
)

export const authMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/api/auth/register",
    methods: ["POST"],
    // counted before validation: a flood of bad bodies is limited too
    middlewares: [countRegistration, validateShopBody(RegisterSchema)],
  },
  // a password guess is counted before it is checked (src/api/utils/guesses.ts)
  { matcher: "/api/auth/login", methods: ["POST"], middlewares: [guessCounted(), validateShopBody(LoginSchema)] },
  // signing out is a GET (the spec's route): another site's link or image must not sign a shopper out
  { matcher: "/api/auth/logout", methods: ["GET"], middlewares: [onlyFromThisSite] },
]
