import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { Context } from "@medusajs/framework/types"
import { generateEntityId, InjectManager, MedusaContext, MedusaService } from "@medusajs/framework/utils"
import type { SmsMessageState } from "@shop/contract"
import SmsCode from "./models/sms-code"
import SmsMessage from "./models/sms-message"
import SmsTemplate from "./models/sms-template"

export type SmsMessageRow = {
  id: string
  key: string
  order_id: string | null
  event: string
  phone: string
  text: string
  sealed: string | null
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
  delivery: string | null
  delivery_final: boolean
  delivery_checked_at: Date | string | null
  created_at: Date | string
}

/** The merchant's template rows (an event without one sends the default words). */
export type SmsTemplateRow = { event: string; text: string; enabled: boolean }

/** One day's totals in the shop's time zone. */
export type SmsDayRow = {
  day: string
  messages: number
  sent: number
  parts: number
  cost_poisha: number | null
  failed: number
}

export type NewSmsMessage = Pick<
  SmsMessageRow,
  "key" | "order_id" | "event" | "phone" | "text" | "encoding" | "parts"
> & {
  sealed?: string | null
}

/** An order's phone check as stored (the code only as its keyed hash). */
export type SmsCodeRow = {
  id: string
  order_id: string
  phone: string
  code_hash: string
  expires_at: Date | string
  resend_at: Date | string
  tries: number
  codes: number
  state: "waiting" | "verified" | "locked"
  verified_at: Date | string | null
  created_at: Date | string
}

/** How a typed code was taken: right, wrong (the try counted), or not taken at all (the check's state says why). */
export type SmsCodeTry = { outcome: "right" | "wrong" | "not_taken"; check: SmsCodeRow | null }

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
class SmsModuleService extends MedusaService({ SmsMessage, SmsTemplate, SmsCode }) {
  /** The message for `key`, made now, or null when one was already made (the event came again). */
  @InjectManager()
  async open(
    message: NewSmsMessage,
    now: Date,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<SmsMessageRow | null> {
    const rows: SmsMessageRow[] = await manager(sharedContext).execute(
      `insert into sms_message (id, key, order_id, event, phone, text, sealed, encoding, parts, state, attempts, next_attempt_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?::timestamptz)
       on conflict (key) where deleted_at is null do nothing
       returning *`,
      [
        generateEntityId(undefined, "sms"),
        message.key,
        message.order_id,
        message.event,
        message.phone,
        message.text,
        message.sealed ?? null,
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

  /** Every event's row the merchant has saved. */
  @InjectManager()
  async templateRows(@MedusaContext() sharedContext: Context<EntityManager> = {}): Promise<SmsTemplateRow[]> {
    return manager(sharedContext).execute(
      `select event, text, enabled from sms_template where deleted_at is null order by event`
    )
  }

  /**
   * Writes each event's row (one statement per event, made or changed in
   * place: two saves at once never make two rows for one event); a field left
   * out keeps what the row had, else the default (empty words, switched on).
   */
  @InjectManager()
  async writeTemplates(
    rows: { event: string; text?: string; enabled?: boolean }[],
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<void> {
    for (const row of rows) {
      await manager(sharedContext).execute(
        `insert into sms_template (id, event, text, enabled)
         values (?, ?, coalesce(?::text, ''), coalesce(?::boolean, true))
         on conflict (event) where deleted_at is null
         do update set text = coalesce(?::text, sms_template.text),
                       enabled = coalesce(?::boolean, sms_template.enabled),
                       updated_at = now()`,
        [
          generateEntityId(undefined, "smstpl"),
          row.event,
          row.text ?? null,
          row.enabled ?? null,
          row.text ?? null,
          row.enabled ?? null,
        ]
      )
    }
  }

  /** Removes events' rows (they send the default words again). */
  @InjectManager()
  async dropTemplates(events: string[], @MedusaContext() sharedContext: Context<EntityManager> = {}): Promise<void> {
    if (!events.length) return
    await manager(sharedContext).execute(`delete from sms_template where event = any(?)`, [events])
  }

  /**
   * The messages made on each of the last `days` days in `timeZone` (today
   * included), the newest day first; days without a message are left out.
   */
  @InjectManager()
  async dayTotals(
    now: Date,
    days: number,
    timeZone: string,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<SmsDayRow[]> {
    const rows: SmsDayRow[] = await manager(sharedContext).execute(
      `select to_char(created_at at time zone ?, 'YYYY-MM-DD') as day,
              count(*)::int as messages,
              count(*) filter (where state = 'sent')::int as sent,
              coalesce(sum(parts) filter (where state = 'sent'), 0)::int as parts,
              sum(cost_poisha) filter (where state = 'sent')::int as cost_poisha,
              count(*) filter (where state in ('refused', 'failed'))::int as failed
         from sms_message
        where deleted_at is null
          and created_at >= (date_trunc('day', ?::timestamptz at time zone ?) - make_interval(days => ?)) at time zone ?
        group by 1
        order by 1 desc`,
      [timeZone, iso(now), timeZone, Math.max(0, Math.floor(days) - 1), timeZone]
    )
    return rows
  }

  /** The order's phone check, made now with its first code's hash; null when the order has one already. */
  @InjectManager()
  async openCheck(
    check: { id: string; order_id: string; phone: string; code_hash: string; expires_at: Date; resend_at: Date },
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<SmsCodeRow | null> {
    const rows: SmsCodeRow[] = await manager(sharedContext).execute(
      `insert into sms_code (id, order_id, phone, code_hash, expires_at, resend_at, tries, codes, state)
       values (?, ?, ?, ?, ?::timestamptz, ?::timestamptz, 0, 1, 'waiting')
       on conflict (order_id) where deleted_at is null do nothing
       returning *`,
      [check.id, check.order_id, check.phone, check.code_hash, iso(check.expires_at), iso(check.resend_at)]
    )
    return rows[0] ?? null
  }

  @InjectManager()
  async checkOf(
    orderId: string,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<SmsCodeRow | null> {
    const rows: SmsCodeRow[] = await manager(sharedContext).execute(
      `select * from sms_code where order_id = ? and deleted_at is null limit 1`,
      [orderId]
    )
    return rows[0] ?? null
  }

  /**
   * A new code for a waiting check whose resend time has come and which has
   * codes left: the hash replaced, the tries back to 0, the times moved.
   * Null when it may not have one (the check's state says why).
   */
  @InjectManager()
  async renewCode(
    orderId: string,
    renewal: { code_hash: string; now: Date; expires_at: Date; resend_at: Date; max_codes: number },
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<SmsCodeRow | null> {
    const rows: SmsCodeRow[] = await manager(sharedContext).execute(
      `update sms_code
          set code_hash = ?, expires_at = ?::timestamptz, resend_at = ?::timestamptz, tries = 0, codes = codes + 1, updated_at = now()
        where order_id = ? and deleted_at is null and state = 'waiting' and codes < ? and resend_at <= ?::timestamptz
        returning *`,
      [renewal.code_hash, iso(renewal.expires_at), iso(renewal.resend_at), orderId, renewal.max_codes, iso(renewal.now)]
    )
    return rows[0] ?? null
  }

  /** Puts a check back as it was (a renewal whose message could not be made). */
  @InjectManager()
  async restoreCheck(row: SmsCodeRow, @MedusaContext() sharedContext: Context<EntityManager> = {}): Promise<void> {
    await manager(sharedContext).execute(
      `update sms_code set code_hash = ?, expires_at = ?::timestamptz, resend_at = ?::timestamptz, tries = ?, codes = ?, state = ?, verified_at = ?::timestamptz, updated_at = now()
        where id = ?`,
      [
        row.code_hash,
        iso(new Date(row.expires_at)),
        iso(new Date(row.resend_at)),
        row.tries,
        row.codes,
        row.state,
        row.verified_at ? iso(new Date(row.verified_at)) : null,
        row.id,
      ]
    )
  }

  /**
   * One typed code: the try is counted first (one statement: parallel guesses
   * each take a try, never more than `maxTries` in all), then compared; the
   * right code verifies the check, the last wrong try locks it. An expired,
   * verified or locked check takes no try.
   */
  @InjectManager()
  async tryCode(
    orderId: string,
    codeHash: (checkId: string) => string,
    now: Date,
    maxTries: number,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<SmsCodeTry> {
    const em = manager(sharedContext)
    const [taken]: SmsCodeRow[] = await em.execute(
      `update sms_code set tries = tries + 1, updated_at = now()
        where order_id = ? and deleted_at is null and state = 'waiting' and expires_at > ?::timestamptz and tries < ?
        returning *`,
      [orderId, iso(now), maxTries]
    )
    if (!taken) return { outcome: "not_taken", check: await this.checkOf(orderId, sharedContext) }
    if (taken.code_hash === codeHash(taken.id)) {
      const [verified]: SmsCodeRow[] = await em.execute(
        `update sms_code set state = 'verified', verified_at = ?::timestamptz, updated_at = now()
          where id = ? and state = 'waiting' returning *`,
        [iso(now), taken.id]
      )
      return {
        outcome: verified ? "right" : "not_taken",
        check: verified ?? (await this.checkOf(orderId, sharedContext)),
      }
    }
    if (taken.tries >= maxTries) {
      const [locked]: SmsCodeRow[] = await em.execute(
        `update sms_code set state = 'locked', updated_at = now() where id = ? and state = 'waiting' returning *`,
        [taken.id]
      )
      return { outcome: "wrong", check: locked ?? taken }
    }
    return { outcome: "wrong", check: taken }
  }

  /**
   * Messages `gateway` took in the last two days whose delivery report may
   * still change and was not asked for in the last `everySeconds`, the oldest first.
   */
  @InjectManager()
  async awaitingDelivery(
    gateway: string,
    now: Date,
    everySeconds: number,
    limit: number,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<{ id: string; gateway_message_id: string }[]> {
    return manager(sharedContext).execute(
      `select id, gateway_message_id from sms_message
        where state = 'sent' and gateway = ? and gateway_message_id is not null and not delivery_final
          and deleted_at is null
          and sent_at > ?::timestamptz - interval '2 days'
          and (delivery_checked_at is null or delivery_checked_at <= ?::timestamptz - make_interval(secs => ?))
        order by sent_at asc
        limit ?`,
      [gateway, iso(now), iso(now), everySeconds, Math.max(1, Math.floor(limit))]
    )
  }

  /** A delivery report read from the gateway (null: it could not say; only the time it was asked is kept). */
  @InjectManager()
  async recordDelivery(
    id: string,
    report: { status: string; final: boolean } | null,
    now: Date,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<void> {
    await manager(sharedContext).execute(
      `update sms_message
          set delivery = coalesce(?, delivery), delivery_final = delivery_final or ?, delivery_checked_at = ?::timestamptz,
              updated_at = now()
        where id = ? and deleted_at is null`,
      [report?.status ?? null, report?.final ?? false, iso(now), id]
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
