import type { PhoneCheckAnswer, PhoneCheckView } from "@shop/contract"

/**
 * The phone check's calls, from the panel's own chunk (loaded only with a
 * held order's confirmation). Plain fetch on the same origin, not lib/http:
 * importing it from here would split it out of the landing page's chunks into
 * one more file every landing page loads (e2e/landing-budget.spec.ts).
 */

/** How a call ended: the server's words and the check after it (absent when it could not say). */
export type PhoneCheckOutcome = { ok: boolean; message: string; check?: PhoneCheckView }

async function call(path: string, body?: unknown): Promise<PhoneCheckOutcome> {
  try {
    const response = await fetch(new URL(path, window.location.origin), {
      method: body === undefined ? "GET" : "POST",
      headers: { accept: "application/json", ...(body !== undefined && { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    })
    const answer = (await response.json().catch(() => null)) as Partial<PhoneCheckAnswer> | null
    return { ok: response.ok, message: answer?.message ?? "", check: answer?.data }
  } catch {
    return { ok: false, message: "" }
  }
}

const base = (orderId: string) => `/api/shop/order/phone-check/${encodeURIComponent(orderId)}`

/** The code the shopper typed (POST .../verify). */
export const verifyPhoneCode = (orderId: string, code: string) => call(`${base(orderId)}/verify`, { code })

/** A new code (POST .../resend). */
export const resendPhoneCode = (orderId: string) => call(`${base(orderId)}/resend`, {})

/** The check as it is now (a reload of the confirmation shows what happened since), or null when it cannot be read. */
export async function readPhoneCheck(orderId: string): Promise<PhoneCheckView | null> {
  const outcome = await call(base(orderId))
  return outcome.ok ? (outcome.check ?? null) : null
}
