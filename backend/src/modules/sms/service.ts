import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { Context } from "@medusajs/framework/types"
import { generateEntityId, InjectManager, MedusaContext, MedusaService } from "@medusajs/framework/utils"
import type { SmsMessageState } from "@shop/contract"
import SmsMessage from "./models/sms-message"

export type SmsMessageRow = {
  id: string
  key: string
  order_id: string | null
  event: string
  phone: string
  text: string
  encoding: string
  parts: number
  state: SmsMessageState
  attempts: number
  next_attempt_at: Date | string | null
  gateway: string | null
  gateway_message_id: string | null
  answer: string | null
  cost_poisha: number | null
  sent_at: Date | string | null
  created_at: Date | string
}

export type NewSmsMessage = Pick<SmsMessageRow, "key" | "order_id" | "event" | "phone" | "text" | "encoding" | "parts">

/** How an attempt ended, as the sender records it. */
export type SmsOutcome =
  | { state: "sent"; at: Date; gateway: string; messageId: string | null; answer: string; costPoisha: number | null }
  | { state: "pending"; gateway: string | null; answer: string; next_attempt_at: Date }
  | { state: "refused" | "failed"; gateway: string | null; answer: string }

const manager = (ctx: Context<EntityManager>) => ctx.manager!
const iso = (d: Date) => d.toISOString()

/**
 * Text messages, one per key. The state moves only through the statements
 * below, each guarded by the state it leaves, so two deliveries of one event
 * make one message and two senders send it once:
 *
 *   pending --claim/finish--> sent | refused | failed | pending (a later retry)
 *
 * A claim moves `next_attempt_at` past the attempt (a lease): another sender
 * finds nothing due until the attempt has ended or its lease has run out.
 */
class SmsModuleService extends MedusaService({ SmsMessage }) {
  /** The message for `key`, made now, or null when one was already made (the event came again). */
  @InjectManager()
  async open(
    message: NewSmsMessage,
    now: Date,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<SmsMessageRow | null> {
    const rows: SmsMessageRow[] = await manager(sharedContext).execute(
      `insert into sms_message (id, key, order_id, event, phone, text, encoding, parts, state, attempts, next_attempt_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?::timestamptz)
       on conflict (key) where deleted_at is null do nothing
       returning *`,
      [
        generateEntityId(undefined, "sms"),
        message.key,
        message.order_id,
        message.event,
        message.phone,
        message.text,
        message.encoding,
        message.parts,
        iso(now),
      ]
    )
    return rows[0] ?? null
  }

  /** Takes a due message for one attempt (counted; due again after `leaseSeconds`); null when it is not due. */
  @InjectManager()
  async claim(
    id: string,
    now: Date,
    leaseSeconds: number,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<SmsMessageRow | null> {
    const rows: SmsMessageRow[] = await manager(sharedContext).execute(
      `update sms_message
          set attempts = attempts + 1, next_attempt_at = ?::timestamptz + make_interval(secs => ?), updated_at = now()
        where id = ? and state = 'pending' and next_attempt_at <= ?::timestamptz and deleted_at is null
        returning *`,
      [iso(now), leaseSeconds, id, iso(now)]
    )
    return rows[0] ?? null
  }

  /** Records how a claimed attempt ended (only a message still pending changes). */
  @InjectManager()
  async finish(
    id: string,
    outcome: SmsOutcome,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<void> {
    const [sql, bindings] = ((): [string, unknown[]] => {
      switch (outcome.state) {
        case "sent":
          return [
            `state = 'sent', sent_at = ?::timestamptz, next_attempt_at = null, gateway = ?, gateway_message_id = ?, answer = ?, cost_poisha = ?`,
            [iso(outcome.at), outcome.gateway, outcome.messageId, outcome.answer, outcome.costPoisha],
          ]
        case "pending":
          return [
            `next_attempt_at = ?::timestamptz, gateway = ?, answer = ?`,
            [iso(outcome.next_attempt_at), outcome.gateway, outcome.answer],
          ]
        default:
          return [
            `state = ?, next_attempt_at = null, gateway = ?, answer = ?`,
            [outcome.state, outcome.gateway, outcome.answer],
          ]
      }
    })()
    await manager(sharedContext).execute(
      `update sms_message set ${sql}, updated_at = now() where id = ? and state = 'pending' and deleted_at is null`,
      [...bindings, id]
    )
  }

  /** Messages due for an attempt at `now`, the longest-waiting first. */
  @InjectManager()
  async dueIds(
    now: Date,
    limit: number,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<string[]> {
    const rows: { id: string }[] = await manager(sharedContext).execute(
      `select id from sms_message
        where state = 'pending' and next_attempt_at <= ?::timestamptz and deleted_at is null
        order by next_attempt_at asc
        limit ?`,
      [iso(now), Math.max(1, Math.floor(limit))]
    )
    return rows.map((r) => r.id)
  }
}

export default SmsModuleService
