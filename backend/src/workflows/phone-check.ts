import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, emitEventStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { recordConfirmationWorkflow } from "./order-guard"
import { renewPhoneCodeStep, tryPhoneCodeStep } from "./steps/phone-check"

/**
 * The phone check of a held order (steps/phone-check.ts): the shopper types
 * the code sent by SMS, or asks for a new one. One request at a time per
 * order (Medusa's Locking module), so a double tap of the right code releases
 * the order once and answers "verified" twice.
 */
const lockOf = (orderId: string) => `phone-check:${orderId}`
const LOCK = { timeout: 10, ttl: 30, retryInterval: 0.05 }

export type PhoneCodeInput = { order_id: string; code: string; client_address: string | null; now?: string }

/** A typed code: the right one releases the order, logged as confirmed by the shopper's phone; answers how it was taken. */
export const verifyPhoneCodeWorkflow = createWorkflow("verify-phone-code", (input: PhoneCodeInput) => {
  acquireLockStep(transform({ input }, ({ input }) => ({ key: lockOf(input.order_id), ...LOCK })))
  const tried = tryPhoneCodeStep(input)
  when("release-verified-order", { tried }, ({ tried }) => tried.outcome === "right").then(() => {
    recordConfirmationWorkflow.runAsStep({
      input: transform({ input }, ({ input }) => ({
        order_id: input.order_id,
        outcome: "confirmed" as const,
        note: "Phone verified: the shopper typed the code sent by SMS",
        admin_id: null,
        via: "sms_code" as const,
      })),
    })
  })
  releaseLockStep(transform({ input }, ({ input }) => ({ key: lockOf(input.order_id) })))
  return new WorkflowResponse(tried)
})

/** A new code for a held order, sent after the answer (subscribers/order-sms.ts); answers the check. */
export const resendPhoneCodeWorkflow = createWorkflow(
  "resend-phone-code",
  (input: { order_id: string; client_address: string | null; now?: string }) => {
    acquireLockStep(transform({ input }, ({ input }) => ({ key: lockOf(input.order_id), ...LOCK })))
    const renewed = renewPhoneCodeStep(input)
    emitEventStep(
      transform({ input, renewed }, ({ input, renewed }) => ({
        eventName: "shop-order.phone-code",
        data: { id: input.order_id, message_id: renewed.message_id },
      }))
    )
    releaseLockStep(transform({ input }, ({ input }) => ({ key: lockOf(input.order_id) })))
    return new WorkflowResponse(transform({ renewed }, ({ renewed }) => renewed.check))
  }
)
