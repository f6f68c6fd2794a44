import { MedusaError } from "@medusajs/framework/utils"

/** MedusaError types of a courier call: the /api routes answer 502 and 422 with the message. */
export const COURIER_UNAVAILABLE = "courier_unavailable"
export const COURIER_REFUSED = "courier_refused"

/** How long a courier may take to answer, in ms (COURIER_TIMEOUT_MS, default 10 s). */
export function courierTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.COURIER_TIMEOUT_MS)
  return Number.isFinite(value) && value > 0 ? value : 10_000
}

/** At most this much of a courier's answer is read (a courier page, not a parcel answer, is cut). */
const MAX_ANSWER_BYTES = 256 * 1024

export type CourierAnswer = { status: number; body: Record<string, unknown> }

/**
 * One JSON call to a courier: a time-out or a network fault is COURIER_UNAVAILABLE
 * ("<courier> did not answer"), a 5xx too; a 4xx comes back for the caller to
 * read the courier's own words from.
 */
export async function courierCall(
  courier: string,
  url: string,
  init: { method: "GET" | "POST"; headers?: Record<string, string>; body?: unknown },
  timeoutMs: number
): Promise<CourierAnswer> {
  let response: Response
  try {
    response = await fetch(url, {
      method: init.method,
      headers: {
        Accept: "application/json",
        ...(init.body !== undefined && { "Content-Type": "application/json" }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error",
    })
  } catch (error) {
    const timedOut = (error as { name?: string })?.name === "TimeoutError"
    throw new MedusaError(
      COURIER_UNAVAILABLE,
      timedOut
        ? `${courier} did not answer within ${Math.round(timeoutMs / 1000)} s. The order was not changed; please try again.`
        : `${courier} cannot be reached right now. The order was not changed; please try again.`
    )
  }
  const text = (await response.text()).slice(0, MAX_ANSWER_BYTES)
  let body: Record<string, unknown> = {}
  try {
    const parsed: unknown = text ? JSON.parse(text) : {}
    // a list answer (Steadfast's /payments) is kept under `data`
    if (Array.isArray(parsed)) body = { data: parsed }
    else if (parsed && typeof parsed === "object") body = parsed as Record<string, unknown>
  } catch {
    body = {}
  }
  if (response.status >= 500) {
    throw new MedusaError(
      COURIER_UNAVAILABLE,
      `${courier} is having trouble (HTTP ${response.status}). The order was not changed; please try again.`
    )
  }
  return { status: response.status, body }
}

/** The courier's own words from a refusal: `message`, then the first field error, else a generic line. */
export function refusalMessage(courier: string, body: Record<string, unknown>): string {
  const errors = body.errors
  if (errors && typeof errors === "object") {
    for (const value of Object.values(errors as Record<string, unknown>)) {
      const first = Array.isArray(value) ? value[0] : value
      if (typeof first === "string" && first.trim()) return `${courier}: ${first.trim().slice(0, 300)}`
    }
  }
  const message = body.message
  if (typeof message === "string" && message.trim()) return `${courier}: ${message.trim().slice(0, 300)}`
  return `${courier} refused the parcel.`
}

export function refused(courier: string, body: Record<string, unknown>): MedusaError {
  return new MedusaError(COURIER_REFUSED, refusalMessage(courier, body))
}
