import type { DataAnswer, MessageAnswer } from "./answer"

/**
 * The fake-order guard: the risk an order carries, the merchant's
 * rules, the blocklist and the confirmation calls. Backend (the guard, its
 * routes), the admin screens and tests read it from here.
 */

export const RISK_LEVELS = ["low", "medium", "high"] as const
export type RiskLevel = (typeof RISK_LEVELS)[number]

/** What the guard found about an order at intake (admin views only; the shopper sees nothing of it). */
export type OrderRisk = {
  level: RiskLevel
  /** why, in the merchant's words ("3 of 4 past orders were returned or cancelled") */
  reasons: string[]
  /** the phone's earlier orders in this shop */
  pastOrders: number
  delivered: number
  returnedOrCancelled: number
  /** delivered / finished (delivered + returned or cancelled); null before any finished order */
  successRatio: number | null
  /** Steadfast's fraud check for the phone (its delivered share across merchants, 0..1); null without Steadfast or when it failed */
  courierScore: number | null
  /** the order waits for a confirmation call before it ships */
  needsConfirmation: boolean
  /** the shopper typed the code sent by SMS to the order's phone (it released the hold without a call) */
  phoneVerified: boolean
  /** a duplicate: the same phone ordered the same product within the window */
  duplicateOf: string | null
}

/** The merchant's rules (kept in the database; defaults below). */
export type GuardRules = {
  /** high risk: at least this many finished orders (delivered, returned or cancelled)... */
  minFinishedOrders: number
  /** ...of which fewer than this share were delivered */
  minSuccessRatio: number
  /** the same phone ordering the same product again within this many hours is a duplicate */
  duplicateWindowHours: number
  /** more orders than this from one phone, or from one client address, within 24 hours is medium risk */
  velocityPerPhone: number
  velocityPerAddress: number
  /** hold high-risk orders for a confirmation call */
  holdHighRisk: boolean
  /** hold duplicates for a confirmation call */
  holdDuplicates: boolean
}

/** PUT /api/admin/order-guard/rules: any of the rules; the rest stay. */
export type GuardRulesRequest = Partial<GuardRules>
/** GET and PUT /api/admin/order-guard/rules: every rule (PUT says "Rules saved"). */
export type GuardRulesAnswer = DataAnswer<GuardRules>

export const DEFAULT_GUARD_RULES: GuardRules = {
  minFinishedOrders: 3,
  minSuccessRatio: 0.5,
  duplicateWindowHours: 24,
  velocityPerPhone: 3,
  velocityPerAddress: 10,
  holdHighRisk: true,
  holdDuplicates: true,
}

export const BLOCKLIST_KINDS = ["phone", "address"] as const
export type BlocklistKind = (typeof BLOCKLIST_KINDS)[number]

/** A phone (normalised 01XXXXXXXXX) or a client address (IP) whose orders are refused. */
export type BlocklistEntry = { id: string; kind: BlocklistKind; value: string; reason: string; createdAt: string }
/** POST /api/admin/order-guard/blocklist: a phone however written (stored as 01XXXXXXXXX) or a client address, and why. */
export type BlocklistRequest = { kind: BlocklistKind; value: string; reason: string }
/** GET /api/admin/order-guard/blocklist, newest first. */
export type BlocklistAnswer = DataAnswer<BlocklistEntry[]>
/** POST /api/admin/order-guard/blocklist: the entry added ("Blocklisted"). DELETE .../blocklist/{id} answers a MessageAnswer. */
export type BlocklistEntryAnswer = DataAnswer<BlocklistEntry> & MessageAnswer

export const CONFIRMATION_OUTCOMES = ["confirmed", "no_answer", "wrong_number", "fake"] as const
export type ConfirmationOutcome = (typeof CONFIRMATION_OUTCOMES)[number]

export const CONFIRMATION_OUTCOME_LABELS: Record<ConfirmationOutcome, string> = {
  confirmed: "Confirmed",
  no_answer: "No answer",
  wrong_number: "Wrong number",
  fake: "Fake order",
}

/** POST /api/admin/order/{orderId}/confirmation: the call's outcome, a note, and with `fake` whether to blocklist the phone too. It answers the order (AdminOrderAnswer) with "<outcome> recorded". */
export type ConfirmationRequest = { outcome: ConfirmationOutcome; note?: string; blocklist?: boolean }

/** How a confirmation came: a call by staff, the shopper's own bKash payment, or the code sent by SMS. */
export const CONFIRMATION_VIAS = ["call", "bkash", "sms_code"] as const
export type ConfirmationVia = (typeof CONFIRMATION_VIAS)[number]

/** One call to the shopper about a held order (or a confirmation without one: `via`). */
export type ConfirmationLogEntry = {
  outcome: ConfirmationOutcome
  note: string | null
  adminId: string | null
  at: string
  /** absent on entries from before it was kept: a call */
  via?: ConfirmationVia
}

/** The refusal every refused order gets (a blocklisted phone or address is not told why). */
export const ORDER_REFUSED_MESSAGES = {
  en: "We could not take this order. Please call us to order.",
  bn: "দুঃখিত, এই অর্ডারটি নেওয়া সম্ভব হয়নি। অর্ডার করতে আমাদের কল করুন।",
} as const

/** One of the phone's other orders beside a held order in GET /api/admin/order/to-confirm (HeldOrder). */
export type HeldOrderPhoneOrder = { orderNumber: string; status: string; total: number; orderDate: string }
