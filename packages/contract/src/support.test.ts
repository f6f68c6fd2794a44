import { describe, expect, it } from "vitest"
import { DEFAULT_SUPPORT_PHONE, isSupportPhone, normalizeSupportPhone, SUPPORT_PHONE_PATTERN, telHref } from "./support"

describe("the support phone rule", () => {
  it("the default line passes its own rule", () => {
    expect(DEFAULT_SUPPORT_PHONE).toBe("01700-000000")
    expect(isSupportPhone(DEFAULT_SUPPORT_PHONE)).toBe(true)
  })

  it("accepts numbers as people write them", () => {
    for (const good of [
      "01700-000000",
      "+8801700000000",
      "+880 (17) 1234 5678",
      "017.1234.5678",
      "999",
      "+1 (555) 010-9999",
      "1".repeat(20),
    ]) {
      expect(isSupportPhone(good), good).toBe(true)
      expect(normalizeSupportPhone(good), good).toBe(good)
    }
  })

  it("refuses anything else: letters, markup, a lone +, too few or too many digits, odd ends", () => {
    for (const bad of [
      "call us",
      "0170000000a",
      "<b>0170</b>",
      "+",
      "12",
      "1".repeat(21),
      "-01700",
      "01700-",
      "(017)",
      "++8801700",
      "0170\n0000",
      "tel:01700",
    ]) {
      expect(isSupportPhone(bad), bad).toBe(false)
      expect(normalizeSupportPhone(bad), bad).toBeNull()
    }
  })

  it("the pattern alone allows at most 30 characters", () => {
    expect(SUPPORT_PHONE_PATTERN.test("1" + " ".repeat(28) + "1")).toBe(true)
    expect(SUPPORT_PHONE_PATTERN.test("1" + " ".repeat(29) + "1")).toBe(false)
  })

  it('normalizing trims, and unset or blank is "" (the default applies)', () => {
    expect(normalizeSupportPhone("  01711-000222 ")).toBe("01711-000222")
    expect(normalizeSupportPhone(undefined)).toBe("")
    expect(normalizeSupportPhone(null)).toBe("")
    expect(normalizeSupportPhone("   ")).toBe("")
  })

  it("telHref keeps the digits and a leading +", () => {
    expect(telHref("01700-000000")).toBe("tel:01700000000")
    expect(telHref("+880 (17) 1234 5678")).toBe("tel:+8801712345678")
  })
})
