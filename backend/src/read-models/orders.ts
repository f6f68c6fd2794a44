import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  BKASH_STATES,
  COURIER_LABELS,
  type CourierInfo,
  isPaymentMethod,
  type Order,
  type OrderBkash,
  paymentSplit,
} from "@shop/contract"
import { pgConnection, type PgRows } from "../lib/pg"
import { courierOfProviderId, type ParcelRecord } from "../modules/couriers"
import { ORDER_LINK_TABLE } from "../modules/shop-order/link-table"
import { parcelFulfilment } from "./couriers"
import { isMedusaId } from "./products"
import { customerName } from "./users"

const FIELDS = [
  "id",
  "order_number",
  "status",
  "status_changed_at",
  "is_guest",
  "guest_name",
  "guest_email",
  "guest_phone",
  "customer_id",
  "cart_id",
  "landing_page_slug",
  "address",
  "delivery_area",
  "delivery_charge",
  "total",
  "payment_method",
  "payment_state",
  "amount_paid",
  "bkash_trx_id",
  "stock_taken",
  "created_at",
  "order.id",
  "order.created_at",
  "order.customer.first_name",
  "order.customer.last_name",
  "order.customer.metadata",
  "order.items.product_id",
  "order.items.title",
  "order.items.thumbnail",
  "order.items.unit_price",
  "order.items.quantity",
  "order.items.detail.quantity",
  "order.fulfillments.provider_id",
  "order.fulfillments.data",
  "order.fulfillments.canceled_at",
  "order.fulfillments.created_at",
]

type Row = {
  id: string
  order_number: string
  status: string
  status_changed_at: string | Date
  is_guest: boolean
  guest_name: string | null
  guest_email: string | null
  guest_phone: string | null
  customer_id: string | null
  cart_id: string | null
  landing_page_slug: string | null
  /** the delivery address as placed (a JSON column: the contract's OrderAddress) */
  address: Record<string, unknown>
  delivery_area: string | null
  delivery_charge: number
  total: number
  /** absent in rows read before the column existed: cash on delivery */
  payment_method?: string | null
  payment_state?: string | null
  amount_paid?: number | null
  bkash_trx_id?: string | null
  created_at: string | Date
  order?: {
    id: string
    created_at: string | Date
    customer?: {
      first_name?: string | null
      last_name?: string | null
      metadata?: Record<string, unknown> | null
    } | null
    items?:
      | {
          product_id?: string | null
          title: string
          thumbnail?: string | null
          unit_price: unknown
          quantity: unknown
          detail?: { quantity: unknown } | null
        }[]
      | null
    fulfillments?: CourierFulfilment[] | null
  } | null
}

const iso = (d: string | Date) => new Date(d).toISOString()

type CourierFulfilment = {
  provider_id?: string | null
  data?: Record<string, unknown> | null
  canceled_at?: string | Date | null
  created_at?: string | Date | null
}

const numberOrNull = (value: unknown) =>
  value === null || value === undefined || !Number.isFinite(Number(value)) ? null : Number(value)
const textOrNull = (value: unknown) => (typeof value === "string" && value !== "" ? value : null)

/**
 * The order's parcel: its live (not cancelled) fulfilment by a courier
 * provider, newest first, as the provider and the sync recorded it
 * (modules/couriers, workflows/sync-courier.ts), or the parcel a courier
 * returned.
 */
export function courierOf(fulfilments: CourierFulfilment[] | null | undefined): CourierInfo | null {
  // the live parcel; else one the courier brought back (the order was cancelled as returned)
  const live = parcelFulfilment(fulfilments, true)
  if (!live) return null
  const provider = courierOfProviderId(live.provider_id)!
  const data = (live.data ?? {}) as Partial<ParcelRecord>
  return {
    provider,
    courierName: textOrNull(data.courier_name) ?? COURIER_LABELS[provider],
    consignmentId: textOrNull(data.consignment_id),
    trackingCode: textOrNull(data.tracking_code),
    courierStatus: textOrNull(data.courier_status),
    trackingUrl: textOrNull(data.tracking_url),
    collectedAmount: numberOrNull(data.collected_amount),
    deliveryCharge: numberOrNull(data.delivery_charge),
    settledAmount: numberOrNull(data.settled_amount),
    payoutId: textOrNull(data.payout_id),
    onHold: data.on_hold === true,
    outcome: data.outcome ?? "open",
    awaitingReturn: data.awaiting_return === true,
    returnedUnits: (data.returned_units ?? []).reduce((sum, unit) => sum + Number(unit.quantity), 0),
    updatedAt: iso(textOrNull(data.updated_at) ?? live.created_at ?? new Date()),
  }
}

/** A bKash order's payment as the shop recorded it; nothing for cash on delivery. */
function bkashOf(row: Row): { bkash?: OrderBkash } {
  const method = row.payment_method
  if (method !== "bkash_full" && method !== "bkash_advance") return {}
  const state = (BKASH_STATES as readonly string[]).includes(row.payment_state ?? "") ? row.payment_state : "awaiting"
  return {
    bkash: {
      state: state as OrderBkash["state"],
      dueNow: paymentSplit(method, Number(row.total), Number(row.delivery_charge)).dueNow,
      paid: Number(row.amount_paid ?? 0),
      trxId: row.bkash_trx_id ?? null,
    },
  }
}

export function toShopOrderView(row: Row): Order {
  const username = row.order?.customer ? customerName(row.order.customer) : ""
  return {
    _id: row.order?.id ?? row.id,
    orderNumber: row.order_number,
    orderDate: iso(row.order?.created_at ?? row.created_at),
    orderUpdateDate: iso(row.status_changed_at),
    orderStatus: row.status,
    TotalAmount: Number(row.total),
    isGuest: row.is_guest,
    guestName: row.guest_name,
    guestEmail: row.guest_email,
    guestPhone: row.guest_phone,
    userId: row.customer_id ? { _id: row.customer_id, username: username || "" } : null,
    cartId: row.cart_id,
    cartItems: (row.order?.items ?? []).map((i) => ({
      productId: i.product_id ?? null,
      title: i.title,
      image: i.thumbnail ?? "",
      price: Number(i.unit_price),
      quantity: Number(i.quantity ?? i.detail?.quantity),
    })),
    addressInfo: [row.address as Order["addressInfo"][number]],
    landingPageSlug: row.landing_page_slug,
    deliveryArea: row.delivery_area,
    deliveryCharge: Number(row.delivery_charge),
    paymentMethod: isPaymentMethod(row.payment_method) ? row.payment_method : "cod",
    ...bkashOf(row),
    courier: courierOf(row.order?.fulfillments),
  }
}

/** Orders newest first; `filters` on the shop's record (customer_id, id...). */
export async function listShopOrders(
  container: MedusaContainer,
  filters: Record<string, unknown> = {}
): Promise<Order[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "shop_order", fields: FIELDS, filters })
  return (data as Row[])
    .map(toShopOrderView)
    .sort((a, b) => b.orderDate.localeCompare(a.orderDate) || b.orderNumber.localeCompare(a.orderNumber))
}

/**
 * One page of orders, newest first, and how many match. The search (SPEC.md
 * section 5, admin order search) is case-insensitive on the trimmed term and
 * matches the order number, the full order id, the guest name or the
 * account's name, the guest phone or the address number, and the status;
 * the database does the matching and the paging.
 */
export async function searchShopOrders(
  container: MedusaContainer,
  params: { q: string; offset: number; limit: number }
): Promise<{ data: Order[]; count: number }> {
  const knex = pgConnection(container)
  const term = params.q.trim()
  // ilike with the term's own % and _ taken literally
  const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const matching = `
       from shop_order o
       left join ${ORDER_LINK_TABLE} l on l.shop_order_id = o.id and l.deleted_at is null
       left join customer c on c.id = o.customer_id
      where o.deleted_at is null
        and (:term = ''
          or o.order_number ilike :like or l.order_id ilike :like or o.status ilike :like
          or o.guest_name ilike :like or o.guest_phone ilike :like or o.address->>'number' ilike :like
          or c.metadata->>'username' ilike :like or concat_ws(' ', c.first_name, c.last_name) ilike :like)`
  const { rows } = await knex.raw<PgRows>(
    `select o.id, count(*) over () as total ${matching}
      order by o.created_at desc, o.order_number desc
      limit :limit offset :offset`,
    { term, like, limit: params.limit, offset: params.offset }
  )
  const ids = rows.map((r) => r.id as string)
  let count = rows.length ? Number(rows[0].total) : 0
  if (!rows.length && params.offset > 0) {
    // past the last page: still say how many there are
    const { rows: all } = await knex.raw<PgRows>(`select count(*)::int as total ${matching}`, { term, like })
    count = Number(all[0].total)
  }
  const data = ids.length ? await listShopOrders(container, { id: ids }) : []
  return { data, count }
}

/** One order by its Medusa order id, or null (also for anything that is not an order id). */
export async function findShopOrder(container: MedusaContainer, orderId: string): Promise<Order | null> {
  if (!isMedusaId("order", orderId)) return null
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: ["id", "shop_order.id"], filters: { id: orderId } })
  const shopOrderId = (data[0] as { shop_order?: { id: string } | null } | undefined)?.shop_order?.id
  if (!shopOrderId) return null
  const [order] = await listShopOrders(container, { id: shopOrderId })
  return order ?? null
}
