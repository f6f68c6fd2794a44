import { describe, expect, it } from "vitest"
import { isFbclid, isMetaPixelId, metaClickId, metaCookieValue, metaEmail, metaPhoneDigits } from "./meta"

describe("Meta's forms before hashing", () => {
  it("turns every way of typing a Bangladeshi mobile into E.164 digits without +", () => {
    for (const typed of ["01712345678", "+8801712345678", "8801712345678", "01712-345678", " +880 1712-345678 "]) {
      expect(metaPhoneDigits(typed), typed).toBe("8801712345678")
    }
    for (const bad of ["", null, undefined, "12345", "0171234567", "+44 20 7946 0958"]) {
      expect(metaPhoneDigits(bad), String(bad)).toBeNull()
    }
  })

  it("trims and lower-cases an email; no email is null", () => {
    expect(metaEmail("  Rahim.Uddin@Example.COM ")).toBe("rahim.uddin@example.com")
    expect(metaEmail("")).toBeNull()
    expect(metaEmail(null)).toBeNull()
    expect(metaEmail("not an email")).toBeNull()
  })
})

describe("pixel ids and click ids", () => {
  it("a pixel id is 5 to 20 digits", () => {
    expect(isMetaPixelId("1234567890123456")).toBe(true)
    expect(isMetaPixelId("12345")).toBe(true)
    for (const bad of ["1234", "123456789012345678901", "12345a", " 123456", "", 123456, null]) {
      expect(isMetaPixelId(bad), String(bad)).toBe(false)
    }
  })

  it("keeps the _fbc cookie as the pixel wrote it, else builds one from the fbclid", () => {
    expect(metaClickId("fb.1.1554763741205.AbCdEfGh", "other", 1)).toBe("fb.1.1554763741205.AbCdEfGh")
    expect(metaClickId(null, "IwAR2xYz_-9", 1_700_000_000_123)).toBe("fb.1.1700000000123.IwAR2xYz_-9")
    expect(metaClickId("garbage", "IwAR2", 5)).toBe("fb.1.5.IwAR2")
    expect(metaClickId(undefined, "bad id!", 5)).toBeNull()
    expect(metaClickId(undefined, undefined)).toBeNull()
  })

  it("accepts fbclids of A-Z a-z 0-9 _ - up to 500, and cookies of the pixel's shape", () => {
    expect(isFbclid("IwAR2_abc-DEF")).toBe(true)
    expect(isFbclid("x".repeat(500))).toBe(true)
    expect(isFbclid("x".repeat(501))).toBe(false)
    expect(isFbclid("a b")).toBe(false)
    expect(isFbclid("")).toBe(false)
    expect(metaCookieValue("fb.1.1596403881668.1116446470")).toBe("fb.1.1596403881668.1116446470")
    expect(metaCookieValue("fb.1.159.a;b")).toBeNull()
    expect(metaCookieValue("ga.1.159.1")).toBeNull()
  })
})
