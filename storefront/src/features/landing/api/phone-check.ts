import { apiFetch, type HttpError } from "@/lib/http"
import type { PhoneCheckAnswer, PhoneCheckView, PhoneCodeRequest } from "@shop/contract"

/** How a call about the phone check ended: the server's words and the check after it (absent when it could not say). */
export type PhoneCheckOutcome = { ok: boolean; message: string; check?: PhoneCheckView }

async function call(path: string, body: PhoneCodeRequest | Record<string, never>): Promise<PhoneCheckOutcome> {
  try {
    const answer = await apiFetch<PhoneCheckAnswer>(path, { method: "POST", body })
    return { ok: true, message: answer.message, check: answer.data }
  } catch (error) {
    const failed = error as Partial<HttpError> & { data?: unknown }
    return {
      ok: false,
      message: failed.message || "",
      check: (failed.data as PhoneCheckView | undefined) ?? undefined,
    }
  }
}

/** The code the shopper typed (POST /api/shop/order/phone-check/{orderId}/verify). */
export const verifyPhoneCode = (orderId: string, code: string) =>
  call(`/api/shop/order/phone-check/${encodeURIComponent(orderId)}/verify`, { code })

/** A new code (POST .../resend). */
export const resendPhoneCode = (orderId: string) =>
  call(`/api/shop/order/phone-check/${encodeURIComponent(orderId)}/resend`, {})

/** The check as it is now (a reload of the confirmation shows what happened since), or null when it cannot be read. */
export async function readPhoneCheck(orderId: string): Promise<PhoneCheckView | null> {
  try {
    return (await apiFetch<PhoneCheckAnswer>(`/api/shop/order/phone-check/${encodeURIComponent(orderId)}`)).data
  } catch {
    return null
  }
}
