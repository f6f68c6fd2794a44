import { describe, expect, it } from "vitest"
import { bkashAmount, isPaymentMethod, paymentSplit } from "./payment"

describe("paymentSplit", () => {
  it("cash on delivery: nothing now, everything on delivery", () => {
    expect(paymentSplit("cod", 1370, 120)).toEqual({ dueNow: 0, dueOnDelivery: 1370 })
  })

  it("full payment: everything now", () => {
    expect(paymentSplit("bkash_full", 1370, 120)).toEqual({ dueNow: 1370, dueOnDelivery: 0 })
  })

  it("the delivery charge in advance, the rest on delivery", () => {
    expect(paymentSplit("bkash_advance", 1370, 120)).toEqual({ dueNow: 120, dueOnDelivery: 1250 })
    expect(paymentSplit("bkash_advance", 1060, 60)).toEqual({ dueNow: 60, dueOnDelivery: 1000 })
  })

  it("an advance never exceeds the total, and nothing is negative or fractional", () => {
    expect(paymentSplit("bkash_advance", 50, 120)).toEqual({ dueNow: 50, dueOnDelivery: 0 })
    expect(paymentSplit("bkash_advance", 500, -10)).toEqual({ dueNow: 0, dueOnDelivery: 500 })
    expect(paymentSplit("bkash_full", -3, 60)).toEqual({ dueNow: 0, dueOnDelivery: 0 })
    expect(paymentSplit("bkash_advance", 999.6, 59.5)).toEqual({ dueNow: 60, dueOnDelivery: 940 })
  })
})

describe("bkashAmount", () => {
  it("writes taka with two decimals, as bKash's amount field takes it", () => {
    expect(bkashAmount(120)).toBe("120.00")
    expect(bkashAmount(1249.5)).toBe("1249.50")
    expect(bkashAmount(0.005)).toBe("0.01")
  })
})

describe("isPaymentMethod", () => {
  it("knows the three methods and nothing else", () => {
    for (const method of ["cod", "bkash_full", "bkash_advance"]) expect(isPaymentMethod(method)).toBe(true)
    for (const other of ["bkash", "COD", "", null, 1, "__proto__"]) expect(isPaymentMethod(other)).toBe(false)
  })
})
