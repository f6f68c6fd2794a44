import type { DataAnswer, MessageAnswer } from "./answer"
import type { OrderStatus } from "./orders"

/**
 * Couriers: the providers a merchant books parcels with, what an
 * order carries about its parcel, and how a courier's own status words map to
 * the shop's order statuses. Backend (providers, sync), admin and storefront
 * read it from here.
 */

export const COURIER_PROVIDERS = ["steadfast", "pathao", "manual"] as const
export type CourierProvider = (typeof COURIER_PROVIDERS)[number]

/** An order in one of these statuses is over: it cannot be sent to a courier (409). */
export const COURIER_CLOSED_STATUSES = ["cancelled", "delivered", "completed"] as const

export const COURIER_LABELS: Record<CourierProvider, string> = {
  steadfast: "Steadfast",
  pathao: "Pathao",
  manual: "Other courier",
}

export function isCourierProvider(value: unknown): value is CourierProvider {
  return typeof value === "string" && (COURIER_PROVIDERS as readonly string[]).includes(value)
}

/** The environment variables each courier needs (`manual` needs none). */
export const COURIER_SETTINGS: Record<CourierProvider, readonly string[]> = {
  steadfast: ["STEADFAST_API_KEY", "STEADFAST_SECRET_KEY"],
  pathao: ["PATHAO_CLIENT_ID", "PATHAO_CLIENT_SECRET", "PATHAO_USERNAME", "PATHAO_PASSWORD", "PATHAO_STORE_ID"],
  manual: [],
}

/** An order's parcel, as the order details, the all-orders rows and the customer's order view carry it. */
export type CourierInfo = {
  provider: CourierProvider
  /** The courier's name (Steadfast, Pathao, or what the merchant typed for another courier). */
  courierName: string
  consignmentId: string | null
  trackingCode: string | null
  /** The courier's own status word, as it last reported it. */
  courierStatus: string | null
  trackingUrl: string | null
  /** Cash the courier reported collected (null until it reports). */
  collectedAmount: number | null
  /** The courier's fee for the parcel (null until it reports). */
  deliveryCharge: number | null
  /** What the courier paid out for this parcel (its cash less its fee), once a payout lists it. */
  settledAmount: number | null
  payoutId: string | null
  /** The courier holds the parcel (Steadfast hold, Pathao on hold): the merchant should look. */
  onHold: boolean
  /** The courier is bringing units back (a returned parcel, a partial delivery) and the merchant has not received them yet. */
  awaitingReturn: boolean
  /** Units received back from the courier and put back in stock. */
  returnedUnits: number
  /** Where the parcel ended up by the courier's last word (open while on its way). */
  outcome: CourierOutcome
  updatedAt: string
}

/** What the shop does with a courier status: where the order moves. */
export type CourierOutcome = "open" | "hold" | "delivered" | "partial" | "returned"

const STEADFAST_OUTCOMES: Record<string, CourierOutcome> = {
  delivered: "delivered",
  partial_delivered: "partial",
  cancelled: "returned",
  hold: "hold",
}

const PATHAO_OUTCOMES: Record<string, CourierOutcome> = {
  delivered: "delivered",
  partial_delivery: "partial",
  return: "returned",
  paid_return: "returned",
  on_hold: "hold",
}

/**
 * The outcome of a courier status. Steadfast's `*_approval_pending` forms are
 * not final (the courier's admin has not approved them): the order stays open.
 * Pathao's words are matched case- and separator-insensitively ("Partial
 * Delivery", "Partial_Delivery", "partial-delivery").
 */
export function courierOutcome(provider: CourierProvider, status: string | null | undefined): CourierOutcome {
  if (!status) return "open"
  if (provider === "steadfast") return STEADFAST_OUTCOMES[status.trim().toLowerCase()] ?? "open"
  if (provider === "pathao") {
    const slug = status
      .trim()
      .toLowerCase()
      .replace(/^order\./, "")
      .replace(/[\s-]+/g, "_")
    return PATHAO_OUTCOMES[slug] ?? "open"
  }
  return "open"
}

/** The public tracking page of a parcel, or null when the courier has none. */
export function courierTrackingUrl(
  provider: CourierProvider,
  trackingCode: string | null,
  consignmentId: string | null
): string | null {
  if (provider === "steadfast" && trackingCode) return `https://steadfast.com.bd/t/${encodeURIComponent(trackingCode)}`
  if (provider === "pathao" && consignmentId)
    return `https://merchant.pathao.com/tracking?consignment_id=${encodeURIComponent(consignmentId)}`
  return null
}

/** POST /api/admin/order/{orderId}/courier (and the bulk form's per-order answer). */
export type CourierBookingRequest = {
  provider: CourierProvider
  /** manual only: the courier's name and the tracking code the merchant typed */
  courierName?: string
  trackingCode?: string
  /** book again although an earlier booking went unanswered (the merchant checked the courier's panel) */
  force?: boolean
}

/** POST /api/admin/order/courier: the same booking for many orders (at most 100 a call). */
export type BulkCourierBookingRequest = CourierBookingRequest & { orderIds: string[] }

/** POST /api/admin/order/{orderId}/courier/returned: a partial delivery names the units that came back; without items, all of them. */
export type ReturnedUnitsRequest = { items?: { productId: string; quantity: number }[] }

/** A courier as GET /api/admin/couriers lists it. */
export type CourierChoice = {
  provider: CourierProvider
  label: string
  configured: boolean
  /** the variables still to set (empty when configured) */
  missing: string[]
}

/** One order's answer in POST /api/admin/order/courier (the bulk booking). */
export type CourierBookingResult =
  | { orderId: string; success: true; booked: boolean; data: CourierInfo }
  | { orderId: string; success: false; message: string }

/** GET /api/admin/couriers/cash: the merchant's cash with the couriers, in taka. */
export type CourierCash = {
  /** cash on parcels still on their way (the order totals) */
  toCollect: number
  /** cash the couriers reported collected */
  collected: number
  /** the couriers' fees on parcels delivered or returned (a fee quoted at booking is not yet due) */
  fees: number
  /** what the couriers paid out */
  settled: number
  /** collected less fees less settled: what the couriers still owe the merchant */
  owed: number
  parcels: number
}

/** What POST /api/admin/couriers/steadfast/payouts did: payouts read, parcels settled, lines for no parcel of this shop, and the cash after. */
export type SteadfastPayoutsResult = { payouts: number; settled: number; unmatched: number; cash: CourierCash }

/** A parcel's status after a courier's webhook: the courier's word, its outcome, the order's status and whether it moved. */
export type CourierSyncResult = {
  courierStatus: string | null
  outcome: CourierOutcome
  orderStatus: OrderStatus
  moved: boolean
}

// ---------------------------------------------------------------- answers

/** GET /api/admin/couriers. */
export type CourierChoicesAnswer = DataAnswer<CourierChoice[]>
/** GET /api/admin/couriers/cash. */
export type CourierCashAnswer = DataAnswer<CourierCash>
/** POST /api/admin/couriers/steadfast/payouts. */
export type SteadfastPayoutsAnswer = DataAnswer<SteadfastPayoutsResult> & MessageAnswer
/** POST /api/admin/order/{orderId}/courier: the parcel, booked now (201) or already (200), and "Sent to ..." or "Already with ...". */
export type CourierBookingAnswer = DataAnswer<CourierInfo> & MessageAnswer
/** POST /api/admin/order/courier: each order's own result; one refusal stops nothing. */
export type BulkCourierBookingAnswer = DataAnswer<CourierBookingResult[]>
/** POST /api/admin/order/{orderId}/courier/returned: the parcel after the units came back (null: the order has none). */
export type ReturnedUnitsAnswer = DataAnswer<CourierInfo | null> & MessageAnswer

/**
 * The couriers' webhooks answer in each courier's own words, not the shop's
 * envelope: Steadfast reads `status`, Pathao `type` (its handshake included).
 */
export type SteadfastWebhookAnswer = { status: "success" | "error"; message: string; data?: CourierSyncResult }
export type PathaoWebhookAnswer = { type: "success" | "error"; message: string; data?: CourierSyncResult }

/**
 * What a shopper sees of their own parcel: the courier, its tracking and its
 * status word; never the merchant's cash (collected, fees, payouts).
 */
export function shopperCourierView(courier: CourierInfo | null): CourierInfo | null {
  if (!courier) return null
  return { ...courier, collectedAmount: null, deliveryCharge: null, settledAmount: null, payoutId: null }
}
