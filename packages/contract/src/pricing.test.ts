import { describe, expect, it } from "vitest"
import { hasDiscount, lineTotal, percentOff, unitPrice } from "./money"

describe("pricing", () => {
  it("uses the sale price when positive, else the price", () => {
    expect(unitPrice({ price: 1850, saleprice: 1490 })).toBe(1490)
    expect(unitPrice({ price: 1850, saleprice: 0 })).toBe(1850)
    expect(unitPrice({ price: 1850, saleprice: null })).toBe(1850)
    expect(unitPrice({ price: 1850 })).toBe(1850)
  })

  it("computes a rounded percent off only for a positive sale below the price", () => {
    expect(percentOff({ price: 2850, saleprice: 2390 })).toBe(16)
    expect(percentOff({ price: 1000, saleprice: 333 })).toBe(67)
    expect(percentOff({ price: 1000, saleprice: 0 })).toBe(0)
    expect(percentOff({ price: 1000, saleprice: 1000 })).toBe(0)
    expect(percentOff({ price: 1000, saleprice: 1200 })).toBe(0)
    expect(hasDiscount({ price: 1000, saleprice: 1200 })).toBe(false)
    expect(hasDiscount({ price: 1000, saleprice: 900 })).toBe(true)
  })

  it("sums unit price times quantity", () => {
    expect(
      lineTotal([
        { product: { price: 1850, saleprice: 1490 }, quantity: 2 },
        { product: { price: 990, saleprice: 0 }, quantity: 3 },
      ])
    ).toBe(1490 * 2 + 990 * 3)
    expect(lineTotal([])).toBe(0)
  })
})
