import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { clientAddress } from "../../lib/client-address"
import { limits, waitMinutes } from "../../lib/rate-limit"
import { tooManyRequests, tryAgainIn } from "./rate-limit"

/** One password guess, counted before it is checked. */
export type Guess = {
  /** Milliseconds to wait when the guess is over a limit (it must not be checked then); 0 otherwise. */
  waitMs: number
  /** The guess was right: it is given back, and the email's failures are forgotten. */
  right(): Promise<void>
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
  const waits = await Promise.all([
    limits.failedLoginsByAddress.take(address),
    key ? limits.failedLoginsByEmail.take(key) : 0,
  ])
  return {
    waitMs: Math.max(...waits),
    right: async () => {
      await Promise.all([limits.failedLoginsByAddress.release(address), key ? limits.failedLoginsByEmail.reset(key) : undefined])
    },
  }
}

const GUESS = Symbol("shop.guess")

/** The guess `guessCounted` counted for this request. */
export function guessOf(req: MedusaRequest): Guess | undefined {
  return (req as unknown as { [GUESS]?: Guess })[GUESS]
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
      ;(req as unknown as { [GUESS]?: Guess })[GUESS] = guess
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
