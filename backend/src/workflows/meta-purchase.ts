import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { MetaPurchaseTrigger } from "@shop/contract"
import type { MetaTrigger } from "../modules/meta-events"
import {
  armMetaPurchaseStep,
  noteMetaPurchaseWaitingStep,
  openMetaDeliveredStep,
  planMetaDeliveredStep,
  planMetaPurchaseTriggerStep,
} from "./steps/meta-purchase-trigger"
import { setMetaSettingsStep } from "./steps/meta-settings"
import { attemptMetaPurchaseStep, claimMetaPurchaseStep, finishMetaPurchaseStep } from "./steps/send-meta-purchase"

/**
 * Meta's "Purchase" from the server. A landing order with a pixel
 * has its event from the start (steps/meta-purchase.ts, not sent). It is
 * armed by the move that confirms the order: the confirmation queue's
 * "confirmed" or any move to shipped or beyond (or, when the merchant chose
 * so, only the move to delivered); never while the order is cancelled, marked
 * fake, blocklisted or held for a call. Armed once (one guarded statement),
 * sent once (a sender claims it first), retried with back-off while Meta is
 * down or no token is set (jobs/send-meta-purchases.ts), given up when Meta
 * refuses it or once it is older than Meta accepts (7 days).
 */

export type SendMetaPurchaseInput = {
  event_id: string
  /** the time of the attempt (ISO); now when left out */
  now?: string
}

/**
 * One attempt at a due event: its new state (sent, failed, given_up or
 * not_sent), or null when it was not due, another sender has it, or it is over.
 */
export const sendMetaPurchaseWorkflow = createWorkflow("send-meta-purchase", (input: SendMetaPurchaseInput) => {
  const claimed = claimMetaPurchaseStep(input)
  const state = when({ claimed }, ({ claimed }) => !!claimed).then(() => {
    const attempt = attemptMetaPurchaseStep(transform({ claimed }, ({ claimed }) => claimed!))
    return finishMetaPurchaseStep({ event_id: input.event_id, attempt })
  })
  return new WorkflowResponse(transform({ state }, ({ state }) => state ?? null))
})

export type MetaPurchaseTriggeredInput = {
  order_id: string
  trigger: MetaTrigger
  /** when the order moved (ISO): the Purchase's event time */
  at: string
  /** the time of the first attempt (ISO); now when left out */
  now?: string
}

/**
 * An order moved (or was confirmed): its Purchase is armed with the move's
 * time when the move fires it and the order may be sent, and sent at once.
 * "ignored": no event, not waiting, or a move that does not fire it;
 * "waiting": the order may not be sent yet (the reason is kept); "armed": this
 * run armed it (a concurrent one finds it armed and ignores it).
 */
export const metaPurchaseTriggeredWorkflow = createWorkflow(
  "meta-purchase-triggered",
  (input: MetaPurchaseTriggeredInput) => {
    const plan = planMetaPurchaseTriggerStep({ order_id: input.order_id, trigger: input.trigger })
    when({ plan }, ({ plan }) => plan.action === "wait").then(() => {
      noteMetaPurchaseWaitingStep(
        transform({ input, plan }, ({ input, plan }) => ({
          order_id: input.order_id,
          reason: plan.action === "wait" ? plan.reason : "",
          previous_reason: plan.action === "wait" ? plan.previous_reason : null,
        }))
      )
    })
    const armed = when({ plan }, ({ plan }) => plan.action === "arm").then(() =>
      armMetaPurchaseStep({ order_id: input.order_id, at: input.at })
    )
    when({ armed }, ({ armed }) => !!armed).then(() => {
      sendMetaPurchaseWorkflow.runAsStep({
        input: transform({ armed, input }, ({ armed, input }) => ({ event_id: armed!, now: input.now })),
      })
    })
    const outcome = transform({ plan, armed }, ({ plan, armed }) =>
      plan.action === "wait" ? ("waiting" as const) : armed ? ("armed" as const) : ("ignored" as const)
    )
    return new WorkflowResponse(outcome)
  }
)

/**
 * An order moved to delivered (or a call released an order already
 * delivered): its "OrderDelivered" event is made once, from its Purchase's
 * pixel and tracking, and sent at once (retried like a Purchase by
 * jobs/send-meta-purchases.ts, given up past Meta's 7 days). Never for an
 * order without a pixel, returned, cancelled, fake, held or blocklisted.
 * "sent" means made and tried now; "ignored" otherwise.
 */
export const metaDeliveredTriggeredWorkflow = createWorkflow(
  "meta-delivered-triggered",
  (input: MetaPurchaseTriggeredInput) => {
    const due = planMetaDeliveredStep({ order_id: input.order_id, trigger: input.trigger })
    const opened = when({ due }, ({ due }) => due).then(() =>
      openMetaDeliveredStep({ order_id: input.order_id, at: input.at })
    )
    when({ opened }, ({ opened }) => !!opened).then(() => {
      sendMetaPurchaseWorkflow.runAsStep({
        input: transform({ opened, input }, ({ opened, input }) => ({ event_id: opened!, now: input.now })),
      })
    })
    return new WorkflowResponse(
      transform({ opened }, ({ opened }) => (opened ? ("sent" as const) : ("ignored" as const)))
    )
  }
)

/** The merchant's choice of when "Purchase" is sent (PUT /api/admin/meta/settings). */
export const setMetaSettingsWorkflow = createWorkflow(
  "set-meta-settings",
  (input: { purchase_on: MetaPurchaseTrigger }) => {
    setMetaSettingsStep(input)
    return new WorkflowResponse(undefined)
  }
)
