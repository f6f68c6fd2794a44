import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { ApiAnswer } from "@shop/contract"
import { clientAddress } from "../../lib/client-address"
import { waitMinutes, type Limiter } from "../../lib/rate-limit"

/**
 * A middleware counting each attempt against every (limiter, key) pair the
 * request names; over any limit it answers 429 with Retry-After and `message`.
 * Where it runs decides what counts: orders per address and registrations
 * are counted before validation (every attempt), orders per phone after it.
 */
export function rateLimited(
  keys: (req: MedusaRequest, address: string) => [Limiter, string | null | undefined][],
  message: (req: MedusaRequest, minutes: number) => string
) {
  return async (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => {
    try {
      const pairs = keys(req, clientAddress(req)).filter((p): p is [Limiter, string] => !!p[1])
      const waits = await Promise.all(pairs.map(([limiter, key]) => limiter.take(key)))
      const wait = Math.max(0, ...waits)
      if (wait === 0) return next()
      tooManyRequests(res, wait, message(req, waitMinutes(wait)))
    } catch (err) {
      next(err)
    }
  }
}

/** The 429 answer: Retry-After in seconds and the spec's `{ success: false, message }`. */
export function tooManyRequests(res: MedusaResponse, waitMs: number, message: string) {
  res.set("Retry-After", String(Math.ceil(waitMs / 1000)))
  res.status(429).json({ success: false, message } satisfies ApiAnswer)
}

export const tryAgainIn = (what: string) => (_req: MedusaRequest, minutes: number) =>
  `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`
