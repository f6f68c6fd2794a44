import { createWorkflow, transform, when, type WorkflowData, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, emitEventStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { bkashLockOf } from "../modules/bkash"
import { recordConfirmationWorkflow } from "./order-guard"
import {
  checkBkashExpiryStep,
  confirmBkashPaymentStep,
  markBkashExpiredStep,
  paidBeforeCashStep,
  startBkashPaymentStep,
  switchToCashStep,
} from "./steps/bkash-payment"
import { updateShopOrderStatusWorkflow } from "./update-order-status"

/** How long a bKash step waits for the order's lock, and how long the lock outlives a dead process (execute may take 15 s). */
const LOCK_WAIT_SECONDS = 30
const LOCK_TTL_SECONDS = 60

/**
 * A held order (the fake-order guard's call) whose shopper has just paid by
 * bKash: the payment confirms it, logged as the confirmation with bKash's
 * transaction, and the hold ends without a call. Composition only.
 */
function releaseHeldOrder(
  input: WorkflowData<{ order_id: string }> | { order_id: string },
  confirmed: WorkflowData<{ release: string | null }>
) {
  when("release-held-order", { confirmed }, ({ confirmed }) => !!confirmed.release).then(() => {
    recordConfirmationWorkflow.runAsStep({
      input: transform({ input, confirmed }, ({ input, confirmed }) => ({
        order_id: input.order_id,
        outcome: "confirmed" as const,
        note: confirmed.release,
        admin_id: null,
        via: "bkash" as const,
      })),
    })
  })
}

/**
 * bKash's payment page for an order waiting to be paid: one bKash payment per
 * attempt, made once however often this runs (under the order's lock), a new
 * one after a failure or a cancel.
 */
export const startBkashPaymentWorkflow = createWorkflow(
  "start-bkash-payment",
  (input: { order_id: string; callback_url: string }) => {
    const key = transform({ input }, ({ input }) => bkashLockOf(input.order_id))
    acquireLockStep(transform({ key }, ({ key }) => ({ key, timeout: LOCK_WAIT_SECONDS, ttl: LOCK_TTL_SECONDS })))
    const started = startBkashPaymentStep(input)
    releaseLockStep(transform({ key }, ({ key }) => ({ key })))
    return new WorkflowResponse(started)
  }
)

/**
 * The shopper is back from bKash: under the order's lock, the order's own
 * bKash payment is executed or read back and the payment recorded only as
 * bKash confirms it (steps/bkash-payment.ts). Callbacks replayed, at once or
 * later, record it once.
 */
export const confirmBkashPaymentWorkflow = createWorkflow(
  "confirm-bkash-payment",
  (input: { order_id: string; payment_id: string | null; status: string }) => {
    const key = transform({ input }, ({ input }) => bkashLockOf(input.order_id))
    acquireLockStep(transform({ key }, ({ key }) => ({ key, timeout: LOCK_WAIT_SECONDS, ttl: LOCK_TTL_SECONDS })))
    const confirmed = confirmBkashPaymentStep(input)
    releaseHeldOrder(input, confirmed)
    // bKash has the money (the shopper's text message: subscribers/order-sms.ts); sent once the workflow has succeeded
    when("bkash-paid-event", { confirmed }, ({ confirmed }) =>
      ["paid", "advance_paid"].includes(confirmed.outcome)
    ).then(() => {
      emitEventStep(
        transform({ input }, ({ input }) => ({ eventName: "shop-order.bkash-paid", data: { id: input.order_id } }))
      )
    })
    releaseLockStep(transform({ key }, ({ key }) => ({ key })))
    return new WorkflowResponse(confirmed)
  }
)

/**
 * An order left unpaid past the time allowed (jobs/expire-bkash-orders.ts):
 * under the order's bKash lock, bKash is asked once more (a payment made at
 * the last moment is kept); still unpaid, the order is cancelled through the
 * one status workflow (its stock back, Medusa's order cancelled) and its
 * payment marked expired, so a late callback takes no money for it. A cash
 * order asked for the advance only because the guard held it goes back to
 * cash instead, and waits for its call.
 */
export const expireBkashOrderWorkflow = createWorkflow("expire-bkash-order", (input: { order_id: string }) => {
  const key = transform({ input }, ({ input }) => bkashLockOf(input.order_id))
  acquireLockStep(transform({ key }, ({ key }) => ({ key, timeout: LOCK_WAIT_SECONDS, ttl: LOCK_TTL_SECONDS })))
  const checked = checkBkashExpiryStep(input)
  releaseHeldOrder(input, checked)
  when("expire-unpaid", { checked }, ({ checked }) => checked.expire).then(() => {
    updateShopOrderStatusWorkflow.runAsStep({
      input: transform({ input }, ({ input }) => ({ order_id: input.order_id, status: "cancelled" as const })),
    })
    markBkashExpiredStep(input)
  })
  // a held cash order asked for the advance and left unpaid: cash on delivery again, held for the call
  when("unpaid-back-to-cash", { checked }, ({ checked }) => checked.back_to_cash).then(() => {
    switchToCashStep(input)
  })
  releaseLockStep(transform({ key }, ({ key }) => ({ key })))
  return new WorkflowResponse(checked)
})

/**
 * The shopper pays in cash on delivery instead of bKash (steps/bkash-payment.ts),
 * under the order's bKash lock. bKash is asked first: a payment it completed
 * is recorded instead (releasing a held order, as a callback would) and the
 * answer says `paid`; the order is not switched.
 */
export const switchBkashToCashWorkflow = createWorkflow("switch-bkash-to-cash", (input: { order_id: string }) => {
  const key = transform({ input }, ({ input }) => bkashLockOf(input.order_id))
  acquireLockStep(transform({ key }, ({ key }) => ({ key, timeout: LOCK_WAIT_SECONDS, ttl: LOCK_TTL_SECONDS })))
  const paid = paidBeforeCashStep(input)
  releaseHeldOrder(input, paid)
  when("unpaid-to-cash", { paid }, ({ paid }) => !paid.paid).then(() => {
    switchToCashStep(input)
  })
  releaseLockStep(transform({ key }, ({ key }) => ({ key })))
  return new WorkflowResponse(transform({ paid }, ({ paid }) => ({ paid: paid.paid })))
})
