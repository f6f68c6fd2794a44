import { createHmac, timingSafeEqual } from "crypto"
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { clientAddress } from "../../lib/client-address"
import { limits, waitMinutes } from "../../lib/rate-limit"
import { tooManyRequests, tryAgainIn } from "./rate-limit"

/** One password guess, counted before it is checked. */
export type Guess = {
  /** Milliseconds to wait when the guess is over a limit (it must not be checked then); 0 otherwise. */
  waitMs: number
  /**
   * The guess was right: it is given back, the email's failures are
   * forgotten, and (given the answer) the browser is marked as one this
   * account signs in from.
   */
  right(res?: MedusaResponse): Promise<void>
}

/**
 * A browser an account has signed in from keeps a mark of it (an HMAC of the
 * email under the cookie secret, in an HTTP-only cookie, a few accounts at
 * most): while strangers' failures hold an email shut, its owner's own
 * browsers still get in (each still limited on its own).
 */
const KNOWN_COOKIE = "shop_known"
const KNOWN_MAX_ACCOUNTS = 5
const KNOWN_MAX_AGE_MS = 180 * 24 * 3600_000

function knownMark(req: MedusaRequest, key: string): string {
  const secret = String(
    req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE).projectConfig.http.cookieSecret ?? ""
  )
  return createHmac("sha256", secret).update(`known-browser:${key}`).digest("base64url").slice(0, 32)
}

function knownMarks(req: MedusaRequest): string[] {
  const header = req.headers.cookie ?? ""
  const value = /(?:^|;\s*)shop_known=([A-Za-z0-9_.-]{1,400})/.exec(header)?.[1] ?? ""
  return value
    .split(".")
    .filter((mark) => mark.length === 32)
    .slice(0, KNOWN_MAX_ACCOUNTS)
}

function isKnownBrowser(req: MedusaRequest, key: string): boolean {
  const mark = Buffer.from(knownMark(req, key))
  return knownMarks(req).some((m) => m.length === mark.length && timingSafeEqual(Buffer.from(m), mark))
}

function markKnownBrowser(req: MedusaRequest, res: MedusaResponse, key: string): void {
  const mark = knownMark(req, key)
  const marks = [mark, ...knownMarks(req).filter((m) => m !== mark)].slice(0, KNOWN_MAX_ACCOUNTS)
  res.cookie(KNOWN_COOKIE, marks.join("."), {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: KNOWN_MAX_AGE_MS,
    secure: process.env.COOKIE_SECURE ? process.env.COOKIE_SECURE === "true" : process.env.NODE_ENV === "production",
  })
}

/** An email as a limit key: trimmed and lower-cased; null when it cannot be one. */
function emailKey(email: unknown): string | null {
  if (typeof email !== "string") return null
  const key = email.trim().toLowerCase()
  return key && key.length <= 254 ? key : null
}

/**
 * Counts a password guess (against the client's address and, when it names
 * one, the email) BEFORE the password is checked. Counting after the slow
 * check let parallel guesses all pass the limit; this way 40 parallel wrong
 * guesses for one email get at most LOGIN_LIMIT_PER_EMAIL answers. Every door
 * that checks a password uses it: /api/auth/login and Medusa's /auth routes.
 */
export async function countGuess(req: MedusaRequest, email?: unknown): Promise<Guess> {
  const address = clientAddress(req)
  const key = emailKey(email)
  // the email's failures from everyone shut it to strangers only: a browser the account signed in from is not counted there
  const known = key ? isKnownBrowser(req, key) : false
  const waits = await Promise.all([
    limits.failedLoginsByAddress.take(address),
    key && !known ? limits.failedLoginsByEmail.take(key) : 0,
    key ? limits.failedLoginsByEmailFromAddress.take(`${key}|${address}`) : 0,
  ])
  return {
    waitMs: Math.max(...waits),
    right: async (res?: MedusaResponse) => {
      await Promise.all([
        limits.failedLoginsByAddress.release(address),
        key && !known ? limits.failedLoginsByEmail.reset(key) : undefined,
        key ? limits.failedLoginsByEmailFromAddress.reset(`${key}|${address}`) : undefined,
      ])
      if (key && res && !res.headersSent) markKnownBrowser(req, res, key)
    },
  }
}

/** The guess counted for each request (the request's own type has no place for it). */
const guesses = new WeakMap<MedusaRequest, Guess>()

/** The guess `guessCounted` counted for this request. */
export function guessOf(req: MedusaRequest): Guess | undefined {
  return guesses.get(req)
}

/**
 * A middleware counting the request as a password guess before anything
 * checks it (the email read from the raw body, before validation); over a
 * limit it answers 429 with Retry-After. With `rightWhen2xx`, a 2xx answer
 * gives the guess back (Medusa's own /auth routes, whose handlers are not
 * ours); otherwise the handler calls `guessOf(req).right()`.
 */
export function guessCounted(options: { rightWhen2xx?: boolean } = {}) {
  return async (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => {
    try {
      const body = req.body as { email?: unknown } | undefined
      const guess = await countGuess(req, body && typeof body === "object" ? body.email : undefined)
      if (guess.waitMs > 0) {
        tooManyRequests(res, guess.waitMs, tryAgainIn("failed login attempts")(req, waitMinutes(guess.waitMs)))
        return
      }
      guesses.set(req, guess)
      if (options.rightWhen2xx) {
        res.once("finish", () => {
          if (res.statusCode >= 200 && res.statusCode < 300) void guess.right().catch(() => undefined)
        })
      }
      next()
    } catch (err) {
      next(err)
    }
  }
}
