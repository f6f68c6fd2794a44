import type { FilterableNotificationProps, MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  fillSmsTemplate,
  SMS_SAMPLE_VALUES,
  smsCount,
  smsNumber,
  smsRetryDelaySeconds,
  smsValues,
  trackingCode,
  type SmsEvent,
  type SmsMessageView,
  type SmsTemplateView,
} from "@shop/contract"
import { publicBaseUrl } from "../../lib/public-url"
import { limits, tooManyRequests } from "../../lib/rate-limit"
import { SMS_MODULE, type SmsMessageRow } from "../../modules/sms"
import type SmsModuleService from "../../modules/sms/service"
import { readDelivery, smsFailure, smsPartCost, smsSettings } from "../../modules/sms-gateway"
import {
  shopName,
  smsGatewayInUse,
  smsMessageView,
  smsOrderFacts,
  smsSetUp,
  smsTemplateFor,
  smsTemplates,
} from "../../read-models/sms"

/**
 * A text message's life in steps (workflows/sms.ts): opened once per order
 * event, then each attempt claimed, sent through Medusa's Notification
 * Module (the `sms` channel: modules/sms-gateway) and finished with the
 * gateway's answer.
 */

const messages = (container: MedusaContainer) => container.resolve<SmsModuleService>(SMS_MODULE)

/** A sender's hold on a message while it sends (another sender finds it not due meanwhile). */
const LEASE_SECONDS = 120

/** What `parts` cost in poisha (SMS_PART_COST taka a part); null when unset. */
function partCostPoisha(parts: number): number | null {
  const taka = smsPartCost()
  return taka === null ? null : Math.round(parts * taka * 100)
}

/**
 * The order's message for `event`, made now with the merchant's words for it
 * and the order's values: null when SMS is not set up, the merchant switched
 * the event off, the order is gone, its phone is not a Bangladeshi mobile, or
 * the event already has its message (it came twice). Compensated by removing
 * the message it made.
 */
export const openOrderSmsStep = createStep(
  "open-order-sms",
  async (input: { order_id: string; event: SmsEvent; now?: string }, { container }) => {
    if (!smsSetUp()) return new StepResponse<string | null>(null)
    const template = await smsTemplateFor(container, input.event)
    if (template === null) return new StepResponse<string | null>(null)
    const facts = await smsOrderFacts(container, input.order_id)
    const phone = smsNumber(facts?.phone)
    if (!facts || !phone) return new StepResponse<string | null>(null)
    // the shop's forms cannot make one phone receive more than its share an hour (SMS_LIMIT_PER_PHONE)
    if (input.event === "order_placed" && (await limits.smsByPhone.take(phone)) > 0) {
      return new StepResponse<string | null>(null)
    }
    const text = fillSmsTemplate(template, smsValues(facts.order, facts.shop, publicBaseUrl()))
    const { encoding, parts } = smsCount(text)
    const row = await messages(container).open(
      {
        key: `${input.order_id}:${input.event}`,
        order_id: input.order_id,
        event: input.event,
        phone,
        text,
        encoding,
        parts,
      },
      input.now ? new Date(input.now) : new Date()
    )
    return new StepResponse<string | null, string | null>(row?.id ?? null, row?.id ?? null)
  },
  async (made, { container }) => {
    if (made) await messages(container).deleteSmsMessages(made)
  }
)

/** A claimed message and the time of its attempt (ISO). */
export type ClaimedSms = { row: SmsMessageRow; now: string }

/**
 * Takes a due message for one attempt (counted, its next attempt moved past a
 * lease), so concurrent senders send it once. Null: not due, another sender
 * has it, or it is over. Not compensated: the lease runs out by itself.
 */
export const claimSmsStep = createStep(
  "claim-sms",
  async (input: { message_id: string; now?: string }, { container }) => {
    const now = input.now ?? new Date().toISOString()
    const row = await messages(container).claim(input.message_id, new Date(now), LEASE_SECONDS)
    return new StepResponse<ClaimedSms | null>(row ? { row, now } : null)
  }
)

/** How an attempt ended, as it is recorded (times as ISO strings). */
export type SmsAttempt =
  | { state: "sent"; at: string; gateway: string; messageId: string | null; answer: string; costPoisha: number | null }
  | { state: "pending"; gateway: string | null; answer: string; next_attempt_at: string }
  | { state: "refused" | "failed"; gateway: string | null; answer: string }

/**
 * The attempt: the message goes to the Notification Module under the
 * attempt's own idempotency key, and the notification's recorded status is
 * read back. Across attempts the message keeps one reference at the gateway
 * (SSL Wireless's csms_id: a retry after a lost answer is refused there as a
 * duplicate, and counts as sent). A gateway that is down, or that refuses for now (a low balance),
 * is tried again with back-off (smsRetryDelaySeconds) until the tries run out;
 * a refusal for good (a bad number) is final. What a gateway was sent cannot
 * be taken back: not compensated; finishSmsStep records it.
 */
export const attemptSmsStep = createStep("attempt-sms", async (claimed: ClaimedSms, { container }) => {
  const { row, now } = claimed
  const notifications = container.resolve(Modules.NOTIFICATION)
  const gateway = smsGatewayInUse()
  // one key per attempt: the attempt sends once however often this step runs. (Medusa 2.21's module
  // cannot send a failed key again: it updates a notification under an id it never made.)
  const key = `${row.id}:${row.attempts}`
  let thrown: unknown = null
  try {
    await notifications.createNotifications({
      to: row.phone,
      channel: "sms",
      template: row.event,
      // a message with a code travels sealed: the provider opens it (modules/sms-gateway/seal.ts)
      data: row.sealed ? { sealed: row.sealed, reference: row.id } : { text: row.text, reference: row.id },
      idempotency_key: key,
      resource_id: row.order_id ?? undefined,
      resource_type: row.order_id ? "order" : undefined,
      trigger_type: row.event,
    })
  } catch (error) {
    thrown = error
  }
  // the module keeps the key on each notification; its filter type does not name it
  const byKey: FilterableNotificationProps & { idempotency_key: string } = { idempotency_key: key }
  const [notification] = await notifications.listNotifications(byKey, { take: 1 })
  if (notification?.status === "success") {
    return new StepResponse<SmsAttempt>({
      state: "sent",
      at: now,
      gateway: gateway ?? "sms",
      messageId: notification.external_id ?? null,
      answer: `Taken by ${gateway ?? "the gateway"}`,
      costPoisha: partCostPoisha(row.parts),
    })
  }
  const failure = smsFailure(thrown)
  const answer = failure?.answer ?? `Not sent: ${(thrown as Error | null)?.message?.slice(0, 300) ?? "no answer"}`
  const delay = smsRetryDelaySeconds(Number(row.attempts))
  if ((failure?.retry ?? true) && delay !== null) {
    const next = new Date(new Date(now).getTime() + delay * 1000).toISOString()
    return new StepResponse<SmsAttempt>({ state: "pending", gateway, answer, next_attempt_at: next })
  }
  return new StepResponse<SmsAttempt>({ state: failure && !failure.retry ? "refused" : "failed", gateway, answer })
})

/** Records how the attempt ended (only a message still pending changes). */
export const finishSmsStep = createStep(
  "finish-sms",
  async (input: { message_id: string; attempt: SmsAttempt }, { container }) => {
    const { attempt } = input
    await messages(container).finish(
      input.message_id,
      attempt.state === "sent"
        ? { ...attempt, at: new Date(attempt.at) }
        : attempt.state === "pending"
          ? { ...attempt, next_attempt_at: new Date(attempt.next_attempt_at) }
          : attempt
    )
    return new StepResponse(attempt.state)
  }
)

/** Some events' words or switches, as saved: an empty text means the default words. */
export type SmsTemplateChange = { event: SmsEvent; text?: string; enabled?: boolean }

/**
 * Saves the merchant's words and switches for some events (each event's row
 * made or changed in place; what a change leaves out stays) and answers every
 * template after it. Compensated by putting the events' rows back as they were.
 */
export const saveSmsTemplatesStep = createStep(
  "save-sms-templates",
  async (input: { templates: SmsTemplateChange[] }, { container }) => {
    const events = new Set(input.templates.map((t) => t.event))
    const before = (await messages(container).templateRows()).filter((row) => events.has(row.event as SmsEvent))
    await messages(container).writeTemplates(
      input.templates.map((t) => ({ ...t, text: t.text === undefined ? undefined : t.text.trim() }))
    )
    return new StepResponse<SmsTemplateView[], { events: SmsEvent[]; before: typeof before }>(
      await smsTemplates(container),
      { events: [...events], before }
    )
  },
  async (undo, { container }) => {
    if (!undo) return
    const kept = new Set(undo.before.map((row) => row.event))
    await messages(container).dropTemplates(undo.events.filter((event) => !kept.has(event)))
    await messages(container).writeTemplates(undo.before)
  }
)

/** A test message's key: one per phone a minute, so a double tap on Send sends one. */
const testKey = (phone: string, now: Date) => `test:${phone}:${Math.floor(now.getTime() / 60_000)}`

/**
 * A test message to the merchant's own phone: `event`'s words (switched off
 * or not) filled with a typical order's values and the shop's name. Refused
 * (400) without a gateway or for a number outside Bangladesh's mobiles, and
 * (429) when this phone had a test this minute. Compensated by removing it.
 */
export const openTestSmsStep = createStep(
  "open-test-sms",
  async (input: { phone: string; event: SmsEvent; now: string }, { container }) => {
    if (!smsSetUp()) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "No SMS gateway is set up on this server (SMS_GATEWAY and its settings, see the README)"
      )
    }
    const phone = smsNumber(input.phone)
    if (!phone)
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "Please enter a Bangladeshi mobile number (01XXXXXXXXX)")
    const template = (await smsTemplates(container)).find((t) => t.event === input.event)!
    // a typical order's values with this shop's name and address (its tracking link's length is the real one)
    const text = fillSmsTemplate(template.text, {
      ...SMS_SAMPLE_VALUES,
      shop: await shopName(container),
      trackingLink: `${publicBaseUrl()}/t/${trackingCode(SMS_SAMPLE_VALUES.orderNumber)}`,
    })
    const { encoding, parts } = smsCount(text)
    const now = new Date(input.now)
    const row = await messages(container).open(
      { key: testKey(phone, now), order_id: null, event: `test:${input.event}`, phone, text, encoding, parts },
      now
    )
    if (!row) {
      throw tooManyRequests(
        "A test message went to this number a moment ago. Please try again in a minute.",
        60 - (now.getUTCSeconds() % 60)
      )
    }
    return new StepResponse(row.id, row.id)
  },
  async (made, { container }) => {
    if (made) await messages(container).deleteSmsMessages(made)
  }
)

/** A message as the merchant sees it after its attempt. */
export const readSmsStep = createStep("read-sms", async (input: { message_id: string }, { container }) => {
  const row = await messages(container).retrieveSmsMessage(input.message_id)
  return new StepResponse<SmsMessageView>(smsMessageView(row))
})

/**
 * A sent message's delivery report, read from the gateway itself (where it
 * gives one) and recorded: what the network did with it. A gateway that
 * cannot say now leaves it to be asked again. Nothing to undo: it records
 * what the gateway said.
 */
export const readSmsDeliveryStep = createStep(
  "read-sms-delivery",
  async (input: { message_id: string; gateway_message_id: string; now?: string }, { container }) => {
    const settings = smsSettings()
    const now = input.now ? new Date(input.now) : new Date()
    const report = settings ? await readDelivery(settings, input.gateway_message_id) : null
    await messages(container).recordDelivery(input.message_id, report, now)
    return new StepResponse(report)
  }
)
