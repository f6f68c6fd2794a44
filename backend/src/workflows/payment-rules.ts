import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { PaymentRules } from "@shop/contract"
import { setPaymentRulesStep } from "./steps/payment-rules"

/** Changes some of the merchant's payment rules, the rest stay; answers the rules after the change. */
export const changePaymentRulesWorkflow = createWorkflow(
  "change-payment-rules",
  (input: { change: Partial<PaymentRules> }) => {
    return new WorkflowResponse(setPaymentRulesStep(input))
  }
)
