import type { FilterableNotificationProps, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  DEFAULT_SMS_TEMPLATES,
  fillSmsTemplate,
  smsCount,
  smsNumber,
  smsRetryDelaySeconds,
  smsValues,
  type SmsEvent,
} from "@shop/contract"
import { SMS_MODULE, type SmsMessageRow } from "../../modules/sms"
import type SmsModuleService from "../../modules/sms/service"
import { smsFailure } from "../../modules/sms-gateway"
import { smsGatewayInUse, smsOrderFacts, smsSetUp } from "../../read-models/sms"

/**
 * A text message's life in steps (workflows/sms.ts): opened once per order
 * event, then each attempt claimed, sent through Medusa's Notification
 * Module (the `sms` channel: modules/sms-gateway) and finished with the
 * gateway's answer.
 */

const messages = (container: MedusaContainer) => container.resolve<SmsModuleService>(SMS_MODULE)

/** A sender's hold on a message while it sends (another sender finds it not due meanwhile). */
const LEASE_SECONDS = 120

/** Taka a part costs (SMS_PART_COST, e.g. 0.35), in poisha; null when unset. */
function partCostPoisha(parts: number): number | null {
  const taka = Number(process.env.SMS_PART_COST)
  return process.env.SMS_PART_COST?.trim() && Number.isFinite(taka) && taka >= 0 ? Math.round(parts * taka * 100) : null
}

/**
 * The order's message for `event`, made now with the order's values: null
 * when SMS is not set up, the order is gone, its phone is not a Bangladeshi
 * mobile, or the event already has its message (it came twice). Compensated
 * by removing the message it made.
 */
export const openOrderSmsStep = createStep(
  "open-order-sms",
  async (input: { order_id: string; event: SmsEvent; now?: string }, { container }) => {
    if (!smsSetUp()) return new StepResponse<string | null>(null)
    const facts = await smsOrderFacts(container, input.order_id)
    const phone = smsNumber(facts?.phone)
    if (!facts || !phone) return new StepResponse<string | null>(null)
    const text = fillSmsTemplate(DEFAULT_SMS_TEMPLATES[input.event], smsValues(facts.order, facts.shop))
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
      data: { text: row.text, reference: row.id },
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
