import { DEFAULT_PAYMENT_RULES } from "@shop/contract"
import {
  BKASH_STATE_BADGES,
  parsePaymentRules,
  paymentRulesForm,
  paymentSummary,
  REQUIRED_FOR_OPTIONS,
} from "../payments"

describe("an order's payment in the lists and the dialog", () => {
  it("cash on delivery: the courier collects the whole total", () => {
    expect(paymentSummary({ paymentMethod: "cod", TotalAmount: 2510 })).toBe(
      "Cash on delivery · ৳2,510 to collect in cash"
    )
    // orders from before payment methods were kept
    expect(paymentSummary({ TotalAmount: 990 })).toBe("Cash on delivery · ৳990 to collect in cash")
  })

  it("the advance paid: what bKash received with its transaction, and the rest in cash", () => {
    expect(
      paymentSummary({
        paymentMethod: "bkash_advance",
        TotalAmount: 2510,
        bkash: { state: "advance_paid", dueNow: 120, paid: 120, trxId: "BKB934E30687" },
      })
    ).toBe(
      "Delivery charge by bKash, the rest in cash · ৳120 received by bKash (transaction BKB934E30687) · ৳2,390 to collect in cash"
    )
  })

  it("waiting or failed: nothing received, the courier would collect it all", () => {
    expect(
      paymentSummary({
        paymentMethod: "bkash_full",
        TotalAmount: 2510,
        bkash: { state: "awaiting", dueNow: 2510, paid: 0, trxId: null },
      })
    ).toBe("bKash (full payment) · Awaiting bKash · ৳2,510 to collect in cash")
    expect(BKASH_STATE_BADGES.failed).toEqual({ label: "bKash failed", color: "red" })
    expect(BKASH_STATE_BADGES.paid.color).toBe("green")
  })
})

describe("the payment rules form", () => {
  it("offers every rule in the contract's words", () => {
    expect(REQUIRED_FOR_OPTIONS.map((o) => o.value)).toEqual(["never", "held", "outside_dhaka", "all"])
    expect(REQUIRED_FOR_OPTIONS[2]!.label).toBe("Orders delivered outside Dhaka")
  })

  it("reads back whole percentages from 0 to 100 and refuses anything else", () => {
    const form = paymentRulesForm(DEFAULT_PAYMENT_RULES)
    expect(form.refundPercent).toBe("100")
    expect(parsePaymentRules({ ...form, refundPercent: " 50 " })).toEqual({
      rules: { bkashRequiredFor: "never", offerBkash: true, refundPercent: 50 },
    })
    for (const bad of ["", "101", "-1", "12.5", "half"]) {
      expect(parsePaymentRules({ ...form, refundPercent: bad })).toEqual({
        error: "Enter a whole number from 0 to 100",
      })
    }
  })
})
