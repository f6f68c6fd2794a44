import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import type { CourierBookingRequest, CourierInfo } from "@shop/contract"
import { bkashLockOf } from "../modules/bkash"
import { bookedCourierStep, planCourierBookingStep } from "./steps/book-courier"
import { markBookingUncertainStep } from "./steps/booking-uncertain"
import { updateShopOrderStatusWorkflow } from "./update-order-status"

export type BookCourierInput = { order_id: string; request: CourierBookingRequest; admin_id?: string }

export type BookCourierResult = { courier: CourierInfo; booked: boolean }

/**
 * Books an order with a courier and marks it shipped (POST
 * /api/admin/order/{orderId}/courier, and one order at a time from the
 * orders list). The courier's fulfilment provider books the parcel inside the
 * status workflow, under the order's lock. An order already with a courier
 * answers its parcel and calls no courier again; an order that is over is
 * refused (409); a courier that is down or slow leaves the order as it was
 * (502; a Pathao booking left unanswered is marked, so it is not repeated
 * blindly: steps/native-order-state.ts), its refusal comes back in its own
 * words (422). A forced booking clears the mark once it goes through; should
 * that fail, the booking is rolled back with it. The booking holds the
 * order's bKash lock as well: what the courier is asked to collect is planned
 * from the payment, so a bKash payment confirmed meanwhile waits for it, and
 * one confirmed first is counted.
 */
export const bookCourierWorkflow = createWorkflow("book-courier", (input: BookCourierInput) => {
  const lock = transform({ input }, ({ input }) => ({ key: bkashLockOf(input.order_id), timeout: 30, ttl: 60 }))
  acquireLockStep(lock)
  const plan = planCourierBookingStep({ order_id: input.order_id, request: input.request })
  when({ plan }, ({ plan }) => !plan.already).then(() => {
    updateShopOrderStatusWorkflow.runAsStep({
      input: transform({ input, plan }, ({ input, plan }) => ({
        order_id: input.order_id,
        status: "shipped" as const,
        admin_id: input.admin_id,
        courier: { provider_id: plan.provider_id, data: plan.parcel ?? {} },
      })),
    })
  })
  when({ plan }, ({ plan }) => !plan.already && plan.uncertain).then(() => {
    markBookingUncertainStep({ order_id: input.order_id, provider: null })
  })
  const booked = when({ plan }, ({ plan }) => !plan.already).then(() => bookedCourierStep({ order_id: input.order_id }))
  releaseLockStep(transform({ input }, ({ input }) => ({ key: bkashLockOf(input.order_id) })))
  const result = transform({ plan, booked }, ({ plan, booked }): BookCourierResult =>
    plan.already ? { courier: plan.already, booked: false } : { courier: booked!, booked: true }
  )
  return new WorkflowResponse(result)
})
