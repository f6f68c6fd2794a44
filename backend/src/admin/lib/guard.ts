import {
  CONFIRMATION_OUTCOME_LABELS,
  normalizeBdPhone,
  type BlocklistKind,
  type BlocklistRequest,
  type ConfirmationLogEntry,
  type ConfirmationOutcome,
  type ConfirmationRequest,
  type GuardRules,
  type Order,
  type RiskLevel,
} from "@shop/contract"

/**
 * The fake-order guard in the admin: the risk badge, a held
 * order's age, the confirmation request, the rules form and the blocklist
 * form. The server stays the authority; these only shape what is shown and sent.
 */

/** What the admin answers carry about an order's risk (null for orders from before the guard). */
export type OrderRiskView = NonNullable<Order["risk"]>

/** A held order in the confirmation queue (GET /api/admin/order/to-confirm). */
export type { ConfirmationRequest, HeldOrder } from "@shop/contract"

/** The badge colours: high red, medium orange, low green. */
export const RISK_BADGE_COLORS: Record<RiskLevel, "red" | "orange" | "green"> = {
  high: "red",
  medium: "orange",
  low: "green",
}

export const RISK_LABELS: Record<RiskLevel, string> = {
  high: "High risk",
  medium: "Medium risk",
  low: "Low risk",
}

/** The orders list marks only the orders worth a look (high and medium). */
export function showsRiskInList(risk: Pick<OrderRiskView, "level"> | null | undefined): boolean {
  return risk?.level === "high" || risk?.level === "medium"
}

/** How long an order has waited: "just now", "12 min", "3 h 5 min", "2 days". */
export function orderAge(orderDate: string | null | undefined, now: number = Date.now()): string {
  if (!orderDate) return "—"
  const at = new Date(orderDate).getTime()
  if (Number.isNaN(at)) return "—"
  const minutes = Math.max(0, Math.floor((now - at) / 60_000))
  if (minutes < 1) return "just now"
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`
  const days = Math.floor(hours / 24)
  return days === 1 ? "1 day" : `${days} days`
}

/** A share (0..1) as a whole percent; "—" when unknown. */
export function percent(share: number | null | undefined): string {
  if (share === null || share === undefined || Number.isNaN(share)) return "—"
  return `${Math.round(share * 100)}%`
}

/** The phone's history in one line: "4 past orders · 1 delivered · 3 returned or cancelled". */
export function historyLine(
  risk: Pick<OrderRiskView, "pastOrders" | "delivered" | "returnedOrCancelled" | "courierScore">
): string {
  const parts = [
    risk.pastOrders === 1 ? "1 past order" : `${risk.pastOrders} past orders`,
    `${risk.delivered} delivered`,
    `${risk.returnedOrCancelled} returned or cancelled`,
  ]
  if (risk.courierScore !== null) parts.push(`Steadfast: ${percent(risk.courierScore)} delivered`)
  return parts.join(" · ")
}

export const NOTE_MAX = 500

/** The note's problem, or null. */
export function noteError(note: string): string | null {
  return note.trim().length > NOTE_MAX ? `The note is longer than ${NOTE_MAX} characters` : null
}

/** The body of POST /api/admin/order/{id}/confirmation: a trimmed note when there is one; blocklist only with a fake. */
export function confirmationRequest(
  outcome: ConfirmationOutcome,
  note: string,
  blocklist = false
): ConfirmationRequest {
  const body: ConfirmationRequest = { outcome }
  const trimmed = note.trim()
  if (trimmed) body.note = trimmed
  if (outcome === "fake" && blocklist) body.blocklist = true
  return body
}

/** The call log, newest first. */
export function callLog(entries: readonly ConfirmationLogEntry[] | null | undefined): ConfirmationLogEntry[] {
  return [...(entries ?? [])].sort((a, b) => new Date(b.at).getTime() - new Date(a.at).getTime())
}

export function outcomeLabel(outcome: string): string {
  return (CONFIRMATION_OUTCOME_LABELS as Record<string, string>)[outcome] ?? outcome
}

/** The outcome's badge colour in the call log. */
export function outcomeColor(outcome: string): "green" | "orange" | "red" | "grey" {
  if (outcome === "confirmed") return "green"
  if (outcome === "fake") return "red"
  if (outcome === "wrong_number") return "orange"
  return "grey"
}

// ---------------------------------------------------------------- rules form

/** The rules as the form holds them (text inputs; the share as a percent). */
export type RulesForm = {
  minFinishedOrders: string
  minSuccessPercent: string
  duplicateWindowHours: string
  velocityPerPhone: string
  velocityPerAddress: string
  holdHighRisk: boolean
  holdDuplicates: boolean
}

export type RulesFormField = Exclude<keyof RulesForm, "holdHighRisk" | "holdDuplicates">

/** Each number rule in plain words, in the form's order. */
export const RULE_FIELDS: { key: RulesFormField; label: string; help: string; suffix?: string }[] = [
  {
    key: "minFinishedOrders",
    label: "Finished orders before judging a phone",
    help: "A phone is judged by its past orders only once it has at least this many finished ones (delivered, returned or cancelled).",
  },
  {
    key: "minSuccessPercent",
    label: "Lowest delivered share",
    help: "A judged phone whose delivered share is below this is high risk (Steadfast's share across shops counts too).",
    suffix: "%",
  },
  {
    key: "duplicateWindowHours",
    label: "Duplicate window",
    help: "The same phone ordering the same product again within this many hours is a duplicate (medium risk).",
    suffix: "hours",
  },
  {
    key: "velocityPerPhone",
    label: "Orders a day from one phone",
    help: "More orders than this from one phone within 24 hours is medium risk.",
  },
  {
    key: "velocityPerAddress",
    label: "Orders a day from one internet address",
    help: "More orders than this from one client (IP) address within 24 hours is medium risk.",
  },
]

export function rulesForm(rules: GuardRules): RulesForm {
  return {
    minFinishedOrders: String(rules.minFinishedOrders),
    // 0.333 -> "33.3": the percent keeps at most one decimal
    minSuccessPercent: String(Math.round(rules.minSuccessRatio * 1000) / 10),
    duplicateWindowHours: String(rules.duplicateWindowHours),
    velocityPerPhone: String(rules.velocityPerPhone),
    velocityPerAddress: String(rules.velocityPerAddress),
    holdHighRisk: rules.holdHighRisk,
    holdDuplicates: rules.holdDuplicates,
  }
}

/** The rules the form says, or each field's problem in plain words. */
export function parseRulesForm(
  form: RulesForm
): { rules: GuardRules; errors: null } | { rules: null; errors: Partial<Record<RulesFormField, string>> } {
  const errors: Partial<Record<RulesFormField, string>> = {}
  const whole = (key: RulesFormField): number => {
    const text = form[key].trim()
    const value = Number(text)
    if (!text || !Number.isInteger(value) || value < 1) errors[key] = "Enter a whole number, 1 or more"
    return value
  }
  const percentText = form.minSuccessPercent.trim()
  const share = Number(percentText)
  if (!percentText || Number.isNaN(share) || share < 0 || share > 100)
    errors.minSuccessPercent = "Enter a percent from 0 to 100"
  const rules: GuardRules = {
    minFinishedOrders: whole("minFinishedOrders"),
    minSuccessRatio: Math.round(share * 10) / 1000,
    duplicateWindowHours: whole("duplicateWindowHours"),
    velocityPerPhone: whole("velocityPerPhone"),
    velocityPerAddress: whole("velocityPerAddress"),
    holdHighRisk: form.holdHighRisk,
    holdDuplicates: form.holdDuplicates,
  }
  return Object.keys(errors).length ? { rules: null, errors } : { rules, errors: null }
}

/** The rules that differ from the saved ones (PUT takes any subset). */
export function changedRules(saved: GuardRules, next: GuardRules): Partial<GuardRules> {
  return Object.fromEntries(
    (Object.keys(next) as (keyof GuardRules)[]).filter((key) => next[key] !== saved[key]).map((key) => [key, next[key]])
  ) as Partial<GuardRules>
}

// ---------------------------------------------------------------- blocklist form

export const BLOCKLIST_KIND_LABELS: Record<BlocklistKind, string> = {
  phone: "Phone",
  address: "Internet address",
}

export const BLOCKLIST_VALUE_MAX = 64
export const BLOCKLIST_REASON_MAX = 200

/** The body of POST /api/admin/order-guard/blocklist (a phone as 01XXXXXXXXX), or the form's problem. */
export function blocklistRequest(
  kind: BlocklistKind,
  value: string,
  reason: string
): { body: BlocklistRequest; error: null } | { body: null; error: string } {
  const trimmed = value.trim()
  const why = reason.trim()
  if (!trimmed) return { body: null, error: kind === "phone" ? "Enter a phone number" : "Enter an address" }
  if (trimmed.length > BLOCKLIST_VALUE_MAX)
    return { body: null, error: `The value is longer than ${BLOCKLIST_VALUE_MAX} characters` }
  const phone = kind === "phone" ? normalizeBdPhone(trimmed) : null
  if (kind === "phone" && !phone) return { body: null, error: "Not a Bangladeshi mobile number (01XXXXXXXXX)" }
  if (!why) return { body: null, error: "Say why" }
  if (why.length > BLOCKLIST_REASON_MAX)
    return { body: null, error: `The reason is longer than ${BLOCKLIST_REASON_MAX} characters` }
  return { body: { kind, value: phone ?? trimmed, reason: why }, error: null }
}
