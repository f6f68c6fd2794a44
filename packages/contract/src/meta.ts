import type { DataAnswer } from "./answer"
import type { LandingPage } from "./landing"
import { bdMobileDigits } from "./phone"

/**
 * Meta (Facebook, Instagram) ads: the pixel a landing page loads,
 * the server's "Purchase" sent through the Conversions API once an order is
 * confirmed or delivered, and what the admin shows of it. The backend hashes;
 * these are the pure rules every part applies.
 *
 * - The browser pixel sends PageView and, on a successful order, "Lead" with
 *   the order number as its event id: never "Purchase" (Meta keeps the first
 *   of a browser and a server event with the same name and id).
 * - The server sends "Purchase" with event_id = the order number.
 */

/** A Meta pixel (dataset) id: digits only, 5 to 20 of them. */
export const META_PIXEL_ID_PATTERN = /^\d{5,20}$/
export const META_PIXEL_ID_MESSAGE =
  "The Meta pixel ID is 5 to 20 digits (Events Manager → Data sources → your pixel → Settings)"

export function isMetaPixelId(value: unknown): value is string {
  return typeof value === "string" && META_PIXEL_ID_PATTERN.test(value)
}

/** When the server sends "Purchase": once the order is confirmed (default), or only once it is delivered. */
export const META_PURCHASE_TRIGGERS = ["confirmed", "delivered"] as const
export type MetaPurchaseTrigger = (typeof META_PURCHASE_TRIGGERS)[number]
export const DEFAULT_META_PURCHASE_TRIGGER: MetaPurchaseTrigger = "confirmed"
export const META_PURCHASE_TRIGGER_LABELS: Record<MetaPurchaseTrigger, string> = {
  confirmed: "When the order is confirmed (confirmation call or shipped)",
  delivered: "Only when the order is delivered",
}

/**
 * An order's Purchase event:
 * - not_sent: waiting for the order to be confirmed (or delivered);
 * - pending: due to be sent (at once, or at nextAttemptAt);
 * - sent: Meta took it;
 * - failed: Meta could not be reached, or no token is set: tried again with back-off;
 * - given_up: never sent: Meta refused it, or it became older than Meta accepts.
 */
export const META_PURCHASE_STATES = ["not_sent", "pending", "sent", "failed", "given_up"] as const
export type MetaPurchaseState = (typeof META_PURCHASE_STATES)[number]
export const META_PURCHASE_STATE_LABELS: Record<MetaPurchaseState, string> = {
  not_sent: "Not sent",
  pending: "Sending",
  sent: "Sent",
  failed: "Failed",
  given_up: "Given up",
}

/** Meta refuses server events older than this. */
export const META_EVENT_MAX_AGE_DAYS = 7
export const META_EVENT_TOO_OLD = "older than 7 days: Meta refuses it"

/** An order's Purchase as admin answers carry it (`metaPurchase`; null: the order had no pixel). */
export type MetaPurchaseView = {
  state: MetaPurchaseState
  pixelId: string
  /** why it is not sent, failed or given up (Meta's own words when it refused) */
  reason: string | null
  attempts: number
  /** the confirming (or delivering) move, the event's time; null while not sent */
  eventTime: string | null
  nextAttemptAt: string | null
  sentAt: string | null
  /** whether the shopper's browser id (_fbp) and ad click id (_fbc / fbclid) were kept with the order */
  tracking: { browserId: boolean; clickId: boolean }
}

/** An admin order answer with its Purchase event. */
export type WithMetaPurchase = {
  metaPurchase?: MetaPurchaseView | null
  /** the order's "OrderDelivered" server event, made once its parcel is delivered (null: none) */
  metaDelivered?: MetaPurchaseView | null
}

/** GET and PUT /api/admin/meta/settings. The access token is never answered: only whether one is set. */
export type MetaSettings = {
  purchaseOn: MetaPurchaseTrigger
  /** META_PIXEL_ID: the pixel of pages that name none */
  defaultPixelId: string | null
  /** META_CAPI_TOKEN is set (without it nothing is sent) */
  tokenSet: boolean
}
export type MetaSettingsRequest = { purchaseOn: MetaPurchaseTrigger }
/** GET and PUT /api/admin/meta/settings (PUT says "Meta settings saved"). */
export type MetaSettingsAnswer = DataAnswer<MetaSettings>

/** The landing-page list's analytics with the Purchases Meta took per page. */
export type LandingAnalyticsWithMeta = NonNullable<LandingPage["analytics"]> & { purchasesSent?: number }
/** A page in GET /api/admin/landing-pages. */
export type LandingPageListItem = Omit<LandingPage, "analytics"> & { analytics?: LandingAnalyticsWithMeta }

/**
 * A phone as Meta wants it before hashing: E.164 digits without "+".
 * Bangladeshi mobiles however typed (01712345678, +880 1712-345678,
 * 8801712345678) become "8801712345678"; anything else is null.
 */
export function metaPhoneDigits(input: string | null | undefined): string | null {
  return bdMobileDigits(input)
}

/** An email as Meta wants it before hashing: trimmed and lower-cased; null when it is no email. */
export function metaEmail(input: string | null | undefined): string | null {
  const email = String(input ?? "")
    .trim()
    .toLowerCase()
  return email.includes("@") && !/\s/.test(email) ? email : null
}

/** The longest fbclid, _fbp or _fbc the shop keeps. */
export const MAX_META_CLICK_ID = 500

/** An ad click's id (the fbclid query parameter). */
export function isFbclid(value: unknown): value is string {
  return (
    typeof value === "string" && value.length > 0 && value.length <= MAX_META_CLICK_ID && /^[A-Za-z0-9_-]+$/.test(value)
  )
}

/** A _fbp or _fbc cookie value as Meta's pixel writes it ("fb.1.1596403881668.…"); null for anything else. */
export function metaCookieValue(value: string | null | undefined): string | null {
  const v = String(value ?? "").trim()
  return v.length <= MAX_META_CLICK_ID && /^fb\.\d\.\d{1,16}\.[\x21-\x7e]+$/.test(v) && !/[;,"\\]/.test(v) ? v : null
}

/** The click id (_fbc) of an order: the cookie when the pixel wrote one, else built from the fbclid the page was opened with. */
export function metaClickId(
  cookie: string | null | undefined,
  fbclid: string | null | undefined,
  now: number = Date.now()
): string | null {
  return metaCookieValue(cookie) ?? (isFbclid(fbclid) ? `fb.1.${Math.floor(now)}.${fbclid}` : null)
}
