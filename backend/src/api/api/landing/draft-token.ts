import { createHash, randomBytes } from "node:crypto"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { LANDING_DRAFT_MAX_AGE_DAYS } from "@shop/contract"

/**
 * The browser that started a landing draft: its first save answers an
 * HTTP-only cookie holding a random token, scoped to the draft route's path,
 * and the draft keeps only the token's hash. A later save for the same page
 * and phone changes the draft only with that token, so knowing a shopper's
 * phone is not enough to rewrite what the merchant will convert. The page
 * needs no code for it: its fetch and sendBeacon are same-origin, so the
 * cookie travels with them.
 */
const COOKIE = "shop_draft"
const TOKEN = /(?:^|;\s*)shop_draft=([A-Za-z0-9_-]{43})(?:;|$)/

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex")

/** The hash of the token this browser sent, or null when it sent none (a first save). */
export function presentedTokenHash(req: MedusaRequest): string | null {
  const token = TOKEN.exec(req.headers.cookie ?? "")?.[1]
  return token ? hashOf(token) : null
}

/** The hash of the token this browser holds, or of a new one set on the answer. */
export function draftTokenHash(req: MedusaRequest, res: MedusaResponse): string {
  const presented = presentedTokenHash(req)
  if (presented) return presented
  const token = randomBytes(32).toString("base64url")
  res.cookie(COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    path: "/api/landing",
    // as long as a draft can live
    maxAge: LANDING_DRAFT_MAX_AGE_DAYS * 24 * 3600_000,
    secure: process.env.COOKIE_SECURE ? process.env.COOKIE_SECURE === "true" : process.env.NODE_ENV === "production",
  })
  return hashOf(token)
}
