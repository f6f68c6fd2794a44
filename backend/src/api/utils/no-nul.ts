import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { ApiAnswer } from "@shop/contract"

export const NUL_MESSAGE = "Text may not contain NUL characters"

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000")
  if (!value || typeof value !== "object" || depth > 64) return false
  for (const key of Object.keys(value)) {
    if (key.includes("\u0000") || hasNul((value as Record<string, unknown>)[key], depth + 1)) return true
  }
  return false
}

/**
 * PostgreSQL text cannot hold NUL (U+0000): a request carrying one anywhere
 * (path, query, body) is refused with 400 here instead of failing in the
 * database after a workflow has started.
 */
export function refuseNul(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  // eslint-disable-next-line no-control-regex -- NUL is the character this middleware looks for
  if (/%00|\u0000/i.test(req.originalUrl ?? req.url) || hasNul(req.query) || hasNul(req.body)) {
    res.status(400).json({ success: false, message: NUL_MESSAGE } satisfies ApiAnswer)
    return
  }
  next()
}
