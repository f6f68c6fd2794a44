import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { BkashMethod } from "@shop/contract"
import { BKASH_PROVIDER_ID } from "../modules/bkash"
import { bkashData, type BkashData } from "../modules/bkash/service"

/** An order's bKash session and what the shop recorded about the order (null: the order is not paid by bKash). */
export type BkashOrder = {
  /** the shop's record (shop_order) */
  id: string
  order_id: string
  order_number: string
  phone: string
  method: BkashMethod
  /** the shop's record of where the payment stands (payment_state), and the order's status */
  payment_state: string | null
  status: string
  /** taka bKash confirmed (less refunds) and its transaction id, as the shop recorded them */
  amount_paid: number
  trx_id: string | null
  /** how the shopper chose to pay when placing it (cash: the advance was asked because the guard held it) */
  placed_as: string | null
  /** the landing page it was ordered from (its shopper reads Bengali) */
  landing_page_slug: string | null
  total: number
  delivery_charge: number
  delivery_area: string | null
  session_id: string
  session_status: string
  data: BkashData
  /** the session's payment once bKash confirmed (null while waiting) */
  payment: { id: string; captured: number } | null
}

type SessionRow = {
  id: string
  provider_id: string
  status: string
  data: Record<string, unknown> | null
  payment?: { id: string; captures?: { amount: number | string }[] | null } | null
}

/** The order's bKash payment session and the shop's figures for it, read fresh. */
export async function readBkashOrder(container: MedusaContainer, orderId: string): Promise<BkashOrder | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "shop_order",
    fields: [
      "id",
      "order_number",
      "phone",
      "total",
      "delivery_charge",
      "delivery_area",
      "payment_method",
      "payment_state",
      "status",
      "amount_paid",
      "bkash_trx_id",
      "landing_page_slug",
      "order.id",
      "order.metadata",
      "order.payment_collections.payment_sessions.id",
      "order.payment_collections.payment_sessions.provider_id",
      "order.payment_collections.payment_sessions.status",
      "order.payment_collections.payment_sessions.data",
      "order.payment_collections.payment_sessions.payment.id",
      "order.payment_collections.payment_sessions.payment.captures.amount",
    ],
    filters: { order: { id: orderId } },
  })
  const row = data[0] as
    | {
        id: string
        order_number: string
        phone: string
        total: number
        delivery_charge: number
        delivery_area?: string | null
        payment_method?: string | null
        payment_state?: string | null
        status: string
        amount_paid?: number | null
        bkash_trx_id?: string | null
        landing_page_slug?: string | null
        order?: {
          id: string
          metadata?: Record<string, unknown> | null
          payment_collections?: { payment_sessions?: SessionRow[] | null }[] | null
        } | null
      }
    | undefined
  if (!row?.order || (row.payment_method !== "bkash_full" && row.payment_method !== "bkash_advance")) return null
  const session = (row.order.payment_collections ?? [])
    .flatMap((c) => c.payment_sessions ?? [])
    .find((s) => s.provider_id === BKASH_PROVIDER_ID)
  if (!session) return null
  return {
    id: row.id,
    order_id: row.order.id,
    order_number: row.order_number,
    phone: row.phone,
    method: row.payment_method,
    payment_state: row.payment_state ?? null,
    status: row.status,
    amount_paid: Number(row.amount_paid ?? 0),
    trx_id: row.bkash_trx_id ?? null,
    landing_page_slug: row.landing_page_slug ?? null,
    placed_as: typeof row.order.metadata?.payment_method === "string" ? row.order.metadata.payment_method : null,
    total: Number(row.total),
    delivery_charge: Number(row.delivery_charge),
    delivery_area: row.delivery_area ?? null,
    session_id: session.id,
    session_status: session.status,
    data: bkashData(session.data ?? {}),
    payment: session.payment
      ? {
          id: session.payment.id,
          captured: (session.payment.captures ?? []).reduce((sum, c) => sum + Number(c.amount), 0),
        }
      : null,
  }
}

/** bKash orders still waiting to be paid, placed before `before`, oldest first (at most `limit`): their Medusa order ids. */
export async function bkashOrdersDue(container: MedusaContainer, before: Date, limit = 50): Promise<string[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "shop_order",
    fields: ["id", "created_at", "order.id"],
    filters: {
      payment_state: ["awaiting", "failed"],
      payment_method: ["bkash_full", "bkash_advance"],
      status: "pending",
      created_at: { $lt: before },
    },
    pagination: { take: limit, order: { created_at: "ASC" } },
  })
  return (data as { order?: { id: string } | null }[]).flatMap((row) => (row.order ? [row.order.id] : []))
}
