import { describe, expect, it } from "vitest"
import { formatMoney } from "./money"

describe("formatMoney", () => {
  it("formats whole taka with the ৳ sign and thousands separators, no decimals", () => {
    expect(formatMoney(1250)).toBe("৳1,250")
    expect(formatMoney(0)).toBe("৳0")
    expect(formatMoney(999)).toBe("৳999")
    expect(formatMoney(1234567)).toBe("৳1,234,567")
  })

  it("shows two decimals only for fractional amounts", () => {
    expect(formatMoney(1250.5)).toBe("৳1,250.50")
    expect(formatMoney(19.999)).toBe("৳20")
    expect(formatMoney(0.05)).toBe("৳0.05")
  })

  it("puts the minus sign before the currency sign", () => {
    expect(formatMoney(-60)).toBe("-৳60")
    expect(formatMoney(-0.001)).toBe("৳0")
  })

  it("does not print NaN or Infinity as a price", () => {
    expect(formatMoney(Number.NaN)).toBe("—")
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe("—")
  })
})
