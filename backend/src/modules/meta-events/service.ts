import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { Context } from "@medusajs/framework/types"
import { generateEntityId, InjectManager, MedusaContext, MedusaService } from "@medusajs/framework/utils"
import type { MetaPurchaseState } from "@shop/contract"
import MetaSettings from "./models/meta-settings"
import PurchaseEvent from "./models/purchase-event"

export type PurchaseEventRow = {
  id: string
  order_id: string
  kind: "purchase" | "delivered"
  order_number: string
  landing_page_id: string | null
  pixel_id: string
  state: MetaPurchaseState
  attempts: number
  event_time: Date | string | null
  next_attempt_at: Date | string | null
  last_error: string | null
  sent_at: Date | string | null
  fbp: string | null
  fbc: string | null
  client_ip: string | null
  user_agent: string | null
  event_source_url: string | null
  created_at: Date | string
  updated_at: Date | string
}

/** How an attempt ended, as the sender records it. */
export type PurchaseOutcome =
  | { state: "sent"; at: Date }
  | { state: "failed"; reason: string; next_attempt_at: Date }
  | { state: "given_up"; reason: string }
  | { state: "not_sent"; reason: string }

const manager = (ctx: Context<EntityManager>) => ctx.manager!
const iso = (d: Date) => d.toISOString()
/** "?, ?, ?": one binding per value (the manager inlines bindings, so an array cannot be one). */
const placeholders = (values: unknown[]) => values.map(() => "?").join(", ")

/**
 * Meta's Purchase events, one per order. The state moves only through the
 * statements below, each guarded by the state it leaves, so concurrent
 * triggers arm an event once and concurrent senders send it once:
 *
 *   not_sent --arm--> pending --claim/finish--> sent | failed | given_up | not_sent
 *   failed --claim/finish--> (the same)
 *
 * A claim moves `next_attempt_at` past the attempt (a lease): another sender
 * finds nothing due until the attempt has ended or its lease has run out.
 */
class MetaEventsModuleService extends MedusaService({
  PurchaseEvent,
  MetaSettings,
}) {
  /** not_sent -> pending with its event time, due at once; null when it was not waiting (already armed, sent, given up) or unknown. */
  @InjectManager()
  async arm(
    orderId: string,
    eventTime: Date,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<PurchaseEventRow | null> {
    const rows: PurchaseEventRow[] = await manager(sharedContext).execute(
      `update purchase_event
          set state = 'pending', event_time = ?::timestamptz, next_attempt_at = ?::timestamptz, last_error = null, updated_at = now()
        where order_id = ? and kind = 'purchase' and state = 'not_sent' and deleted_at is null
        returning *`,
      [iso(eventTime), iso(eventTime), orderId]
    )
    return rows[0] ?? null
  }

  /**
   * The order's delivery event, made once from its Purchase (the same pixel
   * and the shopper's tracking) and due at once with the delivery's time;
   * null when the order has no Purchase or its delivery event was made before.
   */
  @InjectManager()
  async openDelivered(
    orderId: string,
    deliveredAt: Date,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<PurchaseEventRow | null> {
    const rows: PurchaseEventRow[] = await manager(sharedContext).execute(
      `insert into purchase_event (id, order_id, kind, order_number, landing_page_id, pixel_id, state, attempts, event_time,
                                   next_attempt_at, fbp, fbc, client_ip, user_agent, event_source_url)
       select ?, order_id, 'delivered', order_number, landing_page_id, pixel_id, 'pending', 0, ?::timestamptz,
              ?::timestamptz, fbp, fbc, client_ip, user_agent, event_source_url
         from purchase_event
        where order_id = ? and kind = 'purchase' and deleted_at is null
       on conflict (order_id, kind) where deleted_at is null do nothing
       returning *`,
      [generateEntityId(undefined, "mpev"), iso(deliveredAt), iso(deliveredAt), orderId]
    )
    return rows[0] ?? null
  }

  /** Why a waiting event is not armed (a held order, say): shown in the admin; only a not_sent event is touched (null: no reason, as a compensation puts it back). */
  @InjectManager()
  async noteWaiting(
    orderId: string,
    reason: string | null,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<void> {
    await manager(sharedContext).execute(
      `update purchase_event set last_error = ?, updated_at = now()
        where order_id = ? and kind = 'purchase' and state = 'not_sent' and deleted_at is null`,
      [reason, orderId]
    )
  }

  /**
   * Takes a due event for one attempt: counts the attempt and moves its next
   * attempt to `now + leaseSeconds`. Null when it is not due (another sender
   * has it, it is waiting for its back-off, or it is over).
   */
  @InjectManager()
  async claim(
    id: string,
    now: Date,
    leaseSeconds: number,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<PurchaseEventRow | null> {
    const rows: PurchaseEventRow[] = await manager(sharedContext).execute(
      `update purchase_event
          set attempts = attempts + 1, next_attempt_at = ?::timestamptz + make_interval(secs => ?), updated_at = now()
        where id = ? and state in ('pending', 'failed') and next_attempt_at <= ?::timestamptz and deleted_at is null
        returning *`,
      [iso(now), leaseSeconds, id, iso(now)]
    )
    return rows[0] ?? null
  }

  /** Records how a claimed attempt ended (only an event still pending or failed changes). */
  @InjectManager()
  async finish(
    id: string,
    outcome: PurchaseOutcome,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<void> {
    const [sql, bindings] = (() => {
      switch (outcome.state) {
        case "sent":
          return [
            `state = 'sent', sent_at = ?::timestamptz, next_attempt_at = null, last_error = null`,
            [iso(outcome.at)],
          ]
        case "failed":
          return [
            `state = 'failed', next_attempt_at = ?::timestamptz, last_error = ?`,
            [iso(outcome.next_attempt_at), outcome.reason],
          ]
        case "given_up":
          return [`state = 'given_up', next_attempt_at = null, last_error = ?`, [outcome.reason]]
        default:
          return [`state = 'not_sent', event_time = null, next_attempt_at = null, last_error = ?`, [outcome.reason]]
      }
    })() as [string, unknown[]]
    await manager(sharedContext).execute(
      `update purchase_event set ${sql}, updated_at = now()
        where id = ? and state in ('pending', 'failed') and deleted_at is null`,
      [...bindings, id]
    )
  }

  /** Events due for an attempt at `now`, the longest-waiting first. */
  @InjectManager()
  async dueIds(
    now: Date,
    limit: number,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<string[]> {
    const rows: { id: string }[] = await manager(sharedContext).execute(
      `select id from purchase_event
        where state in ('pending', 'failed') and next_attempt_at <= ?::timestamptz and deleted_at is null
        order by next_attempt_at asc
        limit ?`,
      [iso(now), Math.max(1, Math.floor(limit))]
    )
    return rows.map((r) => r.id)
  }

  /** Purchases Meta took, per landing page. */
  @InjectManager()
  async sentCountsByPage(
    pageIds: string[],
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<Map<string, number>> {
    if (!pageIds.length) return new Map()
    const rows: { landing_page_id: string; sent: number | string }[] = await manager(sharedContext).execute(
      `select landing_page_id, count(*)::int as sent from purchase_event
        where state = 'sent' and kind = 'purchase' and deleted_at is null and landing_page_id in (${placeholders(pageIds)})
        group by landing_page_id`,
      pageIds
    )
    return new Map(rows.map((r) => [r.landing_page_id, Number(r.sent)]))
  }
}

export default MetaEventsModuleService
