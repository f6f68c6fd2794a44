import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { META_EVENT_MAX_AGE_DAYS, META_EVENT_TOO_OLD, type MetaPurchaseState, type Order } from "@shop/contract"
import {
  deliveredEvent,
  META_EVENTS_MODULE,
  metaGraphSettings,
  NO_TOKEN,
  purchaseEvent,
  retryDelaySeconds,
  sendToGraph,
} from "../../modules/meta-events"
import type MetaEventsModuleService from "../../modules/meta-events/service"
import type { PurchaseEventRow, PurchaseOutcome } from "../../modules/meta-events/service"
import { metaPurchaseBlocker } from "../../read-models/meta-events"
import { findShopOrder } from "../../read-models/orders"

/**
 * One attempt at sending a due Purchase (workflows/meta-purchase.ts): claimed,
 * tried, finished. Logs never carry the token or the shopper's details.
 */

const events = (container: MedusaContainer) => container.resolve<MetaEventsModuleService>(META_EVENTS_MODULE)

/** A sender's hold on an event while it sends (another sender finds it not due meanwhile). */
const LEASE_SECONDS = 120
const MAX_AGE_MS = META_EVENT_MAX_AGE_DAYS * 24 * 60 * 60 * 1000

/** A claimed event and the time its attempt is made at (ISO). */
export type ClaimedPurchase = { row: PurchaseEventRow; now: string }

/** How the attempt ended, as it is recorded (times as ISO strings), and the warning to log once it is. */
export type PurchaseAttempt = {
  outcome:
    | { state: "sent"; at: string }
    | { state: "failed"; reason: string; next_attempt_at: string }
    | { state: "given_up"; reason: string }
    | { state: "not_sent"; reason: string }
  warning: string | null
}

/**
 * Takes a due event for one attempt: the attempt is counted and the event's
 * next attempt moved past a lease, so concurrent senders send it once. Null:
 * not due, another sender has it, or it is over. Not compensated: the lease
 * runs out by itself (as it does for a sender that died), and the next run of
 * the job tries the event again.
 */
export const claimMetaPurchaseStep = createStep(
  "claim-meta-purchase",
  async (input: { event_id: string; now?: string }, { container }) => {
    const now = input.now ?? new Date().toISOString()
    const row = await events(container).claim(input.event_id, new Date(now), LEASE_SECONDS)
    return new StepResponse<ClaimedPurchase | null>(row ? { row, now } : null)
  }
)

const eventName = (row: PurchaseEventRow) => (row.kind === "delivered" ? "delivery event" : "Purchase")

/** Delivered in full or in part, and not returned since. */
const isDelivered = (order: Order) =>
  (order.orderStatus === "delivered" || order.orderStatus === "completed") && order.courier?.outcome !== "returned"

/** The facts of an order its Purchase carries, read when it is sent. */
function purchaseFacts(order: Order, row: PurchaseEventRow) {
  return {
    orderNumber: row.order_number,
    eventTime: new Date(row.event_time!),
    eventSourceUrl: row.event_source_url,
    total: Number(order.TotalAmount),
    items: order.cartItems
      .filter((i) => i.productId)
      .map((i) => ({ productId: i.productId!, quantity: Number(i.quantity) })),
    phone: order.guestPhone || order.addressInfo[0]?.number || null,
    email: order.guestEmail || null,
    fbp: row.fbp,
    fbc: row.fbc,
    clientIp: row.client_ip,
    userAgent: row.user_agent,
  }
}

/**
 * The attempt: older than 7 days is given up; an order that may no longer be
 * sent goes back to waiting; without a token it waits with back-off; else
 * Meta is asked (its refusal is given up, its trouble retried with back-off).
 * Writes nothing (finishMetaPurchaseStep records the outcome); what Meta was
 * sent cannot be taken back.
 */
export const attemptMetaPurchaseStep = createStep(
  "attempt-meta-purchase",
  async (claimed: ClaimedPurchase, { container }) => {
    const { row, now } = claimed
    const nowMs = new Date(now).getTime()
    const retryAt = () => new Date(nowMs + retryDelaySeconds(Number(row.attempts)) * 1000).toISOString()
    const attempt = (outcome: PurchaseAttempt["outcome"], warning: string | null = null) =>
      new StepResponse<PurchaseAttempt>({ outcome, warning })
    if (!row.event_time || nowMs - new Date(row.event_time).getTime() > MAX_AGE_MS) {
      return attempt(
        { state: "given_up", reason: META_EVENT_TOO_OLD },
        `Meta: gave up the ${eventName(row)} of order ${row.order_number}: ${META_EVENT_TOO_OLD}`
      )
    }
    const order = await findShopOrder(container, row.order_id)
    const delivery = row.kind === "delivered"
    const why =
      (await metaPurchaseBlocker(container, order, row.client_ip)) ??
      (delivery && order && !isDelivered(order) ? "the order is no longer delivered" : null)
    if (why || !order) return attempt({ state: "not_sent", reason: `Not sent: ${why ?? "the order no longer exists"}` })
    const settings = metaGraphSettings()
    if (!settings) return attempt({ state: "failed", reason: NO_TOKEN, next_attempt_at: retryAt() })
    const facts = purchaseFacts(order, row)
    const result = await sendToGraph(settings, row.pixel_id, [delivery ? deliveredEvent(facts) : purchaseEvent(facts)])
    if (result.ok) return attempt({ state: "sent", at: now })
    if (result.retry) {
      const next = retryAt()
      return attempt(
        { state: "failed", reason: result.reason, next_attempt_at: next },
        `Meta: the ${eventName(row)} of order ${row.order_number} was not sent (attempt ${row.attempts}), next try ${next}: ${result.reason}`
      )
    }
    return attempt(
      { state: "given_up", reason: result.reason },
      `Meta: gave up the ${eventName(row)} of order ${row.order_number}: ${result.reason}`
    )
  }
)

/**
 * Records how the attempt ended (only an event still pending or failed
 * changes) and logs its warning; answers the event's new state. The last step
 * of a send: an ended attempt is not undone.
 */
export const finishMetaPurchaseStep = createStep(
  "finish-meta-purchase",
  async (input: { event_id: string; attempt: PurchaseAttempt }, { container }) => {
    const { outcome, warning } = input.attempt
    const recorded: PurchaseOutcome =
      outcome.state === "sent"
        ? { state: "sent", at: new Date(outcome.at) }
        : outcome.state === "failed"
          ? { state: "failed", reason: outcome.reason, next_attempt_at: new Date(outcome.next_attempt_at) }
          : outcome
    await events(container).finish(input.event_id, recorded)
    if (warning) container.resolve(ContainerRegistrationKeys.LOGGER).warn(warning)
    return new StepResponse<MetaPurchaseState>(outcome.state)
  }
)
