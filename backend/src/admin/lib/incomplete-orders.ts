import { DELIVERY_AREA_LABELS, draftMissingFields, formatDraftAge, telHref, type IncompleteOrder } from "@shop/contract"

/**
 * Incomplete orders in the admin: what a row shows and whether it
 * can be converted (a name and an address are needed; the server says the same).
 */
export type { IncompleteOrder }

export const INCOMPLETE_ORDERS_PAGE_SIZE = 50

/** The age column: how long since the shopper last typed. */
export function draftAge(draft: Pick<IncompleteOrder, "ageSeconds">): string {
  const age = formatDraftAge(draft.ageSeconds)
  return age === "just now" ? age : `${age} ago`
}

/** Why Convert is off, or null when the draft can become an order. */
export function convertBlocker(draft: Pick<IncompleteOrder, "name" | "address">): string | null {
  const missing = draftMissingFields(draft)
  return missing.length ? `No ${missing.join(" or ")} yet: call the shopper` : null
}

/** The tel: link of the shopper's phone. */
export function phoneLink(draft: Pick<IncompleteOrder, "phone">): string {
  return telHref(draft.phone)
}

/** "2 x, Inside Dhaka", or what is known of it. */
export function draftDetails(draft: Pick<IncompleteOrder, "quantity" | "deliveryArea">): string {
  const parts = [
    draft.quantity ? `${draft.quantity} pc${draft.quantity === 1 ? "" : "s"}` : null,
    draft.deliveryArea ? DELIVERY_AREA_LABELS[draft.deliveryArea] : null,
  ].filter(Boolean)
  return parts.join(", ")
}
