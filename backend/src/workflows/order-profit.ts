import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { computeOrderProfitStep, writeOrderProfitStep } from "./steps/order-profit"

const lockKeys = (orderIds: string[]) => [...new Set(orderIds)].sort().map((id) => `order-profit:${id}`)

/**
 * These orders' profit rows computed again from the truth (the order, its
 * lines, its parcel as the courier last reported it, its payment, the guard's
 * word, its products' costs when it was placed) and written whole. Run by
 * subscribers/order-profit.ts whenever one of these changes, and over every
 * order by the backfill. Under a lock per order: two refreshes of one order
 * at once write one after the other, each from what it read inside the lock,
 * so an older reading never overwrites a newer one.
 */
export const refreshOrderProfitWorkflow = createWorkflow("refresh-order-profit", (input: { order_ids: string[] }) => {
  const key = transform({ input }, ({ input }) => lockKeys(input.order_ids))
  acquireLockStep(transform({ key }, ({ key }) => ({ key, timeout: 30, ttl: 60 })))
  const rows = computeOrderProfitStep(input)
  const written = writeOrderProfitStep(rows)
  releaseLockStep(transform({ key }, ({ key }) => ({ key })))
  return new WorkflowResponse(written)
})
