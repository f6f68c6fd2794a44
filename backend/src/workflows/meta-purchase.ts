import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  META_EVENT_MAX_AGE_DAYS,
  META_EVENT_TOO_OLD,
  normalizeBdPhone,
  type MetaPurchaseState,
  type MetaPurchaseTrigger,
  type MetaSettings,
  type Order,
  type OrderStatus,
} from "@shop/contract"
import { META_EVENTS_MODULE, metaGraphSettings, purchaseEvent, sendToGraph } from "../modules/meta-events"
import type MetaEventsModuleService from "../modules/meta-events/service"
import type { PurchaseEventRow } from "../modules/meta-events/service"
import { blocklisted, risksOf } from "../read-models/order-guard"
import { metaPurchaseTrigger, metaSettings, purchaseEventOfOrder } from "../read-models/meta-events"
import { findShopOrder } from "../read-models/orders"

/**
 * Meta's "Purchase" from the server (issue 19). A landing order with a pixel
 * has its event from the start (steps/meta-purchase.ts, not sent). It is
 * armed by the move that confirms the order: the confirmation queue's
 * "confirmed" or any move to shipped or beyond (or, when the merchant chose
 * so, only the move to delivered); never while the order is cancelled, marked
 * fake, blocklisted or held for a call. Armed once (one guarded statement),
 * sent once (a sender claims it first), retried with back-off while Meta is
 * down or no token is set, given up when Meta refuses it or once it is older
 * than Meta accepts (7 days).
 */

const events = (container: MedusaContainer) => container.resolve<MetaEventsModuleService>(META_EVENTS_MODULE)
const logger = (container: MedusaContainer) => container.resolve(ContainerRegistrationKeys.LOGGER)

/** What happened to an order that may fire its Purchase. */
export type MetaTrigger = "confirmed" | OrderStatus

/** A sender's hold on an event while it sends (another sender finds it not due meanwhile). */
const LEASE_SECONDS = 120
const MAX_AGE_MS = META_EVENT_MAX_AGE_DAYS * 24 * 60 * 60 * 1000
export const NO_TOKEN = "META_CAPI_TOKEN is not set: nothing is sent"

/** The wait after the n-th failed attempt: 1 minute, doubled each time, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(60 * 2 ** Math.max(0, attempts - 1), 3600)
}

/**
 * Whether a move fires the Purchase under the merchant's choice: confirmed
 * (the call's "confirmed", or a move to shipped, delivered or completed), or
 * delivered (a move to delivered, or completed).
 */
export function firesPurchase(purchaseOn: MetaPurchaseTrigger, trigger: MetaTrigger | (string & {})): boolean {
  if (purchaseOn === "delivered") return trigger === "delivered" || trigger === "completed"
  return trigger === "confirmed" || trigger === "shipped" || trigger === "delivered" || trigger === "completed"
}

/** Why an order's Purchase must not go out now, or null. */
async function whyNotSendable(container: MedusaContainer, order: Order | null, clientIp: string | null): Promise<string | null> {
  if (!order) return "the order no longer exists"
  if (order.orderStatus === "cancelled") return "the order is cancelled"
  const risk = (await risksOf(container, [order._id])).get(order._id)
  if (risk?.confirmations.some((c) => c.outcome === "fake")) return "the order was marked fake"
  if (risk?.needsConfirmation) return "the order is held for a confirmation call"
  const phone = normalizeBdPhone(order.guestPhone || order.addressInfo[0]?.number || "")
  if (await blocklisted(container, phone, clientIp)) return "the order's phone or address is blocklisted"
  return null
}

/**
 * An order moved (or was confirmed) at `at`: its Purchase is armed with that
 * time when the move fires it and the order may be sent, and sent at once.
 * "ignored": no event, not waiting, or a move that does not fire it;
 * "waiting": the order may not be sent yet (the reason is kept); "armed": this
 * call armed it (a concurrent one finds it armed and ignores it).
 */
export async function metaPurchaseTriggered(
  container: MedusaContainer,
  input: { order_id: string; trigger: MetaTrigger; at: Date },
  now: Date = new Date()
): Promise<"ignored" | "waiting" | "armed"> {
  const row = await purchaseEventOfOrder(container, input.order_id)
  if (!row || row.state !== "not_sent") return "ignored"
  const [purchaseOn, order] = await Promise.all([metaPurchaseTrigger(container), findShopOrder(container, input.order_id)])
  // a call that releases an order already delivered fires it too (delivered while it was held)
  const fires = firesPurchase(purchaseOn, input.trigger) || (input.trigger === "confirmed" && !!order && firesPurchase(purchaseOn, order.orderStatus))
  if (!fires) return "ignored"
  const why = await whyNotSendable(container, order, row.client_ip)
  if (why) {
    await events(container).noteWaiting(input.order_id, `Waiting: ${why}`)
    return "waiting"
  }
  const armed = await events(container).arm(input.order_id, input.at)
  if (!armed) return "ignored"
  await sendMetaPurchase(container, armed.id, now)
  return "armed"
}

/** The facts of an order its Purchase carries, read when it is sent. */
function purchaseFacts(order: Order, row: PurchaseEventRow) {
  return {
    orderNumber: row.order_number,
    eventTime: new Date(row.event_time!),
    eventSourceUrl: row.event_source_url,
    total: Number(order.TotalAmount),
    items: order.cartItems.filter((i) => i.productId).map((i) => ({ productId: i.productId!, quantity: Number(i.quantity) })),
    phone: order.guestPhone || order.addressInfo[0]?.number || null,
    email: order.guestEmail || null,
    fbp: row.fbp,
    fbc: row.fbc,
    clientIp: row.client_ip,
    userAgent: row.user_agent,
  }
}

/**
 * One attempt at a due event (null: not due, another sender has it, or it is
 * over): older than 7 days is given up; an order that may no longer be sent
 * goes back to waiting; without a token it waits with back-off; else Meta is
 * asked. Logs never carry the token or the shopper's details.
 */
export async function sendMetaPurchase(container: MedusaContainer, id: string, now: Date = new Date()): Promise<MetaPurchaseState | null> {
  const service = events(container)
  const claimed = await service.claim(id, now, LEASE_SECONDS)
  if (!claimed) return null
  const retryAt = () => new Date(now.getTime() + retryDelaySeconds(Number(claimed.attempts)) * 1000)
  if (!claimed.event_time || now.getTime() - new Date(claimed.event_time).getTime() > MAX_AGE_MS) {
    await service.finish(id, { state: "given_up", reason: META_EVENT_TOO_OLD })
    logger(container).warn(`Meta: gave up the Purchase of order ${claimed.order_number}: ${META_EVENT_TOO_OLD}`)
    return "given_up"
  }
  const order = await findShopOrder(container, claimed.order_id)
  const why = await whyNotSendable(container, order, claimed.client_ip)
  if (why || !order) {
    await service.finish(id, { state: "not_sent", reason: `Not sent: ${why ?? "the order no longer exists"}` })
    return "not_sent"
  }
  const settings = metaGraphSettings()
  if (!settings) {
    await service.finish(id, { state: "failed", reason: NO_TOKEN, next_attempt_at: retryAt() })
    return "failed"
  }
  const result = await sendToGraph(settings, claimed.pixel_id, [purchaseEvent(purchaseFacts(order, claimed))])
  if (result.ok) {
    await service.finish(id, { state: "sent", at: now })
    return "sent"
  }
  if (result.retry) {
    const next = retryAt()
    await service.finish(id, { state: "failed", reason: result.reason, next_attempt_at: next })
    logger(container).warn(
      `Meta: the Purchase of order ${claimed.order_number} was not sent (attempt ${claimed.attempts}), next try ${next.toISOString()}: ${result.reason}`
    )
    return "failed"
  }
  await service.finish(id, { state: "given_up", reason: result.reason })
  logger(container).warn(`Meta: gave up the Purchase of order ${claimed.order_number}: ${result.reason}`)
  return "given_up"
}

/** The job's run: every event due at `now` (at most `limit`), one attempt each. */
export async function retryMetaPurchases(
  container: MedusaContainer,
  options: { now?: Date; limit?: number } = {}
): Promise<Partial<Record<MetaPurchaseState, number>> & { tried: number }> {
  const now = options.now ?? new Date()
  const ids = await events(container).dueIds(now, options.limit ?? 50)
  const counts: Partial<Record<MetaPurchaseState, number>> & { tried: number } = { tried: 0 }
  for (const id of ids) {
    // one event's trouble (its lease runs out, the next run tries it again) does not hold up the others
    const state = await sendMetaPurchase(container, id, now).catch((error: unknown) => {
      logger(container).warn(`Meta: a Purchase could not be tried, will retry: ${(error as Error)?.message ?? error}`)
      return null
    })
    if (!state) continue
    counts.tried += 1
    counts[state] = (counts[state] ?? 0) + 1
  }
  return counts
}

const setMetaSettingsStep = createStep(
  "set-meta-settings",
  async (input: { purchase_on: MetaPurchaseTrigger }, { container }) => {
    const service = events(container)
    const [row] = await service.listMetaSettings({ key: "default" }, { take: 1 })
    if (row) await service.updateMetaSettings({ id: row.id, purchase_on: input.purchase_on })
    else await service.createMetaSettings({ key: "default", purchase_on: input.purchase_on })
    return new StepResponse(undefined, row ? { id: row.id, purchase_on: row.purchase_on } : null)
  },
  async (before, { container }) => {
    if (before) await events(container).updateMetaSettings(before)
  }
)

export const setMetaSettingsWorkflow = createWorkflow("set-meta-settings", (input: { purchase_on: MetaPurchaseTrigger }) => {
  setMetaSettingsStep(input)
  return new WorkflowResponse(undefined)
})

/** The merchant's choice of when "Purchase" is sent; answers the settings after it. */
export async function changeMetaSettings(container: MedusaContainer, change: { purchaseOn: MetaPurchaseTrigger }): Promise<MetaSettings> {
  await setMetaSettingsWorkflow(container).run({ input: { purchase_on: change.purchaseOn } })
  return metaSettings(container)
}
