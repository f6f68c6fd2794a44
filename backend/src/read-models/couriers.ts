import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  cashToCollect,
  COURIER_LABELS,
  COURIER_PROVIDERS,
  type CourierCash,
  type CourierChoice,
  type CourierProvider,
  type OrderStatus,
} from "@shop/contract"
import { courierOfProviderId, missingCourierSettings, type ParcelRecord } from "../modules/couriers"

/** The couriers a merchant can book with, each set up or with the variables it still needs (GET /api/admin/couriers). */
export function courierChoices(env: NodeJS.ProcessEnv = process.env): CourierChoice[] {
  return COURIER_PROVIDERS.map((provider) => {
    const missing = missingCourierSettings(provider, env)
    return { provider, label: COURIER_LABELS[provider], configured: missing.length === 0, missing }
  })
}

/** A parcel with a courier, as the sync reads it: the order, its shop status and the fulfilment the courier's provider made. */
export type LiveParcel = {
  orderId: string
  orderNumber: string
  status: OrderStatus
  total: number
  /** what the courier collects: the total less what bKash already received */
  cash: number
  fulfillmentId: string
  provider: CourierProvider
  record: ParcelRecord
}

type ParcelRow = {
  order_number: string
  status: OrderStatus
  total: unknown
  amount_paid?: unknown
  order?: {
    id: string
    fulfillments?:
      | {
          id: string
          provider_id: string
          data: Record<string, unknown> | null
          canceled_at: unknown
          created_at: unknown
        }[]
      | null
  } | null
}

const PARCEL_FIELDS = [
  "order_number",
  "status",
  "total",
  "amount_paid",
  "order.id",
  "order.fulfillments.id",
  "order.fulfillments.provider_id",
  "order.fulfillments.data",
  "order.fulfillments.canceled_at",
  "order.fulfillments.created_at",
]

type CourierFulfilment = {
  provider_id?: string | null
  data?: Record<string, unknown> | null
  canceled_at?: unknown
  created_at?: unknown
}

/**
 * An order's parcel among its fulfilments: the newest live one by a courier
 * provider; with `returned`, else the newest one a courier brought back (its
 * order cancelled as returned). The one rule the order views and the sync share.
 */
export function parcelFulfilment<F extends CourierFulfilment>(
  fulfilments: F[] | null | undefined,
  returned: boolean
): F | undefined {
  const byCourier = (fulfilments ?? [])
    .filter((f) => courierOfProviderId(f.provider_id))
    .sort((a, b) => new Date(String(b.created_at ?? 0)).getTime() - new Date(String(a.created_at ?? 0)).getTime())
  return (
    byCourier.find((f) => !f.canceled_at) ??
    (returned ? byCourier.find((f) => f.data?.outcome === "returned") : undefined)
  )
}

/** The order's live parcel; with `returned`, else the parcel a courier brought back. */
function liveParcelOf(row: ParcelRow, returned = false): LiveParcel | null {
  const fulfilment = parcelFulfilment(row.order?.fulfillments, returned)
  if (!row.order || !fulfilment) return null
  return {
    orderId: row.order.id,
    orderNumber: row.order_number,
    status: row.status,
    total: Number(row.total),
    cash: cashToCollect(Number(row.total), { paid: Number(row.amount_paid ?? 0) }),
    fulfillmentId: fulfilment.id,
    provider: courierOfProviderId(fulfilment.provider_id)!,
    record: (fulfilment.data ?? {}) as ParcelRecord,
  }
}

/**
 * The live parcel of the order with this number (a courier's invoice /
 * merchant order id), or null; with `returned`, also a parcel a courier
 * brought back (a payout may still list its fee).
 */
export async function liveParcelByOrderNumber(
  container: MedusaContainer,
  orderNumber: string,
  returned = false
): Promise<LiveParcel | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "shop_order",
    fields: PARCEL_FIELDS,
    filters: { order_number: orderNumber },
  })
  return data[0] ? liveParcelOf(data[0] as ParcelRow, returned) : null
}

/**
 * The parcel a courier's webhook is about: the order with that number whose
 * live parcel is with that courier and, when both are known, has that
 * consignment. Null: the webhook is ignored (another shop's parcel, an old
 * one, a guess).
 */
export async function parcelOfWebhook(
  container: MedusaContainer,
  provider: "steadfast" | "pathao",
  orderNumber: string,
  consignmentId: string | null
): Promise<LiveParcel | null> {
  const parcel = await liveParcelByOrderNumber(container, orderNumber)
  if (!parcel || parcel.provider !== provider) return null
  const known = parcel.record.consignment_id
  if (known && consignmentId && known !== consignmentId) return null
  return parcel
}

/** The secret a courier's webhook must present (the routes compare it with lib/same-secret.ts). */
export { courierWebhookSecret } from "../modules/couriers"

/** The merchant's cash with the couriers, over every parcel (GET /api/admin/couriers/cash). */
export async function courierCash(container: MedusaContainer): Promise<CourierCash> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "shop_order", fields: PARCEL_FIELDS })
  const cash: CourierCash = { toCollect: 0, collected: 0, fees: 0, settled: 0, owed: 0, parcels: 0 }
  for (const row of data as ParcelRow[]) {
    const parcel = liveParcelOf(row, true)
    if (!parcel) continue
    const record = parcel.record
    cash.parcels += 1
    // what the courier collects: the total less what bKash already received
    if (!record.outcome || record.outcome === "open" || record.outcome === "hold") cash.toCollect += parcel.cash
    cash.collected += Number(record.collected_amount ?? 0)
    // a fee is owed once the parcel is delivered or back (Pathao quotes it at booking)
    if (record.outcome && record.outcome !== "open" && record.outcome !== "hold")
      cash.fees += Number(record.delivery_charge ?? 0)
    cash.settled += Number(record.settled_amount ?? 0)
  }
  cash.owed = cash.collected - cash.fees - cash.settled
  return cash
}

/** When the poll last read a parcel (a parcel it never read: when it was booked or its courier's word changed). */
const lastRead = (parcel: LiveParcel) => String(parcel.record.checked_at ?? parcel.record.updated_at ?? "")

/**
 * Parcels still on their way (booked with Steadfast or Pathao, the order
 * shipped), the longest unread first: what the poll re-reads.
 */
export async function openParcels(container: MedusaContainer, limit: number): Promise<LiveParcel[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "shop_order", fields: PARCEL_FIELDS, filters: { status: "shipped" } })
  return (data as ParcelRow[])
    .map((row) => liveParcelOf(row))
    .filter((p): p is LiveParcel => !!p && p.provider !== "manual")
    .sort((a, b) => lastRead(a).localeCompare(lastRead(b)))
    .slice(0, limit)
}

/** The parcel fields a fulfilment's data may show a shopper (Medusa's /store order answers): no cash, no payouts. */
const SHOPPER_PARCEL_FIELDS = ["provider", "courier_name", "tracking_code", "tracking_url", "courier_status"] as const

export function shopperParcelData(data: unknown): Record<string, unknown> {
  if (!data || typeof data !== "object") return {}
  const record = data as Record<string, unknown>
  return Object.fromEntries(SHOPPER_PARCEL_FIELDS.filter((k) => k in record).map((k) => [k, record[k]]))
}

/** A courier booking of this order that went unanswered (see workflows/steps/booking-uncertain.ts), or null. */
export async function uncertainBooking(
  container: MedusaContainer,
  orderId: string
): Promise<{ provider: CourierProvider; at: string } | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: ["metadata"], filters: { id: orderId } })
  const mark = (data[0] as { metadata?: Record<string, unknown> | null } | undefined)?.metadata?.courier_uncertain as
    { provider: CourierProvider; at: string } | undefined
  return mark ?? null
}
