import type { PaymentMethod } from "./payment"

/**
 * The ways to pay in English (the shop's checkout, Medusa Admin). A file of
 * their own: the landing pages load the payment rules, never these words.
 */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cod: "Cash on delivery",
  bkash_full: "bKash (full payment)",
  bkash_advance: "Delivery charge by bKash, the rest in cash",
}
