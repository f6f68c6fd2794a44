import { describe, expect, it } from "vitest"
import { landingPage, PRODUCT } from "../testing/fixtures"
import { countdownParts, galleryImages, starCount, stockLeftCount, trustBadgeKind, wrapIndex } from "./page"

describe("galleryImages", () => {
  it("hero images, then gallery images when shown, without repeats or unsafe URLs", () => {
    const page = landingPage()
    expect(galleryImages(page)).toEqual([
      "https://img.example/one.jpg",
      "https://img.example/two.jpg",
      "https://img.example/three.jpg",
    ])
    expect(
      galleryImages({
        ...page,
        hero: { ...page.hero, heroImages: [], heroImage: "/static/hero.png" },
        gallery: {
          images: ["/static/hero.png", "javascript:alert(1)", "data:image/png;base64,x", "//evil.example/a.png"],
          showGallery: true,
        },
      })
    ).toEqual(["/static/hero.png"])
  })

  it("falls back to the product's picture, or nothing", () => {
    const page = landingPage()
    const empty = {
      ...page,
      hero: { ...page.hero, heroImages: [], heroImage: "" },
      gallery: { images: [], showGallery: true },
    }
    expect(galleryImages(empty)).toEqual([PRODUCT.image])
    expect(galleryImages({ ...empty, productId: null })).toEqual([])
  })
})

describe("page helpers", () => {
  it("wraps gallery indexes", () => {
    expect(wrapIndex(-1, 3)).toBe(2)
    expect(wrapIndex(3, 3)).toBe(0)
    expect(wrapIndex(1, 3)).toBe(1)
    expect(wrapIndex(5, 0)).toBe(0)
  })

  it("stars from the rating, 1 to 5, default 5", () => {
    expect(starCount(4)).toBe(4)
    expect(starCount(undefined)).toBe(5)
    expect(starCount(null)).toBe(5)
    expect(starCount(0)).toBe(1)
    expect(starCount(9)).toBe(5)
    expect(starCount("3")).toBe(3)
  })

  it("stock left: stockCount when above 0, else the product stock", () => {
    const page = landingPage()
    expect(stockLeftCount(page, { stock: 7 })).toBe(7)
    expect(stockLeftCount({ urgency: { ...page.urgency, stockCount: 3 } }, { stock: 7 })).toBe(3)
  })

  it("recognises the three trust badges", () => {
    expect(trustBadgeKind("Free Delivery")).toBe("free-delivery")
    expect(trustBadgeKind(" money-back guarantee ")).toBe("money-back")
    expect(trustBadgeKind("CASH ON DELIVERY")).toBe("cash-on-delivery")
    expect(trustBadgeKind("Secure Payment")).toBe("other")
  })

  it("countdown parts until the end, null after it", () => {
    const now = Date.parse("2026-11-22T00:00:00Z")
    expect(countdownParts("2026-11-23T01:02:03Z", now)).toEqual({ days: 1, hours: 1, minutes: 2, seconds: 3 })
    expect(countdownParts("2026-11-21T00:00:00Z", now)).toBeNull()
    expect(countdownParts("not a date", now)).toBeNull()
    expect(countdownParts(null, now)).toBeNull()
  })
})
