import { describe, expect, it } from "vitest"
import { isSlug, slugify } from "./slug"

describe("slugify", () => {
  it("follows the spec's rule", () => {
    expect(slugify("Salwar Kameez Offer!")).toBe("salwar-kameez-offer")
    expect(slugify("  --Eid  Sale 2026-- ")).toBe("eid-sale-2026")
    expect(slugify("ঈদ অফার")).toBe("")
  })

  it("turns runs of anything else into one hyphen", () => {
    expect(slugify("  A__B  ")).toBe("a-b")
    expect(slugify("ঈদ Offer ২০২৬")).toBe("offer")
    expect(slugify("a&b/c?d=e")).toBe("a-b-c-d-e")
    expect(slugify("-x-")).toBe("x")
  })
})


describe("isSlug", () => {
  it("accepts what slugify makes, at most 100 characters", () => {
    expect(isSlug("salwar-kameez-offer")).toBe(true)
    expect(isSlug("a".repeat(100))).toBe(true)
    expect(isSlug("a".repeat(101))).toBe(false)
    expect(isSlug("Salwar")).toBe(false)
    expect(isSlug("-a")).toBe(false)
    expect(isSlug("a--b")).toBe(false)
    expect(isSlug(42)).toBe(false)
  })
})
