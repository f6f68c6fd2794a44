import type { DataAnswer } from "./answer"
import type { DeliveryArea } from "./delivery"

/**
 * Incomplete orders: what a landing order form saves once
 * the shopper has typed a valid Bangladeshi phone, kept one per page and
 * phone, and what the admin sees and converts. The storefront sends the body,
 * the backend validates it with these caps, the admin reads the view.
 */

export const LANDING_DRAFT_STATUSES = ["open", "recovered", "converted"] as const
/** open: abandoned so far; recovered: an order from that phone arrived; converted: the merchant turned it into an order. */
export type LandingDraftStatus = (typeof LANDING_DRAFT_STATUSES)[number]

/** The longest values a draft keeps (the landing form's own limits). */
export const LANDING_DRAFT_CAPS = { phone: 20, name: 100, address: 300, quantity: 1000 } as const

/** Drafts whose last change is older than this are removed. */
export const LANDING_DRAFT_MAX_AGE_DAYS = 30

/** POST /api/landing/{slug}/draft (answered 204 with no body). Fields left out keep what was saved. */
export type LandingDraftBody = {
  phone: string
  name?: string
  address?: string
  quantity?: number
  deliveryArea?: DeliveryArea
}

/** One open draft as GET /api/admin/incomplete-orders lists it. */
export type IncompleteOrder = {
  _id: string
  page: { _id: string; slug: string; title: string | null }
  /** 01XXXXXXXXX */
  phone: string
  name: string | null
  address: string | null
  quantity: number | null
  deliveryArea: DeliveryArea | null
  status: LandingDraftStatus
  orderId: string | null
  createdAt: string
  /** the shopper's last change */
  updatedAt: string
  /** seconds since the shopper's last change, when the list was read */
  ageSeconds: number
}

/** GET /api/admin/incomplete-orders's query: offset (default 0) and limit (1 to 200, default 50). */
export type IncompleteOrdersQuery = { offset?: number; limit?: number }
/** GET /api/admin/incomplete-orders: one page of open drafts, how many there are, and the page asked for. */
export type IncompleteOrdersAnswer = DataAnswer<IncompleteOrder[]> & { count: number; offset: number; limit: number }

/** What a draft still lacks before it can become an order (name and address; the phone it always has). */
export function draftMissingFields(draft: { name?: string | null; address?: string | null }): ("name" | "address")[] {
  const missing: ("name" | "address")[] = []
  if (!draft.name?.trim()) missing.push("name")
  if (!draft.address?.trim()) missing.push("address")
  return missing
}

/** The refusal for a draft that lacks fields: "Cannot convert this incomplete order: the name and address are missing". */
export function draftIncompleteMessage(missing: readonly ("name" | "address")[]): string {
  return `Cannot convert this incomplete order: the ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} missing`
}

/** "just now", "5 min", "3 h", "2 d": how long ago the shopper last typed. */
export function formatDraftAge(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  if (s < 60) return "just now"
  if (s < 3600) return `${Math.floor(s / 60)} min`
  if (s < 86_400) return `${Math.floor(s / 3600)} h`
  return `${Math.floor(s / 86_400)} d`
}
