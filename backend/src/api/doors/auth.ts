import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"
import { countRegistration } from "../api/auth/middlewares"
import { emailSchema, passwordSchema } from "../api/auth/validators"
import { guessCounted } from "../utils/guesses"
import { beforeMedusa, refuse } from "./shared"

const loginGuess = guessCounted({ rightWhen2xx: true })

/** The shop's password rule (6-128 characters), for every door that sets a password. */
function passwordRule(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const password = (req.body as { password?: unknown } | undefined)?.password
  const result = passwordSchema.safeParse(password)
  if (!result.success) return refuse(res, 400, result.error.issues[0]?.message ?? "Invalid password")
  next()
}

/** The shop's email rule for a new login (Medusa's emailpass provider checks none). */
function emailRule(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const result = emailSchema.safeParse((req.body as { email?: unknown } | undefined)?.email)
  if (!result.success) return refuse(res, 400, result.error.issues[0]?.message ?? "Please enter a valid email address")
  next()
}

/**
 * Regenerates the session before Medusa's POST /auth/session writes the
 * token's identity into it: a session id planted before sign-in is never the
 * one that ends up signed in (session fixation).
 */
function freshSession(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  // MedusaRequest types the express-session it carries as `any`
  const session: { regenerate: (cb: (err?: unknown) => void) => void } | undefined = req.session
  if (!session) return next()
  session.regenerate((err) => next(err))
}

/**
 * /auth/...: Medusa's login, registration, password reset and MFA routes, on
 * Medusa's own patterns. Medusa's middlewares for these routes check the actor
 * and provider pair, the body's shape or the session, never the password or
 * code a request guesses, so a guess is still counted before the route's
 * handler checks it; the reset token of `update` is checked by Medusa's
 * middleware itself, so that count comes before it. Medusa's fixed routes
 * (/auth/session, /auth/token/refresh, /auth/mfa/factors...) answer before its
 * `:actor_type/:auth_provider` ones: only a login counts as a login guess.
 */
export const authDoor: MiddlewareRoute[] = [
  // a password guess: the shop's login limits, counted first
  { matcher: "/auth/:actor_type/:auth_provider", methods: ["GET", "POST"], middlewares: [loginGuess] },
  // registrations per address, the email and password rules
  {
    matcher: "/auth/:actor_type/:auth_provider/register",
    methods: ["POST"],
    middlewares: [countRegistration, emailRule, passwordRule],
  },
  // the reset token is the guess here, and Medusa's own middleware checks it: counted before, then the password rule
  {
    matcher: beforeMedusa("/auth/:actor_type/:auth_provider/update"),
    methods: ["POST"],
    middlewares: [loginGuess, passwordRule],
  },
  { matcher: "/auth/:actor_type/:auth_provider/reset-password", methods: ["POST"], middlewares: [loginGuess] },
  { matcher: "/auth/:actor_type/:auth_provider/callback", methods: ["GET", "POST"], middlewares: [loginGuess] },
  { matcher: "/auth/mfa/challenges/:id/verify", methods: ["POST"], middlewares: [loginGuess] },
  { matcher: "/auth/mfa/factors/:id/verify", methods: ["POST"], middlewares: [loginGuess] },
  { matcher: "/auth/verification/confirm", methods: ["POST"], middlewares: [loginGuess] },
  // a new session id before Medusa's handler writes the token's identity into it
  { matcher: "/auth/session", methods: ["POST"], middlewares: [freshSession] },
]
