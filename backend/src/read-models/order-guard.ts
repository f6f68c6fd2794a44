import type { InferTypeOf, MedusaContainer } from "@medusajs/framework/types"
import {
  DEFAULT_GUARD_RULES,
  phoneKey,
  type BlocklistEntry,
  type ConfirmationLogEntry,
  type GuardRules,
  type OrderRisk,
} from "@shop/contract"
import { pgConnection, type PgRows } from "../lib/pg"
import { ORDER_GUARD_MODULE } from "../modules/order-guard"
import { assessRisk, rulesOf } from "../modules/order-guard/assess"
import type OrderRiskModel from "../modules/order-guard/models/order-risk"
import type OrderGuardModuleService from "../modules/order-guard/service"
import { ORDER_LINK_TABLE } from "../modules/shop-order/link-table"

const guard = (container: MedusaContainer) => container.resolve<OrderGuardModuleService>(ORDER_GUARD_MODULE)

/** The merchant's rules, the defaults where never set. */
export async function guardRules(container: MedusaContainer): Promise<GuardRules> {
  const [row] = await guard(container).listGuardRules({ key: "default" })
  return rulesOf(row?.rules, DEFAULT_GUARD_RULES)
}

/** The blocklist entry of a phone or a client address, if either is blocklisted. */
export async function blocklisted(container: MedusaContainer, phone: string | null, address: string | null) {
  const or = [
    ...(phone ? [{ kind: "phone" as const, value: phone }] : []),
    ...(address ? [{ kind: "address" as const, value: address }] : []),
  ]
  if (!or.length) return null
  const [entry] = await guard(container).listBlocklistEntries({ $or: or }, { take: 1 })
  return entry ?? null
}

export async function blocklist(container: MedusaContainer): Promise<BlocklistEntry[]> {
  const entries = await guard(container).listBlocklistEntries({}, { order: { created_at: "DESC" } })
  return entries.map((e) => ({
    id: e.id,
    kind: e.kind,
    value: e.value,
    reason: e.reason,
    createdAt: new Date(e.created_at).toISOString(),
  }))
}

/**
 * A phone's earlier orders in this shop, by status, and those of the last 24
 * hours: one indexed lookup on the order's phone key (shop_order.phone,
 * normalised at intake by the contract's phoneKey), however the phone was typed.
 */
export async function phoneHistory(container: MedusaContainer, phone: string) {
  const key = phoneKey(phone)
  const { rows } = await pgConnection(container).raw<PgRows>(
    `select count(*)::int as past,
            count(*) filter (where status in ('delivered', 'completed'))::int as delivered,
            count(*) filter (where status = 'cancelled')::int as returned_or_cancelled,
            count(*) filter (where created_at > now() - interval '24 hours')::int as last_day
       from shop_order
      where deleted_at is null and phone = ?`,
    [key]
  )
  const row = rows[0] ?? {}
  return {
    pastOrders: Number(row.past ?? 0),
    delivered: Number(row.delivered ?? 0),
    returnedOrCancelled: Number(row.returned_or_cancelled ?? 0),
    lastDayFromPhone: Number(row.last_day ?? 0),
  }
}

/** Orders from a client address in the last 24 hours (as the guard recorded them). */
export async function addressLastDay(container: MedusaContainer, address: string | null): Promise<number> {
  if (!address) return 0
  const { rows } = await pgConnection(container).raw<PgRows>(
    `select count(*)::int as n from order_risk where deleted_at is null and client_address = ? and created_at > now() - interval '24 hours'`,
    [address]
  )
  return Number(rows[0]?.n ?? 0)
}

/** The number of an order of one of these products by this phone within the window, or null. */
export async function duplicateOrder(
  container: MedusaContainer,
  phone: string,
  productIds: string[],
  hours: number
): Promise<string | null> {
  if (!productIds.length) return null
  const { rows } = await pgConnection(container).raw<PgRows>(
    `select so.order_number
       from order_risk r
       join ${ORDER_LINK_TABLE} l on l.order_id = r.order_id and l.deleted_at is null
       join shop_order so on so.id = l.shop_order_id and so.deleted_at is null
      where r.deleted_at is null and r.phone = ? and r.created_at > now() - make_interval(hours => ?)
        and so.status <> 'cancelled'
        and jsonb_exists_any(r.product_ids, (select array_agg(value) from jsonb_array_elements_text(?::jsonb)))
      order by r.created_at desc
      limit 1`,
    [phone, Math.round(hours), JSON.stringify(productIds)]
  )
  return (rows[0]?.order_number as string | undefined) ?? null
}

/** A cached courier score, when younger than `maxAgeMs`. */
export async function cachedCourierScore(container: MedusaContainer, phone: string, maxAgeMs: number) {
  const [row] = await guard(container).listCourierScores({ phone }, { take: 1 })
  if (!row || Date.now() - new Date(row.fetched_at).getTime() > maxAgeMs) return undefined
  return row.score === null ? null : { score: Number(row.score), parcels: Number(row.parcels) }
}

type RiskRow = Pick<
  InferTypeOf<typeof OrderRiskModel>,
  | "order_id"
  | "level"
  | "reasons"
  | "past_orders"
  | "delivered"
  | "returned_or_cancelled"
  | "success_ratio"
  | "courier_score"
  | "needs_confirmation"
  | "duplicate_of"
  | "confirmations"
>

export function riskView(row: RiskRow): OrderRisk & { confirmations: ConfirmationLogEntry[] } {
  return {
    level: row.level,
    reasons: row.reasons ?? [],
    pastOrders: Number(row.past_orders),
    delivered: Number(row.delivered),
    returnedOrCancelled: Number(row.returned_or_cancelled),
    successRatio: row.success_ratio === null ? null : Number(row.success_ratio),
    courierScore: row.courier_score === null ? null : Number(row.courier_score),
    needsConfirmation: row.needs_confirmation,
    phoneVerified: (row.confirmations ?? []).some((c) => c.via === "sms_code" && c.outcome === "confirmed"),
    duplicateOf: row.duplicate_of,
    confirmations: (row.confirmations ?? []).map((c) => ({
      outcome: c.outcome,
      note: c.note,
      adminId: c.admin_id,
      at: c.at,
      ...(c.via ? { via: c.via } : {}),
    })),
  }
}

/** The risk (and calls) of these orders, by Medusa order id: admin views only. */
export async function risksOf(container: MedusaContainer, orderIds: string[]) {
  if (!orderIds.length) return new Map<string, ReturnType<typeof riskView>>()
  const rows = await guard(container).listOrderRisks({ order_id: orderIds })
  return new Map(rows.map((r) => [r.order_id, riskView(r)]))
}

/** Orders waiting for a confirmation call, oldest first (Medusa order ids). */
export async function heldOrderIds(container: MedusaContainer): Promise<string[]> {
  const rows = await guard(container).listOrderRisks(
    { needs_confirmation: true },
    { order: { created_at: "ASC" }, select: ["order_id"] }
  )
  return rows.map((r) => r.order_id)
}

/** A phone's orders in this shop, newest first (the confirmation queue shows them beside a held order). */
export async function ordersOfPhone(container: MedusaContainer, phone: string, limit = 20) {
  const { rows } = await pgConnection(container).raw<PgRows>(
    `select order_number, status, total, created_at from shop_order
      where deleted_at is null and phone = ?
      order by created_at desc limit ?`,
    [phoneKey(phone), limit]
  )
  return rows.map((r) => ({
    orderNumber: String(r.order_number),
    status: String(r.status),
    total: Number(r.total),
    orderDate: new Date(r.created_at as string).toISOString(),
  }))
}

/** Orders as the admin sees them: each with what the guard found (null for orders from before the guard). */
export async function withRisk<T extends { _id: string }>(
  container: MedusaContainer,
  orders: T[]
): Promise<(T & { risk: ReturnType<typeof riskView> | null })[]> {
  const risks = await risksOf(
    container,
    orders.map((o) => o._id)
  )
  return orders.map((o) => ({ ...o, risk: risks.get(o._id) ?? null }))
}

/**
 * What the guard would say of an order of these products by this phone now,
 * from the shop's own orders (the courier's fraud score as last cached: a
 * preview never calls the courier), and whether the phone is blocklisted.
 * Staff see it before they save an order taken by phone or in Messenger.
 */
export async function previewRisk(container: MedusaContainer, phone: string, productIds: string[]) {
  const key = phoneKey(phone)
  const rules = await guardRules(container)
  const [history, duplicate, courier, refused] = await Promise.all([
    phoneHistory(container, key),
    duplicateOrder(container, key, productIds, rules.duplicateWindowHours),
    cachedCourierScore(container, key, Number.POSITIVE_INFINITY),
    blocklisted(container, key, null),
  ])
  const risk = assessRisk(
    { ...history, lastDayFromAddress: 0, duplicateOf: duplicate, courier: courier ?? null },
    rules
  )
  return { risk, blocklisted: Boolean(refused) }
}
