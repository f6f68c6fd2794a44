import { DELIVERY_CHARGE } from "./delivery"

/*
 * A trust badge that promises free delivery, in English or Bengali: "free"
 * and "delivery" in either order ("Free Home Delivery", "ডেলিভারি ফ্রি"), or a
 * delivery charge of nothing ("No delivery charge", "ডেলিভারি চার্জ নেই").
 */
const FREE = "(?:free|ফ্রি|ফ্রী|বিনামূল্যে|বিনা মূল্যে|বিনা খরচে)"
const DELIVERY = "(?:delivery|shipping|ডেলিভারি|ডেলিভারী|শিপিং)"
const FREE_DELIVERY = [
  new RegExp(`${FREE}.*${DELIVERY}|${DELIVERY}.*${FREE}`, "u"),
  new RegExp(`\\bno ${DELIVERY} (?:charge|fee|cost)`, "u"),
  new RegExp(`${DELIVERY} (?:charge|fee|cost|চার্জ)[\\s:=৳-]*(?:0|০|zero|nil|none|নেই|লাগবে না|শূন্য)(?!\\d|[০-৯])`, "u"),
]

/** Whether a trust badge promises that delivery costs nothing. */
export function claimsFreeDelivery(badge: string): boolean {
  const text = badge.normalize("NFC").toLowerCase().replace(/\s+/g, " ").trim()
  return FREE_DELIVERY.some((rule) => rule.test(text))
}

/**
 * The badges a page shows that promise free delivery while its order form
 * charges for delivery somewhere (DELIVERY_CHARGE): the shopper sees the badge,
 * then ৳60 or ৳120 in the total. Hidden badges promise nothing. The editor
 * warns with these; the seed's pages have none.
 */
export function badgesContradictingDelivery(
  trustBadges: { showTrustBadges?: boolean; enabled?: boolean; badges?: readonly string[] | null },
  charges: Readonly<Record<string, number>> = DELIVERY_CHARGE
): string[] {
  const shown = trustBadges.showTrustBadges ?? trustBadges.enabled ?? true
  if (!shown || !Object.values(charges).some((charge) => charge > 0)) return []
  return (trustBadges.badges ?? [])
    .map((badge) => badge.trim())
    .filter((badge) => badge !== "" && claimsFreeDelivery(badge))
}
