import type { DataAnswer } from "./answer"
import { bdMobileDigits } from "./phone"

/**
 * Text messages (SMS) to shoppers: the events that send one, the merchant's
 * templates and their placeholders, how many parts a text costs, and the
 * number a gateway is given. The backend sends and bills by these rules; the
 * admin's template editor counts with the same functions as the shopper's
 * phone will.
 */

/** What sends a message: each has one template the merchant can edit and switch off. */
export const SMS_EVENTS = [
  "order_placed",
  "order_confirmed",
  "order_sent",
  "order_delivered",
  "order_cancelled",
  "bkash_received",
] as const
export type SmsEvent = (typeof SMS_EVENTS)[number]

/**
 * A message's life: pending until a gateway takes it (a refused or
 * unreachable gateway is tried again with back-off), then sent; refused when
 * the gateway said no for good (a bad number), failed when the tries ran out.
 */
export const SMS_MESSAGE_STATES = ["pending", "sent", "refused", "failed"] as const
export type SmsMessageState = (typeof SMS_MESSAGE_STATES)[number]

/** A message as the merchant sees it on the order (never an SMS code's text). */
export type SmsMessageView = {
  id: string
  event: string
  /** 8801XXXXXXXXX */
  phone: string
  text: string
  parts: number
  state: SmsMessageState
  attempts: number
  gateway: string | null
  /** the gateway's own words about the last attempt */
  answer: string | null
  /** taka, when it was sent and SMS_PART_COST is set */
  cost: number | null
  /** the network's word on it from the gateway's delivery report (Alpha SMS gives one): Delivered, Failed... */
  delivery: string | null
  sentAt: string | null
  createdAt: string
}

/** The admin's order dialog: the order's text messages, the oldest first (absent where it does not read them). */
export type WithSms = { sms?: SmsMessageView[] }

/** The values a template may name as {name}; anything else in braces is left as typed. */
export const SMS_PLACEHOLDERS = [
  "shop",
  "orderNumber",
  "customerName",
  "total",
  "dueOnDelivery",
  "paid",
  "courier",
  "trackingLink",
] as const
export type SmsPlaceholder = (typeof SMS_PLACEHOLDERS)[number]
export type SmsValues = Partial<Record<SmsPlaceholder, string | number | null | undefined>>

/**
 * What a filled-in value may hold: one line, no control characters, at most
 * this many characters (a shopper's name cannot add parts to the bill or a
 * line of its own to the text).
 */
export const SMS_VALUE_MAX = 40

/** Values the shop makes itself may be longer: its tracking link (the shop's address and a short code). */
const VALUE_MAX_OF: Partial<Record<SmsPlaceholder, number>> = { trackingLink: 100 }

/** The shop's words for each event, until the merchant writes their own (one part each where the values allow). */
export const DEFAULT_SMS_TEMPLATES: Readonly<Record<SmsEvent, string>> = {
  order_placed: "{shop}: অর্ডার {orderNumber} পেয়েছি, মোট {total}।",
  order_confirmed: "{shop}: অর্ডার {orderNumber} নিশ্চিত। ডেলিভারিতে দিন {dueOnDelivery}",
  order_sent: "{shop}: পার্সেল রওনা হয়েছে {trackingLink}",
  order_delivered: "{shop}: অর্ডার {orderNumber} পৌঁছেছে। ধন্যবাদ!",
  order_cancelled: "{shop}: অর্ডার {orderNumber} বাতিল হয়েছে।",
  bkash_received: "{shop}: {orderNumber}-এর জন্য বিকাশে {paid} পেয়েছি।",
}

/** The events' names in the admin's template list. */
export const SMS_EVENT_LABELS: Readonly<Record<SmsEvent, string>> = {
  order_placed: "Order placed",
  order_confirmed: "Order confirmed",
  order_sent: "Sent with the courier",
  order_delivered: "Delivered",
  order_cancelled: "Returned or cancelled",
  bkash_received: "bKash payment received",
}

// GSM 03.38: the default alphabet (one septet each) and its extension table (an escape and a septet: two)
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"
const GSM_EXTENDED = "^{}\\[~]|€\f"
const BASIC = new Set(GSM_BASIC)
const EXTENDED = new Set(GSM_EXTENDED)

export type SmsEncoding = "gsm7" | "ucs2"

export type SmsCount = {
  encoding: SmsEncoding
  /** the units the network counts: septets for GSM-7, UTF-16 code units for UCS-2 (an emoji is two) */
  units: number
  /** the parts the text is sent and billed as (0 for an empty text) */
  parts: number
  /** units a part holds at this length: 160 or 153 (GSM-7), 70 or 67 (UCS-2) */
  perPart: number
  /** units left in the last part before one more is needed */
  remaining: number
}

/**
 * How the network sends `text`: GSM-7 when every character is in the GSM
 * alphabet (160 in one part, 153 a part when split), else UCS-2, as any
 * Bengali text is (70 in one part, 67 a part when split: the rest of each
 * part holds the header that joins them).
 */
export function smsCount(text: string): SmsCount {
  let septets = 0
  let gsm = true
  for (const ch of text) {
    if (BASIC.has(ch)) septets += 1
    else if (EXTENDED.has(ch)) septets += 2
    else {
      gsm = false
      break
    }
  }
  const encoding: SmsEncoding = gsm ? "gsm7" : "ucs2"
  const units = gsm ? septets : text.length
  const [single, split] = gsm ? [160, 153] : [70, 67]
  const parts = units === 0 ? 0 : units <= single ? 1 : Math.ceil(units / split)
  const perPart = parts > 1 ? split : single
  return { encoding, units, parts, perPart, remaining: parts === 0 ? single : parts * perPart - units }
}

/** A value as a message may hold it: one line, no control or invisible characters, at most `max` characters. */
export function smsValue(value: string | number | null | undefined, max = SMS_VALUE_MAX): string {
  const text = typeof value === "number" ? String(value) : String(value ?? "")
  const flat = text
    // control characters (new lines among them), bidirectional overrides, zero-width spaces and joiners kept out
    .replace(/[\p{Cc}\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
  const chars = [...flat]
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : flat
}

/**
 * The template with each {placeholder} replaced by its value (smsValue: one
 * line, bounded). Filled in one pass: a value that itself reads "{total}" is
 * shown as typed, never filled again. A known placeholder without a value
 * becomes empty; anything else in braces stays as the merchant wrote it.
 */
export function fillSmsTemplate(template: string, values: SmsValues): string {
  const known = new Set<string>(SMS_PLACEHOLDERS)
  return template
    .replace(/\{(\w+)\}/g, (whole, name: string) =>
      known.has(name) ? smsValue(values[name as SmsPlaceholder], VALUE_MAX_OF[name as SmsPlaceholder]) : whole
    )
    .replace(/[ \t]{2,}/g, " ")
    .trim()
}

/** The longest template the admin accepts (five UCS-2 parts). */
export const SMS_TEMPLATE_MAX = 335

/**
 * A phone as the gateways take it: 8801XXXXXXXXX for a Bangladeshi mobile
 * however typed, else null (the shop sends to nothing else).
 */
export function smsNumber(input: string | null | undefined): string | null {
  return bdMobileDigits(input)
}

/** The tries a message gets before it is given up, and the wait after each failed one (seconds). */
export const SMS_RETRY_DELAYS_SECONDS = [60, 300, 1800, 7200] as const

/** The wait after failed attempt `attempts` (1-based), or null when the message is given up. */
export function smsRetryDelaySeconds(attempts: number): number | null {
  return attempts >= 1 && attempts <= SMS_RETRY_DELAYS_SECONDS.length ? SMS_RETRY_DELAYS_SECONDS[attempts - 1]! : null
}

/** One event's template as the merchant keeps it: the words, and whether the event sends at all. */
export type SmsTemplate = { event: SmsEvent; text: string; enabled: boolean }

/** A template in the admin: the merchant's (or the shop's default) words, the switch, and the default to go back to. */
export type SmsTemplateView = SmsTemplate & { label: string; defaultText: string; custom: boolean }

/** One day's messages in the shop's time zone (YYYY-MM-DD): made, sent, their parts, what they cost, given up. */
export type SmsDay = { day: string; messages: number; sent: number; parts: number; cost: number | null; failed: number }

/**
 * GET /api/admin/sms: whether a gateway is set up (its name; never its
 * keys), the taka a part costs when SMS_PART_COST is set, every event's
 * template, and the last days' totals, the newest first.
 */
export type SmsOverview = {
  gateway: string | null
  partCost: number | null
  templates: SmsTemplateView[]
  days: SmsDay[]
}
export type SmsOverviewAnswer = DataAnswer<SmsOverview>

/** PUT /api/admin/sms/templates: some events' words or switches; an empty text goes back to the default. */
export type SmsTemplatesRequest = { templates: { event: SmsEvent; text?: string; enabled?: boolean }[] }
export type SmsTemplatesAnswer = DataAnswer<SmsTemplateView[]>

/** POST /api/admin/sms/send-test: a message to the merchant's own phone, through the gateway in use. */
export type SmsTestRequest = { phone: string; event?: SmsEvent }
export type SmsTestAnswer = DataAnswer<SmsMessageView>

/**
 * A typical order's values: what the admin's live count fills a template
 * with while the merchant types (a real order's name or link may be shorter
 * or longer; each value is at most SMS_VALUE_MAX characters).
 */
export const SMS_SAMPLE_VALUES: Readonly<Record<SmsPlaceholder, string>> = {
  shop: "Deshi Bazar",
  orderNumber: "ORD-261128-7KQ4XM",
  customerName: "রহিম উদ্দিন",
  total: "৳2,510",
  dueOnDelivery: "৳2,390",
  paid: "৳120",
  courier: "Steadfast",
  trackingLink: "https://shop.example/t/261128-7KQ4XM",
}

/** What is wrong with a template the merchant typed, in the admin's words, or null. */
export function smsTemplateProblem(text: string): string | null {
  if (text.length > SMS_TEMPLATE_MAX) return `A message may be at most ${SMS_TEMPLATE_MAX} characters`
  if (/[\p{Cc}]/u.test(text.replace(/\n/g, ""))) return "A message may not hold control characters"
  return null
}
