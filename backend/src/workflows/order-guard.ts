import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, emitEventStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import type { ConfirmationOutcome, GuardRules } from "@shop/contract"
import { addBlocklistEntryStep, removeBlocklistEntryStep, type BlocklistInput } from "./steps/blocklist"
import { setGuardRulesStep } from "./steps/guard-rules"
import { planConfirmationStep, recordConfirmationStep, type ConfirmationInput } from "./steps/order-confirmation"
import { updateShopOrderStatusWorkflow } from "./update-order-status"

export const recordConfirmationWorkflow = createWorkflow("record-confirmation", (input: ConfirmationInput) => {
  recordConfirmationStep(input)
  // the shopper confirmed on the phone: for whoever follows orders (Meta's Purchase: subscribers/meta-purchase.ts)
  when({ input }, ({ input }) => input.outcome === "confirmed").then(() => {
    const confirmed = transform({ input }, ({ input }) => ({
      eventName: "shop-order.confirmed",
      data: { id: input.order_id, at: new Date().toISOString() },
    }))
    emitEventStep(confirmed)
  })
  return new WorkflowResponse(undefined)
})

export const addBlocklistEntryWorkflow = createWorkflow("add-blocklist-entry", (input: BlocklistInput) => {
  return new WorkflowResponse(addBlocklistEntryStep(input))
})

export const removeBlocklistEntryWorkflow = createWorkflow("remove-blocklist-entry", (input: { id: string }) => {
  removeBlocklistEntryStep(input)
  return new WorkflowResponse(undefined)
})

/** Changes some of the guard's rules, the rest stay; answers the rules after the change. */
export const changeGuardRulesWorkflow = createWorkflow(
  "change-guard-rules",
  (input: { change: Partial<GuardRules> }) => {
    // one change at a time, as the payment rules (payment-rules.ts)
    acquireLockStep({ key: "guard-rules", timeout: 10, ttl: 30, retryInterval: 0.05 })
    const rules = setGuardRulesStep(input)
    releaseLockStep({ key: "guard-rules" })
    return new WorkflowResponse(rules)
  }
)

export type ConfirmOrderInput = {
  order_id: string
  outcome: ConfirmationOutcome
  note?: string | null
  /** with `fake`: blocklist the order's phone too */
  blocklist?: boolean
  admin_id: string | null
}

/**
 * A confirmation call's outcome for a held order (POST
 * /api/admin/order/{orderId}/confirmation): logged with the admin and the
 * time; `confirmed` releases the hold; `fake` cancels the order (its units
 * back in stock) and, when asked, blocklists its phone. One workflow: when a
 * later part fails (the blocklist, say), the call is taken off the log and
 * the order is back as it was, its units taken again.
 */
export const confirmShopOrderWorkflow = createWorkflow("confirm-shop-order", (input: ConfirmOrderInput) => {
  const plan = planConfirmationStep({ order_id: input.order_id, outcome: input.outcome, blocklist: input.blocklist })
  recordConfirmationWorkflow.runAsStep({
    input: transform({ input }, ({ input }) => ({
      order_id: input.order_id,
      outcome: input.outcome,
      note: input.note?.trim() || null,
      admin_id: input.admin_id,
    })),
  })
  when({ plan }, ({ plan }) => !!plan.blocklist_phone).then(() => {
    addBlocklistEntryWorkflow.runAsStep({
      input: transform({ input, plan }, ({ input, plan }) => ({
        kind: "phone" as const,
        value: plan.blocklist_phone!,
        reason: `Fake order ${plan.order_number}`,
        created_by: input.admin_id,
      })),
    })
  })
  // the cancel last: a paid order's bKash refund cannot be taken back, so nothing may fail after it
  when({ plan }, ({ plan }) => plan.cancel).then(() => {
    updateShopOrderStatusWorkflow.runAsStep({
      input: transform({ input }, ({ input }) => ({
        order_id: input.order_id,
        status: "cancelled" as const,
        admin_id: input.admin_id ?? undefined,
      })),
    })
  })
  return new WorkflowResponse(undefined)
})
