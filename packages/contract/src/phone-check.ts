import type { DataAnswer, MessageAnswer } from "./answer"
import { asciiDigits } from "./phone"

/**
 * The phone check: an order the fake-order guard would hold for a call is
 * released instead by a one-time code sent by SMS to the order's phone. The
 * backend makes, sends and checks the codes by these rules; the shopper's
 * screens count down and speak by them.
 */
export const PHONE_CHECK = {
  /** digits in a code */
  digits: 6,
  /** how long a code may be typed */
  ttlSeconds: 300,
  /** wrong tries one code takes; the last wrong one locks the check (the order waits for the call) */
  tries: 3,
  /** how long after a code a new one may be asked for */
  resendAfterSeconds: 60,
  /** codes one order may be sent in all */
  codesPerOrder: 3,
} as const

/**
 * waiting: a code is out and may be typed; expired: it ran out, a new one may
 * be asked for; verified: the right code came, the order is released; locked:
 * too many wrong tries; spent: no more codes to send. Locked and spent orders
 * wait for the merchant's call, as any held order does.
 */
export const PHONE_CHECK_STATES = ["waiting", "expired", "verified", "locked", "spent"] as const
export type PhoneCheckState = (typeof PHONE_CHECK_STATES)[number]

/** An order's phone check as the shopper's screen shows it (never the code). */
export type PhoneCheckView = {
  orderId: string
  state: PhoneCheckState
  /** the phone the code went to, most digits hidden: 017•••••678 */
  phone: string
  /** when the code out stops working (ISO) */
  expiresAt: string
  /** when a new code may be asked for (ISO); null when no more may */
  resendAt: string | null
  /** wrong tries the code out still takes */
  triesLeft: number
  /** what the shopper's screen says about it, in Bengali (PHONE_CHECK_STATE_BN): the server's words, never the page's own */
  message: string
}

/** The confirmation data's phone check (SPEC section 3), when the order waits for a code. */
export type WithPhoneCheck = { phoneCheck?: PhoneCheckView }

/**
 * GET /api/shop/order/phone-check/{orderId}, POST .../verify ({ code }) and
 * POST .../resend: the check after the request, with the Bengali words for
 * the shopper (a wrong code 400, an expired one 410, locked or too soon 429).
 */
export type PhoneCheckAnswer = DataAnswer<PhoneCheckView> & MessageAnswer
export type PhoneCodeRequest = { code: string }

/** What the shopper typed as a code: six digits, Bengali or ASCII, spaces and dashes ignored; else null. */
export function phoneCode(input: unknown): string | null {
  if (typeof input !== "string" || input.length > 40) return null
  const digits = asciiDigits(input).replace(/[\s\-.]/g, "")
  return new RegExp(`^\\d{${PHONE_CHECK.digits}}$`).test(digits) ? digits : null
}

/** A phone as the check shows it: its first three and last three digits (017•••••678). */
export function maskedPhone(phone: string): string {
  const digits = asciiDigits(phone).replace(/\D/g, "")
  const local = digits.startsWith("880") ? `0${digits.slice(3)}` : digits
  return local.length < 8
    ? "•".repeat(local.length)
    : `${local.slice(0, 3)}${"•".repeat(local.length - 6)}${local.slice(-3)}`
}

/** The code's message: the one text the merchant does not edit (it carries the code and nothing to misread). */
export const PHONE_CODE_TEMPLATE = "{shop}: আপনার অর্ডার নিশ্চিত করার কোড {code}। ৫ মিনিট বৈধ।"

/** The shopper's words for each outcome. */
export const PHONE_CHECK_BN = {
  title: "আপনার ফোন নম্বর যাচাই করুন",
  sent: (phone: string) =>
    `${phone} নম্বরে একটি ৬ সংখ্যার কোড পাঠানো হয়েছে। কোডটি এখানে লিখুন, অর্ডার সাথে সাথে নিশ্চিত হবে।`,
  codeLabel: "৬ সংখ্যার কোড",
  verify: "যাচাই করুন",
  resend: "নতুন কোড পাঠান",
  resendIn: (seconds: number) => `${seconds} সেকেন্ড পর নতুন কোড চাইতে পারবেন`,
  verified: "ফোন নম্বর যাচাই হয়েছে। আপনার অর্ডার নিশ্চিত হয়েছে, কল করার দরকার নেই।",
  wrong: (left: number) => `কোডটি সঠিক নয়। আর ${left} বার চেষ্টা করতে পারবেন।`,
  badCode: "৬ সংখ্যার কোডটি লিখুন।",
  expired: "কোডের মেয়াদ শেষ হয়েছে। নতুন কোড চেয়ে নিন।",
  locked: "অনেকবার ভুল কোড দেওয়া হয়েছে। আমরা আপনাকে কল করে অর্ডার নিশ্চিত করব।",
  spent: "আর কোড পাঠানো যাবে না। আমরা আপনাকে কল করে অর্ডার নিশ্চিত করব।",
  resent: "নতুন কোড পাঠানো হয়েছে।",
  tooSoon: (seconds: number) => `একটু অপেক্ষা করুন: ${seconds} সেকেন্ড পর নতুন কোড চাইতে পারবেন।`,
  tooMany: "এই নম্বরে অনেক বার্তা পাঠানো হয়েছে। আমরা আপনাকে কল করে অর্ডার নিশ্চিত করব।",
  notFound: "এই অর্ডারের জন্য কোনো কোড পাঠানো হয়নি।",
  notHeld: "এই অর্ডারটি আর যাচাইয়ের অপেক্ষায় নেই।",
  tooManyTries: "অনেকবার চেষ্টা করা হয়েছে। কিছুক্ষণ পর আবার চেষ্টা করুন।",
} as const

/** What the screen says about a check in each state. */
export const PHONE_CHECK_STATE_BN: Readonly<Record<PhoneCheckState, (check: Pick<PhoneCheckView, "phone">) => string>> =
  {
    waiting: (check) => PHONE_CHECK_BN.sent(check.phone),
    expired: () => PHONE_CHECK_BN.expired,
    verified: () => PHONE_CHECK_BN.verified,
    locked: () => PHONE_CHECK_BN.locked,
    spent: () => PHONE_CHECK_BN.spent,
  }
