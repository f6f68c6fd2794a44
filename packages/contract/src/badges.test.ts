import { describe, expect, it } from "vitest"
import { badgesContradictingDelivery, claimsFreeDelivery, DELIVERY_CHARGE } from "./index"

describe("claimsFreeDelivery", () => {
  it.each([
    "Free Delivery",
    "free delivery",
    "FREE  HOME DELIVERY",
    "Free Shipping",
    "Free delivery all over Bangladesh",
    "Delivery free",
    "No delivery charge",
    "Delivery charge: 0",
    "ফ্রি ডেলিভারি",
    "ফ্রী ডেলিভারী",
    "ফ্রি হোম ডেলিভারি",
    "সারাদেশে ফ্রি ডেলিভারি",
    "ডেলিভারি ফ্রি",
    "ডেলিভারি চার্জ ফ্রি",
    "বিনামূল্যে ডেলিভারি",
    "ডেলিভারি চার্জ নেই",
    "ডেলিভারি চার্জ ০",
    "ফ্রি শিপিং",
  ])("%s claims free delivery", (badge) => {
    expect(claimsFreeDelivery(badge)).toBe(true)
  })

  it.each([
    "Cash on Delivery",
    "Money Back Guarantee",
    "Secure Payment",
    "Free Size",
    "Free Returns",
    "Fast Delivery",
    "ক্যাশ অন ডেলিভারি",
    "সারাদেশে হোম ডেলিভারি",
    "ফ্রি সাইজ",
    "ডেলিভারি চার্জ ৬০ টাকা",
  ])("%s does not", (badge) => {
    expect(claimsFreeDelivery(badge)).toBe(false)
  })
})

describe("badgesContradictingDelivery", () => {
  const shown = (badges: string[]) => ({ showTrustBadges: true, badges })

  it("names the shown badges that promise free delivery while the shop charges for it", () => {
    expect(DELIVERY_CHARGE.dhaka + DELIVERY_CHARGE.outside).toBeGreaterThan(0)
    expect(badgesContradictingDelivery(shown(["Free Delivery", "Money Back Guarantee", "ফ্রি হোম ডেলিভারি"]))).toEqual([
      "Free Delivery",
      "ফ্রি হোম ডেলিভারি",
    ])
    expect(badgesContradictingDelivery(shown(["Cash on Delivery", "Money Back Guarantee"]))).toEqual([])
  })

  it("says nothing when the badges are hidden or delivery costs nothing anywhere", () => {
    expect(badgesContradictingDelivery({ showTrustBadges: false, badges: ["Free Delivery"] })).toEqual([])
    expect(badgesContradictingDelivery(shown(["Free Delivery"]), { dhaka: 0, outside: 0 })).toEqual([])
    expect(badgesContradictingDelivery(shown(["Free Delivery"]), { dhaka: 0, outside: 120 })).toEqual(["Free Delivery"])
  })

  it("reads the public page's flag too", () => {
    expect(badgesContradictingDelivery({ enabled: true, badges: [" Free Shipping "] })).toEqual(["Free Shipping"])
    expect(badgesContradictingDelivery({ enabled: false, badges: ["Free Shipping"] })).toEqual([])
  })
})
