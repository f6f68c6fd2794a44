import {
  COURIER_CLOSED_STATUSES,
  type CourierBookingResult,
  type CourierChoice,
  type CourierInfo,
  type CourierOutcome,
  type CourierProvider,
} from "@shop/contract"
import type { ShopOrder } from "./orders"

/**
 * Couriers in the admin: which orders can still be sent, how a
 * courier that is not set up is named in the select, the bulk form's summary
 * and the details dialog's cash lines.
 */

/** An order with no parcel yet that is not over (cancelled, delivered, completed) can be sent to a courier. */
export function canSendToCourier(order: Pick<ShopOrder, "courier" | "orderStatus">): boolean {
  return !order.courier && !(COURIER_CLOSED_STATUSES as readonly string[]).includes(order.orderStatus)
}

/** The select's words for a courier: its label, and what to set when it is not set up. */
export function courierChoiceText(choice: CourierChoice): string {
  if (choice.configured) return choice.label
  return choice.missing.length
    ? `${choice.label} (not set up: set ${choice.missing.join(", ")})`
    : `${choice.label} (not set up)`
}

/** The couriers the many-orders form offers: another courier needs a name and code per order, so it is left to the dialog. */
export function bulkCourierChoices(choices: CourierChoice[]): CourierChoice[] {
  return choices.filter((choice) => choice.provider !== "manual")
}

/** The booking request the dialog sends; null while it lacks something (a courier, or another courier's name and code). */
export function bookingRequest(
  provider: CourierProvider | "",
  courierName: string,
  trackingCode: string
): { provider: CourierProvider; courierName?: string; trackingCode?: string } | null {
  if (!provider) return null
  if (provider !== "manual") return { provider }
  const name = courierName.trim()
  const code = trackingCode.trim()
  return name && code ? { provider, courierName: name, trackingCode: code } : null
}

export const COURIER_OUTCOME_LABELS: Record<CourierOutcome, string> = {
  open: "On its way",
  hold: "On hold",
  delivered: "Delivered",
  partial: "Partly delivered",
  returned: "Returned",
}

/** The many-orders form's answer in one line: "3 sent, 1 not sent: <first refusal>". */
export function bookingSummary(results: CourierBookingResult[]): { text: string; allSent: boolean } {
  const sent = results.filter((r) => r.success && r.booked).length
  const already = results.filter((r) => r.success && !r.booked).length
  const failed = results.filter((r): r is Extract<CourierBookingResult, { success: false }> => !r.success)
  const parts = [`${sent} sent`]
  if (already) parts.push(`${already} already with a courier`)
  if (failed.length) parts.push(`${failed.length} not sent: ${failed[0]!.message}`)
  return { text: parts.join(", "), allSent: failed.length === 0 }
}

/** Splits the selected order ids into the route's batches (at most 100 orders a call). */
export function batches<T>(items: T[], size = 100): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** The parcel's cash lines the dialog shows: what is known (the cash to collect is the order total). */
export function courierCashLines(
  courier: Pick<CourierInfo, "collectedAmount" | "deliveryCharge" | "settledAmount">,
  orderTotal: number
): { label: string; amount: number }[] {
  const lines: { label: string; amount: number | null }[] = [
    { label: "Cash to collect", amount: orderTotal },
    { label: "Collected", amount: courier.collectedAmount },
    { label: "Courier fee", amount: courier.deliveryCharge },
    { label: "Settled", amount: courier.settledAmount },
  ]
  return lines.filter(
    (line): line is { label: string; amount: number } => typeof line.amount === "number" && Number.isFinite(line.amount)
  )
}
