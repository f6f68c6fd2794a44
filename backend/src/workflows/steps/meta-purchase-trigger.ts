import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { firesPurchase, META_EVENTS_MODULE, type MetaTrigger } from "../../modules/meta-events"
import type MetaEventsModuleService from "../../modules/meta-events/service"
import { metaPurchaseBlocker, metaPurchaseTrigger, purchaseEventOfOrder } from "../../read-models/meta-events"
import { findShopOrder } from "../../read-models/orders"

const events = (container: MedusaContainer) => container.resolve<MetaEventsModuleService>(META_EVENTS_MODULE)

/** What a trigger does to an order's Purchase: nothing, note why it waits, or arm it. */
export type PurchaseTriggerPlan =
  { action: "ignore" } | { action: "wait"; reason: string; previous_reason: string | null } | { action: "arm" }

/**
 * Reads whether a move fires the order's Purchase: only an event not sent yet,
 * a move that fires it under the merchant's choice (a call that releases an
 * order already delivered fires it too: delivered while it was held), and an
 * order that may be sent (else it waits, with the reason). Reads only.
 */
export const planMetaPurchaseTriggerStep = createStep(
  "plan-meta-purchase-trigger",
  async (input: { order_id: string; trigger: MetaTrigger }, { container }) => {
    const plan = (p: PurchaseTriggerPlan) => new StepResponse<PurchaseTriggerPlan>(p)
    const row = await purchaseEventOfOrder(container, input.order_id)
    if (!row || row.state !== "not_sent") return plan({ action: "ignore" })
    const [purchaseOn, order] = await Promise.all([
      metaPurchaseTrigger(container),
      findShopOrder(container, input.order_id),
    ])
    const fires =
      firesPurchase(purchaseOn, input.trigger) ||
      (input.trigger === "confirmed" && !!order && firesPurchase(purchaseOn, order.orderStatus))
    if (!fires) return plan({ action: "ignore" })
    const why = await metaPurchaseBlocker(container, order, row.client_ip)
    if (why) return plan({ action: "wait", reason: `Waiting: ${why}`, previous_reason: row.last_error })
    return plan({ action: "arm" })
  }
)

/** Keeps why a waiting Purchase is not armed (shown in the admin). Compensation puts the previous reason back. */
export const noteMetaPurchaseWaitingStep = createStep(
  "note-meta-purchase-waiting",
  async (input: { order_id: string; reason: string; previous_reason: string | null }, { container }) => {
    await events(container).noteWaiting(input.order_id, input.reason)
    return new StepResponse(undefined, { order_id: input.order_id, reason: input.previous_reason })
  },
  async (before, { container }) => {
    if (before) await events(container).noteWaiting(before.order_id, before.reason)
  }
)

/**
 * Arms the order's Purchase with the move's time, due at once (one guarded
 * statement: of concurrent triggers one arms it); answers the event's id, or
 * null when another trigger armed it first. Not compensated: a Purchase that
 * fired stays fired; a send that fails afterwards is retried by the job
 * (jobs/send-meta-purchases.ts), not undone.
 */
export const armMetaPurchaseStep = createStep(
  "arm-meta-purchase",
  async (input: { order_id: string; at: string }, { container }) => {
    const armed = await events(container).arm(input.order_id, new Date(input.at))
    return new StepResponse<string | null>(armed?.id ?? null)
  }
)

/**
 * Whether the order's delivery event is due now: the move delivered it (or a
 * call released an order already delivered), it has a Purchase to take the
 * pixel and tracking from, its parcel did not come back, and nothing blocks
 * it (cancelled, fake, held, blocklisted). Reads only.
 */
export const planMetaDeliveredStep = createStep(
  "plan-meta-delivered",
  async (input: { order_id: string; trigger: MetaTrigger }, { container }) => {
    if (!["delivered", "completed", "confirmed"].includes(input.trigger)) return new StepResponse(false)
    const row = await purchaseEventOfOrder(container, input.order_id)
    if (!row) return new StepResponse(false)
    const order = await findShopOrder(container, input.order_id)
    const delivered =
      !!order &&
      (order.orderStatus === "delivered" || order.orderStatus === "completed") &&
      order.courier?.outcome !== "returned"
    if (!delivered) return new StepResponse(false)
    return new StepResponse(!(await metaPurchaseBlocker(container, order, row.client_ip)))
  }
)

/**
 * Makes the order's delivery event once (one guarded insert: two triggers at
 * once make one), due at once with the delivery's time; answers its id, or
 * null when it was made before. Not compensated, like arming a Purchase.
 */
export const openMetaDeliveredStep = createStep(
  "open-meta-delivered",
  async (input: { order_id: string; at: string }, { container }) => {
    const row = await events(container).openDelivered(input.order_id, new Date(input.at))
    return new StepResponse<string | null>(row?.id ?? null)
  }
)
