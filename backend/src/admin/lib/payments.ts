import {
  BKASH_REQUIRED_FOR,
  BKASH_REQUIRED_FOR_LABELS,
  cashToCollect,
  formatMoney,
  PAYMENT_METHOD_LABELS,
  type BkashRequiredFor,
  type BkashState,
  type OrderBkash,
  type PaymentMethod,
  type PaymentRules,
} from "@shop/contract"

/** How an order's bKash payment reads in the lists and the dialog, with the colour of its badge. */
export const BKASH_STATE_BADGES: Record<
  BkashState,
  { label: string; color: "green" | "blue" | "orange" | "red" | "grey" }
> = {
  awaiting: { label: "Awaiting bKash", color: "orange" },
  paid: { label: "Paid by bKash", color: "green" },
  advance_paid: { label: "Advance paid", color: "blue" },
  failed: { label: "bKash failed", color: "red" },
  expired: { label: "bKash expired", color: "grey" },
  refunded: { label: "bKash refunded", color: "grey" },
}

/** The order's payment in one line: the way, what bKash received (its transaction), what the courier collects. */
export function paymentSummary(order: { paymentMethod?: PaymentMethod; TotalAmount: number; bkash?: OrderBkash }) {
  const method = order.paymentMethod ?? "cod"
  const parts = [PAYMENT_METHOD_LABELS[method]]
  if (order.bkash) {
    const { state, paid, trxId } = order.bkash
    parts.push(
      paid > 0
        ? `${formatMoney(paid)} received by bKash${trxId ? ` (transaction ${trxId})` : ""}`
        : BKASH_STATE_BADGES[state].label
    )
  }
  parts.push(`${formatMoney(cashToCollect(order.TotalAmount, order.bkash))} to collect in cash`)
  return parts.join(" · ")
}

/** The merchant's rule as the Payments page offers it (the contract's words). */
export const REQUIRED_FOR_OPTIONS = BKASH_REQUIRED_FOR.map((value) => ({
  value,
  label: BKASH_REQUIRED_FOR_LABELS[value],
}))

export type PaymentRulesForm = { bkashRequiredFor: BkashRequiredFor; offerBkash: boolean; refundPercent: string }

export const paymentRulesForm = (rules: PaymentRules): PaymentRulesForm => ({
  ...rules,
  refundPercent: String(rules.refundPercent),
})

/** The form read back: the rules, or what is wrong with the share refunded. */
export function parsePaymentRules(form: PaymentRulesForm): { rules: PaymentRules } | { error: string } {
  const text = form.refundPercent.trim()
  const percent = Number(text)
  if (text === "" || !Number.isInteger(percent) || percent < 0 || percent > 100) {
    return { error: "Enter a whole number from 0 to 100" }
  }
  return { rules: { bkashRequiredFor: form.bkashRequiredFor, offerBkash: form.offerBkash, refundPercent: percent } }
}
