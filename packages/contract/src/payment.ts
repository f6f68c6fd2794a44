import type { DataAnswer } from "./answer"
import { PAGE_PATHS } from "./pages"

/**
 * Paying for an order: cash on delivery, or bKash (Tokenized Checkout) for the
 * whole order or for the delivery charge in advance with the rest in cash.
 * The backend's bKash payment provider, the order screens and the forms read
 * the words and the arithmetic from here.
 */

/** The environment variables bKash needs; without all of them the shop is cash on delivery only. */
export const BKASH_SETTINGS = [
  "BKASH_BASE_URL",
  "BKASH_APP_KEY",
  "BKASH_APP_SECRET",
  "BKASH_USERNAME",
  "BKASH_PASSWORD",
] as const

/** bKash's Tokenized Checkout hosts (v1.2.0-beta): the one to put in BKASH_BASE_URL. */
export const BKASH_SANDBOX_URL = "https://tokenized.sandbox.bka.sh/v1.2.0-beta"
export const BKASH_LIVE_URL = "https://tokenized.pay.bka.sh/v1.2.0-beta"

/**
 * How an order is paid: `cod` all in cash on delivery; `bkash_full` all by
 * bKash before it is sent; `bkash_advance` the delivery charge by bKash before
 * it is sent, the rest in cash on delivery.
 */
export const PAYMENT_METHODS = ["cod", "bkash_full", "bkash_advance"] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === "string" && (PAYMENT_METHODS as readonly string[]).includes(value)
}

/** The two ways bKash pays: the method the provider's payment data carries. */
export type BkashMethod = Exclude<PaymentMethod, "cod">

/** What is paid now by bKash and what is left for the courier to collect, in whole taka. */
export type PaymentSplit = { dueNow: number; dueOnDelivery: number }

/**
 * The split of an order's total for a payment method: the delivery charge in
 * advance never exceeds the total, and nothing is negative.
 */
export function paymentSplit(method: PaymentMethod, total: number, deliveryCharge: number): PaymentSplit {
  const whole = Math.max(0, Math.round(total))
  if (method === "bkash_full") return { dueNow: whole, dueOnDelivery: 0 }
  if (method === "bkash_advance") {
    const advance = Math.min(whole, Math.max(0, Math.round(deliveryCharge)))
    return { dueNow: advance, dueOnDelivery: whole - advance }
  }
  return { dueNow: 0, dueOnDelivery: whole }
}

/** bKash's `amount` field: taka as text with two decimals ("1250.00"). */
export function bkashAmount(taka: number): string {
  return (Math.round(taka * 100) / 100).toFixed(2)
}

/**
 * Where an order's bKash payment stands, as the order dialog and list show it:
 * `awaiting` the order waits for the shopper to pay; `paid` all paid by bKash;
 * `advance_paid` the advance paid, the rest due in cash; `failed` bKash refused
 * or the shopper cancelled (the shopper may try again); `expired` unpaid past
 * the time allowed, the order cancelled and its stock released; `refunded`
 * what bKash received was paid back (wholly or in part).
 */
export const BKASH_STATES = ["awaiting", "paid", "advance_paid", "failed", "expired", "refunded"] as const
export type BkashState = (typeof BKASH_STATES)[number]

/** The refusal of a payment method that does not exist (English, and Bengali for landing pages). */
export const PAYMENT_METHOD_INVALID = {
  en: "paymentMethod must be cod, bkash_full or bkash_advance",
  bn: "পেমেন্ট পদ্ধতি হবে cod, bkash_full অথবা bkash_advance",
} as const

/** The refusal of a bKash order when the shop has no bKash account set up (English, and Bengali for landing pages). */
export const BKASH_UNAVAILABLE_MESSAGES = {
  en: "bKash payment is not available right now. Please choose cash on delivery.",
  bn: "এই মুহূর্তে বিকাশ পেমেন্ট চালু নেই। অনুগ্রহ করে ক্যাশ অন ডেলিভারি বেছে নিন।",
} as const

/**
 * How a shopper's trip to bKash ended, as the shop tells it when they come
 * back: `paid` all paid, `advance_paid` the advance paid (the rest in cash),
 * `failed` bKash refused the payment, `cancelled` the shopper cancelled on
 * bKash's page, `pending` bKash could not be asked just now (the shop asks
 * again; the shopper should not pay twice). The order stays placed, waiting,
 * after the last three.
 */
export const BKASH_OUTCOMES = ["paid", "advance_paid", "failed", "cancelled", "pending"] as const
export type BkashOutcome = (typeof BKASH_OUTCOMES)[number]

/** What an order's answer says about paying it by bKash. */
export type OrderPayment = {
  method: BkashMethod
  /** taka to pay now by bKash, and in cash on delivery */
  dueNow: number
  dueOnDelivery: number
  /** bKash's page to pay on (null when bKash could not be reached: the shopper may try again) */
  bkashURL: string | null
  /** bKash confirmed the payment already (a repeated request for a paid order) */
  paid: boolean
  /** why there is no page (bKash's own words, or that it cannot be reached) */
  problem?: string
}

/** The storefront's page a shopper lands on back from bKash (`?result=` a BkashOutcome). */
export const BKASH_RETURN_PATH = PAGE_PATHS.bkashReturn

/** Where an order's bKash payment stands, as the order's answers carry it (the order dialog and list show it). */
export type OrderBkash = {
  state: BkashState
  /** taka asked of bKash (the total, or the delivery charge in advance) */
  dueNow: number
  /** taka bKash confirmed it received (less what was refunded through it) */
  paid: number
  /** bKash's transaction id once paid */
  trxId: string | null
}

/** What the courier is to collect: the total less what bKash already received. */
export function cashToCollect(total: number, bkash?: Pick<OrderBkash, "paid"> | null): number {
  return Math.max(0, Math.round(total - (bkash?.paid ?? 0)))
}

/**
 * Which orders must pay something by bKash before they ship (the merchant's
 * rule): `never`; `held` orders the fake-order guard holds for a call (the
 * shopper is offered the advance, which releases the hold); `outside_dhaka`
 * orders delivered outside Dhaka; `all` every order. An order the rule
 * covers chooses between the two bKash ways; cash on delivery alone is not
 * offered to it.
 */
export const BKASH_REQUIRED_FOR = ["never", "held", "outside_dhaka", "all"] as const
export type BkashRequiredFor = (typeof BKASH_REQUIRED_FOR)[number]

export const BKASH_REQUIRED_FOR_LABELS: Record<BkashRequiredFor, string> = {
  never: "Never: cash on delivery is always offered",
  held: "Orders the fake-order guard holds (the advance releases them)",
  outside_dhaka: "Orders delivered outside Dhaka",
  all: "Every order",
}

/** The merchant's payment rules (kept in the database; defaults below). */
export type PaymentRules = {
  /** which orders must pay by bKash (in full or the delivery charge in advance) */
  bkashRequiredFor: BkashRequiredFor
  /** any other order may still choose bKash (full or advance) instead of cash on delivery */
  offerBkash: boolean
  /** share of what bKash received that goes back when the order is cancelled or its parcel returned, 0..100 */
  refundPercent: number
}

export const DEFAULT_PAYMENT_RULES: PaymentRules = { bkashRequiredFor: "never", offerBkash: true, refundPercent: 100 }

/** PUT /api/admin/payment/rules: any of the rules; the rest stay. */
export type PaymentRulesRequest = Partial<PaymentRules>

/**
 * GET /api/shop/order/payment-options: what the order forms may offer. `bkash`
 * false (no bKash account set up) means cash on delivery only, whatever the
 * rules say.
 */
export type PaymentOptions = { bkash: boolean; bkashRequiredFor: BkashRequiredFor; offerBkash: boolean }

/**
 * The ways an order may be paid, first the one a form starts with: what the
 * forms offer and what the order workflow accepts (one rule for both).
 * `held` is decided after the order is placed, so it offers what `never` does.
 */
export function paymentChoices(options: PaymentOptions, deliveryArea: "dhaka" | "outside"): PaymentMethod[] {
  if (!options.bkash) return ["cod"]
  const required =
    options.bkashRequiredFor === "all" || (options.bkashRequiredFor === "outside_dhaka" && deliveryArea === "outside")
  if (required) return ["bkash_advance", "bkash_full"]
  return options.offerBkash ? ["cod", "bkash_advance", "bkash_full"] : ["cod"]
}

/** A method the rules do not allow for the order (a stale form, or a request made by hand). */
export const PAYMENT_METHOD_NOT_OFFERED = {
  en: "This order must be paid by bKash: the delivery charge in advance, or in full.",
  bn: "এই অর্ডারের জন্য বিকাশে পেমেন্ট প্রয়োজন: অগ্রিম ডেলিভারি চার্জ অথবা সম্পূর্ণ মূল্য।",
} as const

/**
 * GET /api/shop/order/bkash/status/{orderId}: where an order's bKash payment
 * stands (POST: the same after asking bKash now, the shopper's "check again");
 * for the page the shopper comes back to (nothing personal: the
 * number, the amounts and the state). `language` is the order's (a landing
 * page's orders are in Bengali); `canPay` the shopper may still pay or switch
 * to cash on delivery.
 */
export type BkashStatus = {
  orderId: string
  orderNumber: string
  method: BkashMethod
  state: BkashState
  total: number
  /** the delivery charge within `total` (the products are the rest): a page without the order's lines shows both */
  deliveryCharge: number
  dueNow: number
  dueOnDelivery: number
  paid: number
  trxId: string | null
  canPay: boolean
  /** it may turn into cash on delivery instead (the merchant's rules allow cash for it) */
  canPayCash: boolean
  language: "en" | "bn"
}

export type PaymentOptionsAnswer = DataAnswer<PaymentOptions>
export type BkashStatusAnswer = DataAnswer<BkashStatus>
/** GET and PUT /api/admin/payment/rules: every rule (PUT says "Rules saved"). */
export type PaymentRulesAnswer = DataAnswer<PaymentRules>
