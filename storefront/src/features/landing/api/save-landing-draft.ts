import { apiFetch } from "@/lib/http"
import { LANDING_DRAFT_CAPS, normalizeBdPhone, type DeliveryArea, type LandingDraftBody } from "@shop/contract"

/**
 * Incomplete orders: what the order form has so far, saved as the
 * page's draft for the phone. Best effort: the answer is 204 with no body and
 * a failure is never shown to the shopper.
 */
export const draftPath = (slug: string) => `/api/landing/${encodeURIComponent(slug)}/draft`

export type DraftValues = {
  name: string
  phone: string
  address: string
  quantity: number
  deliveryArea: DeliveryArea
}

/** The draft body, or null while the phone is not a valid Bangladeshi mobile (nothing is saved before). */
export function draftBody(values: DraftValues): LandingDraftBody | null {
  const phone = normalizeBdPhone(values.phone)
  if (!phone) return null
  const body: LandingDraftBody = {
    phone,
    quantity: Math.min(Math.max(1, Math.floor(values.quantity) || 1), LANDING_DRAFT_CAPS.quantity),
    deliveryArea: values.deliveryArea,
  }
  const name = values.name.trim().slice(0, LANDING_DRAFT_CAPS.name)
  const address = values.address.trim().slice(0, LANDING_DRAFT_CAPS.address)
  if (name) body.name = name
  if (address) body.address = address
  return body
}

/** Saves as JSON (the answer is a 204 without a body). `keepalive` lets it outlive the page. */
export async function saveLandingDraft(slug: string, body: LandingDraftBody, options: { keepalive?: boolean } = {}) {
  await apiFetch<undefined>(draftPath(slug), { method: "POST", body, keepalive: options.keepalive })
}

/**
 * On leaving the page: navigator.sendBeacon with a JSON Blob (Content-Type
 * application/json), which the browser delivers after the page is gone; a
 * keepalive request where there is no beacon or it is refused.
 */
export function sendLandingDraftBeacon(slug: string, body: LandingDraftBody): void {
  let queued = false
  try {
    if (typeof navigator !== "undefined" && typeof navigator.sendBeacon === "function") {
      const blob = new Blob([JSON.stringify(body)], { type: "application/json" })
      queued = navigator.sendBeacon(draftPath(slug), blob)
    }
  } catch {
    queued = false
  }
  if (!queued) saveLandingDraft(slug, body, { keepalive: true }).catch(() => undefined)
}
