import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { purgeOrderRequestsStep } from "./steps/order-once"

/** Idempotency keys past their 24 hours go (the order_request table stays the size of a day's orders). */
export const purgeOrderRequestsWorkflow = createWorkflow("purge-order-requests", (input: { batch: number }) => {
  return new WorkflowResponse(purgeOrderRequestsStep(input))
})
