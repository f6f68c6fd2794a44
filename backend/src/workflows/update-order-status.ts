import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { markPaymentCollectionAsPaid, useQueryGraphStep } from "@medusajs/medusa/core-flows"
import type { OrderStatus } from "../modules/shop-order/models/shop-order"
import { changeOrderStatusStep } from "./steps/change-order-status"

/**
 * An admin's status change. `delivered` also records the cash as collected:
 * the order's cash-on-delivery payment collection is captured in Medusa.
 */
export const updateShopOrderStatusWorkflow = createWorkflow(
  "update-shop-order-status",
  (input: { order_id: string; status: OrderStatus; admin_id?: string }) => {
    const change = changeOrderStatusStep({ order_id: input.order_id, status: input.status })
    const { data: orders } = useQueryGraphStep({
      entity: "order",
      fields: ["id", "payment_collections.id", "payment_collections.status"],
      filters: { id: input.order_id },
    })
    const unpaid = transform({ orders }, ({ orders }) =>
      ((orders[0] as { payment_collections?: { id: string; status: string }[] })?.payment_collections ?? []).find(
        (pc) => pc.status !== "completed" && pc.status !== "canceled"
      ) ?? null
    )
    when({ input, unpaid }, ({ input, unpaid }) => input.status === "delivered" && !!unpaid).then(() => {
      const pay = transform({ input, unpaid }, ({ input, unpaid }) => ({
        order_id: input.order_id,
        payment_collection_id: unpaid!.id,
        captured_by: input.admin_id,
      }))
      markPaymentCollectionAsPaid.runAsStep({ input: pay })
    })
    return new WorkflowResponse(change)
  }
)
