import { describe, expect, it } from "vitest"
import { formatMoney } from "./money"

describe("formatMoney", () => {
  it("shows taka with the ৳ sign and thousands separators", () => {
    expect(formatMoney(1250)).toBe("৳1,250")
    expect(formatMoney(0)).toBe("৳0")
    expect(formatMoney(1234567)).toBe("৳1,234,567")
  })

  it("shows two decimals for fractional amounts, or always when asked", () => {
    expect(formatMoney(1250.5)).toBe("৳1,250.50")
    expect(formatMoney(19.999)).toBe("৳20")
    expect(formatMoney(1250, { decimals: 2 })).toBe("৳1,250.00")
    expect(formatMoney(0, { decimals: 2 })).toBe("৳0.00")
  })

  it("reads numeric strings, puts the minus first and never prints NaN", () => {
    expect(formatMoney("960")).toBe("৳960")
    expect(formatMoney(-60)).toBe("-৳60")
    expect(formatMoney(-0.001)).toBe("৳0")
    expect(formatMoney(Number.NaN)).toBe("—")
    expect(formatMoney(undefined)).toBe("—")
    expect(formatMoney(null)).toBe("—")
    expect(formatMoney("abc")).toBe("—")
  })

  it("never shows the dollar sign", () => {
    expect(formatMoney(5)).not.toContain("$")
  })
})
