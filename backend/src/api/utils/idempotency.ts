import { createHash } from "crypto"
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, ORDER_ALREADY_PLACED, type ApiAnswer } from "@shop/contract"

/** JSON with its object keys sorted: the same body gives the same text however its keys were ordered. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined)
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`)
      .join(",")}}`
  }
  return JSON.stringify(value ?? null)
}

/** The request's Idempotency-Key header as sent, or null when there is none. */
export function idempotencyKeyOf(req: MedusaRequest): string | null {
  const raw = req.headers[IDEMPOTENCY_HEADER.toLowerCase()]
  const key = Array.isArray(raw) ? raw[0] : raw
  return typeof key === "string" ? key : null
}

/** A malformed Idempotency-Key is refused (400) before anything else happens. */
export function checkIdempotencyKey(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const key = idempotencyKeyOf(req)
  if (key === null || IDEMPOTENCY_KEY_PATTERN.test(key)) return next()
  res
    .status(400)
    .json({ success: false, message: `${IDEMPOTENCY_HEADER} must be 1 to 255 visible characters` } satisfies ApiAnswer)
}

/**
 * The order request a body and its Idempotency-Key make: the key scoped by
 * the door (`scope`: the landing page, the guest checkout, the customer) and
 * the fingerprint of the validated body, so the same key with another order
 * is told apart. Null without a key.
 */
export function orderRequestOf(req: MedusaRequest, scope: string, body: unknown) {
  const key = idempotencyKeyOf(req)
  if (!key) return null
  return {
    key: `api:${scope}:${key}`,
    request_hash: createHash("sha256").update(stableJson(body)).digest("hex"),
  }
}

/**
 * Runs an order workflow; when another server recorded the same order first
 * (its lock did not hold: ORDER_ALREADY_PLACED, nothing of this attempt kept),
 * runs it once more, which finds that order and answers it.
 */
export async function retryWhenPlacedElsewhere<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if ((error as { message?: unknown })?.message !== ORDER_ALREADY_PLACED) throw error
    return run()
  }
}
