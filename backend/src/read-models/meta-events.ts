import type { MedusaContainer } from "@medusajs/framework/types"
import {
  DEFAULT_META_PURCHASE_TRIGGER,
  normalizeBdPhone,
  type MetaPurchaseTrigger,
  type MetaPurchaseView,
  type MetaSettings,
  type Order,
  type WithMetaPurchase,
} from "@shop/contract"
import { defaultMetaPixelId, META_EVENTS_MODULE, metaTokenSet } from "../modules/meta-events"
import type MetaEventsModuleService from "../modules/meta-events/service"
import type { PurchaseEventRow } from "../modules/meta-events/service"
import { blocklisted, risksOf } from "./order-guard"

/**
 * Meta ads, read side: the shop's choice of when "Purchase" is
 * sent, each order's Purchase as the admin sees it (never the shopper's
 * tracking itself: only whether it was kept), Purchases sent per page.
 */
const events = (container: MedusaContainer) => container.resolve<MetaEventsModuleService>(META_EVENTS_MODULE)

const isoOrNull = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null)

/** When the merchant wants "Purchase" sent (confirmed unless they chose delivered). */
export async function metaPurchaseTrigger(container: MedusaContainer): Promise<MetaPurchaseTrigger> {
  const [row] = await events(container).listMetaSettings({ key: "default" }, { take: 1 })
  return row?.purchase_on === "delivered" ? "delivered" : DEFAULT_META_PURCHASE_TRIGGER
}

/** The settings as the admin reads them: the choice, the default pixel, whether a token is set (never the token). */
export async function metaSettings(container: MedusaContainer): Promise<MetaSettings> {
  return {
    purchaseOn: await metaPurchaseTrigger(container),
    defaultPixelId: defaultMetaPixelId(),
    tokenSet: metaTokenSet(),
  }
}

export function metaPurchaseView(row: PurchaseEventRow): MetaPurchaseView {
  return {
    state: row.state,
    pixelId: row.pixel_id,
    reason: row.last_error,
    attempts: Number(row.attempts),
    eventTime: isoOrNull(row.event_time),
    nextAttemptAt: row.state === "pending" || row.state === "failed" ? isoOrNull(row.next_attempt_at) : null,
    sentAt: isoOrNull(row.sent_at),
    tracking: { browserId: Boolean(row.fbp), clickId: Boolean(row.fbc) },
  }
}

/** An order's Purchase event row, or null (the order had no pixel). */
export async function purchaseEventOfOrder(
  container: MedusaContainer,
  orderId: string
): Promise<PurchaseEventRow | null> {
  const [row] = await events(container).listPurchaseEvents({ order_id: orderId, kind: "purchase" }, { take: 1 })
  return row ?? null
}

export async function purchaseEventById(container: MedusaContainer, id: string): Promise<PurchaseEventRow | null> {
  const [row] = await events(container).listPurchaseEvents({ id }, { take: 1 })
  return row ?? null
}

/** Orders as the admin sees them, each with its Purchase event (null: the order had no pixel). */
export async function withMetaPurchase<T extends { _id: string }>(
  container: MedusaContainer,
  orders: T[]
): Promise<(T & WithMetaPurchase)[]> {
  if (!orders.length) return []
  const rows = await events(container).listPurchaseEvents({ order_id: orders.map((o) => o._id) })
  const of = (kind: PurchaseEventRow["kind"]) =>
    new Map(rows.filter((r) => r.kind === kind).map((r) => [r.order_id, metaPurchaseView(r)]))
  const purchases = of("purchase")
  const deliveries = of("delivered")
  return orders.map((o) => ({
    ...o,
    metaPurchase: purchases.get(o._id) ?? null,
    metaDelivered: deliveries.get(o._id) ?? null,
  }))
}

/** Purchases Meta took, per landing page id. */
export function purchasesSentByPage(container: MedusaContainer, pageIds: string[]): Promise<Map<string, number>> {
  return events(container).sentCountsByPage(pageIds)
}

/** The ids of the events due for an attempt at `now` (at most `limit`), the longest-waiting first: what the retry job tries. */
export function dueMetaPurchaseIds(container: MedusaContainer, now: Date, limit: number): Promise<string[]> {
  return events(container).dueIds(now, limit)
}

/**
 * Why an order's Purchase must not go out now, or null: the order is gone or
 * cancelled, marked fake, held for a confirmation call, or its phone or the
 * shopper's address is blocklisted.
 */
export async function metaPurchaseBlocker(
  container: MedusaContainer,
  order: Order | null,
  clientIp: string | null
): Promise<string | null> {
  if (!order) return "the order no longer exists"
  if (order.orderStatus === "cancelled") return "the order is cancelled"
  const risk = (await risksOf(container, [order._id])).get(order._id)
  if (risk?.confirmations.some((c) => c.outcome === "fake")) return "the order was marked fake"
  if (risk?.needsConfirmation) return "the order is held for a confirmation call"
  const phone = normalizeBdPhone(order.guestPhone || order.addressInfo[0]?.number || "")
  if (await blocklisted(container, phone, clientIp)) return "the order's phone or address is blocklisted"
  return null
}
