import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { emailSchema, passwordSchema } from "../api/auth/validators"
import { countRegistration } from "../api/auth/middlewares"
import { guessCounted } from "../utils/guesses"
import { chain, refuse, segments, type Handler } from "./shared"

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
  const session = (req as unknown as { session?: { regenerate: (cb: (err?: unknown) => void) => void } }).session
  if (!session) return next()
  session.regenerate((err) => next(err))
}

const AUTH_SPECIAL = new Set(["session", "token", "mfa", "verification"])

/**
 * /auth/...: Medusa's login, registration, password reset and MFA routes.
 * - POST|GET /auth/{actor}/{provider}: a password guess (the shop's login limits, counted first)
 * - POST /auth/{actor}/{provider}/register: registrations per address, the email and password rules
 * - POST /auth/{actor}/{provider}/update: the password rule, counted as a guess (a reset token)
 * - POST /auth/{actor}/{provider}/reset-password, .../callback, /auth/mfa/.../verify,
 *   /auth/verification/confirm: counted as guesses
 * - POST /auth/session: a fresh session id
 */
export const authDoor: Handler = (req, res, next) => {
  const [first, second, third, fourth] = segments(req)
  if (req.method === "POST" && first === "session" && !second) return freshSession(req, res, next)
  if (first === "mfa" && (third === "verify" || fourth === "verify") && req.method === "POST") return loginGuess(req, res, next)
  if (first === "verification" && second === "confirm") return loginGuess(req, res, next)
  if (!first || AUTH_SPECIAL.has(first) || !second) return next()
  if (!third && (req.method === "POST" || req.method === "GET")) return loginGuess(req, res, next)
  if (req.method !== "POST" && third !== "callback") return next()
  switch (third) {
    case "register":
      return chain(countRegistration, emailRule, passwordRule)(req, res, next)
    case "update":
      return chain(loginGuess, passwordRule)(req, res, next)
    case "reset-password":
    case "callback":
      return loginGuess(req, res, next)
    default:
      return next()
  }
}

