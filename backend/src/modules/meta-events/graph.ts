import { hashedEmail, hashedPhone } from "./hash"
import type { MetaGraphSettings } from "./settings"

/**
 * Meta's Conversions API: one POST of server events to
 * `{META_GRAPH_URL}/{version}/{pixel id}/events?access_token=...`. The token
 * travels only in that query string; every text that may be logged or shown
 * passes through `redact` first. Customer information leaves hashed only.
 */

/** What the shop knows of an order when its Purchase is sent. */
export type PurchaseFacts = {
  orderNumber: string
  eventTime: Date
  eventSourceUrl: string | null
  total: number
  items: { productId: string; quantity: number }[]
  phone: string | null
  email: string | null
  fbp: string | null
  fbc: string | null
  clientIp: string | null
  userAgent: string | null
}

const present = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined && v !== "")) as Partial<T>

/**
 * The "Purchase" server event of an order: event id = the order number,
 * value = its total in BDT, phone and email hashed. A website event needs the
 * shopper's browser (user agent); an order no browser of the shopper's placed
 * (an incomplete order the merchant converted after a call) is "phone_call".
 */
export function purchaseEvent(facts: PurchaseFacts): Record<string, unknown> {
  const ph = hashedPhone(facts.phone)
  const em = hashedEmail(facts.email)
  const contentIds = [...new Set(facts.items.map((i) => i.productId).filter(Boolean))]
  return present({
    event_name: "Purchase",
    event_time: Math.floor(facts.eventTime.getTime() / 1000),
    event_id: facts.orderNumber,
    action_source: facts.userAgent ? "website" : "phone_call",
    event_source_url: facts.eventSourceUrl,
    user_data: present({
      ph: ph ? [ph] : null,
      em: em ? [em] : null,
      client_ip_address: facts.clientIp,
      client_user_agent: facts.userAgent,
      fbp: facts.fbp,
      fbc: facts.fbc,
    }),
    custom_data: {
      value: Number(facts.total),
      currency: "BDT",
      content_ids: contentIds,
      content_type: "product",
      num_items: facts.items.reduce((sum, i) => sum + Number(i.quantity || 0), 0),
      order_id: facts.orderNumber,
    },
  })
}

/**
 * The order's delivery as a server event (custom "OrderDelivered"), sent once
 * its parcel is delivered: the cash-on-delivery outcome Meta otherwise never
 * learns. value = what the shopper paid; event id = the order number and
 * "-delivered" (never deduplicated against its Purchase). The shop's system
 * reports it, not a browser: action_source system_generated, with the
 * shopper's hashed contact and the ad click it came from for matching.
 */
export function deliveredEvent(facts: PurchaseFacts): Record<string, unknown> {
  const purchase = purchaseEvent(facts)
  return {
    ...purchase,
    event_name: DELIVERED_EVENT_NAME,
    event_id: `${facts.orderNumber}-delivered`,
    action_source: "system_generated",
  }
}

/** The custom event name of a delivered order in Events Manager. */
export const DELIVERED_EVENT_NAME = "OrderDelivered"

/** How a send ended: Meta took it; or not, and whether trying again may help. */
export type GraphResult = { ok: true } | { ok: false; retry: boolean; reason: string }

/** A text with the token (and any access_token in a URL) blanked. */
export function redact(text: string, token?: string | null): string {
  let out = text.replace(/(access_token=)[^&\s"']+/gi, "$1[redacted]")
  if (token) out = out.split(token).join("[redacted]")
  return out
}

const MAX_ANSWER_BYTES = 64 * 1024
const MAX_REASON = 500

type GraphError = {
  message?: unknown
  error_user_msg?: unknown
  error_user_title?: unknown
  code?: unknown
  is_transient?: unknown
}

/** Meta's own words from an error answer ("title: message (code n)"), or null when it said none. */
function errorWords(error: GraphError | undefined): string | null {
  const words = [error?.error_user_title, error?.error_user_msg ?? error?.message].filter(
    (w) => typeof w === "string" && w.trim()
  )
  const code = typeof error?.code === "number" ? ` (code ${error.code})` : ""
  return words.length ? `${(words as string[]).map((w) => w.trim()).join(": ")}${code}` : null
}

/**
 * Sends events for one pixel. 2xx: taken. 429, 5xx, a time-out or a network
 * fault: try again later. Any other 4xx is Meta refusing the event: not
 * retried, with Meta's message as the reason; except an answer Meta marks
 * transient, or an access-token problem (code 190: the merchant fixes the
 * token, the waiting events then go out), which are tried again.
 */
export async function sendToGraph(
  settings: MetaGraphSettings,
  pixelId: string,
  events: Record<string, unknown>[]
): Promise<GraphResult> {
  const url = `${settings.graphUrl}/${encodeURIComponent(settings.version)}/${encodeURIComponent(pixelId)}/events?access_token=${encodeURIComponent(settings.token)}`
  const body = { data: events, ...(settings.testEventCode ? { test_event_code: settings.testEventCode } : {}) }
  const clean = (text: string) => redact(text, settings.token).slice(0, MAX_REASON)
  let response: Response
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(settings.timeoutMs),
      redirect: "error",
    })
  } catch (error) {
    const timedOut = (error as { name?: string })?.name === "TimeoutError"
    const cause = (error as { cause?: { code?: unknown } })?.cause?.code
    return {
      ok: false,
      retry: true,
      reason: clean(
        timedOut
          ? `Meta did not answer within ${Math.round(settings.timeoutMs / 1000)} s`
          : `Meta cannot be reached${typeof cause === "string" ? ` (${cause})` : ""}`
      ),
    }
  }
  const text = (await response.text().catch(() => "")).slice(0, MAX_ANSWER_BYTES)
  if (response.ok) return { ok: true }
  let error: GraphError | undefined
  try {
    error = (JSON.parse(text) as { error?: GraphError })?.error
  } catch {
    error = undefined
  }
  const words = errorWords(error)
  if (response.status === 429 || response.status >= 500) {
    return {
      ok: false,
      retry: true,
      reason: clean(`Meta is having trouble (HTTP ${response.status})${words ? `: ${words}` : ""}`),
    }
  }
  const retry = error?.is_transient === true || error?.code === 190
  const reason = words ?? `HTTP ${response.status}`
  return {
    ok: false,
    retry,
    reason: clean(retry ? `Meta did not take it (HTTP ${response.status}): ${reason}` : `Meta refused it: ${reason}`),
  }
}
