import { describe, expect, it } from "vitest"
import { discountPercent, unitPrice as effectivePrice } from "@shop/contract"
import { clampQuantity, orderSummary } from "./pricing"

describe("landing pricing", () => {
  it("effective price: saleprice, else salePrice, else price, positive only", () => {
    expect(effectivePrice({ price: 2850, saleprice: 2390, salePrice: 2000 })).toBe(2390)
    expect(effectivePrice({ price: 2850, saleprice: 0, salePrice: 2000 })).toBe(2000)
    expect(effectivePrice({ price: 2850, saleprice: 0 })).toBe(2850)
    expect(effectivePrice({ price: 2850, saleprice: -5, salePrice: 0 })).toBe(2850)
  })

  it("discount percent is rounded and only for a lower, positive sale price", () => {
    expect(discountPercent(2850, 2390)).toBe(16)
    expect(discountPercent(1000, 333)).toBe(67)
    expect(discountPercent(1000, 1000)).toBe(0)
    expect(discountPercent(1000, 1200)).toBe(0)
    expect(discountPercent(1000, 0)).toBe(0)
    expect(discountPercent(0, 10)).toBe(0)
  })

  it("summary: unit price x quantity + 60 inside Dhaka, 120 outside", () => {
    expect(orderSummary(2390, 1, "dhaka")).toEqual({
      unitPrice: 2390,
      quantity: 1,
      productTotal: 2390,
      deliveryCharge: 60,
      total: 2450,
    })
    expect(orderSummary(2390, 3, "outside")).toMatchObject({ productTotal: 7170, deliveryCharge: 120, total: 7290 })
  })

  it("quantity is a whole number from 1 to the stock", () => {
    expect(clampQuantity(0, 5)).toBe(1)
    expect(clampQuantity(-3, 5)).toBe(1)
    expect(clampQuantity(2.7, 5)).toBe(2)
    expect(clampQuantity(9, 5)).toBe(5)
    expect(clampQuantity(Number.NaN, 5)).toBe(1)
    expect(clampQuantity(3, 0)).toBe(1)
  })
})
