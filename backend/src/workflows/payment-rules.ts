import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import type { PaymentRules } from "@shop/contract"
import { setPaymentRulesStep } from "./steps/payment-rules"

/**
 * Changes some of the merchant's payment rules, the rest stay; answers the
 * rules after the change. One change at a time: two saves at once (two staff,
 * a double tap) each keep the other's fields, and the first save of all
 * creates one row, never two.
 */
export const changePaymentRulesWorkflow = createWorkflow(
  "change-payment-rules",
  (input: { change: Partial<PaymentRules> }) => {
    acquireLockStep({ key: "payment-rules", timeout: 10, ttl: 30, retryInterval: 0.05 })
    const rules = setPaymentRulesStep(input)
    releaseLockStep({ key: "payment-rules" })
    return new WorkflowResponse(rules)
  }
)
