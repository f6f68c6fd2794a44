import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  acquireLockStep,
  emitEventStep,
  markPaymentCollectionAsPaid,
  releaseLockStep,
  useQueryGraphStep,
} from "@medusajs/medusa/core-flows"
import { COURIER_CLOSED_STATUSES } from "@shop/contract"
import { productChanges } from "../lib/public-cache"
import { type CollectionRow, refundBkashOnCancelStep, settleBkashOnDeliveryStep } from "./steps/bkash-payment"
import { changeOrderStatusStep } from "./steps/change-order-status"
import { syncNativeOrderStep, type NativeOrderInput } from "./steps/native-order-state"
import { publishPublicCacheStep } from "./steps/public-cache"

/**
 * An admin's status change. `delivered` also records the cash as collected:
 * the order's cash-on-delivery payment collection is captured in Medusa;
 * `cancelled` refunds the merchant's share of what bKash received. The
 * Medusa order follows (canceled, completed, fulfilment shipped or delivered:
 * steps/native-order-state.ts), so Medusa Admin's own screens tell the same
 * story. One change per order at a time.
 */
export const updateShopOrderStatusWorkflow = createWorkflow("update-shop-order-status", (input: NativeOrderInput) => {
  // waiters poll every 50 ms for up to 30 s; one still waiting then gets a 409 (src/api/utils/shop-errors.ts)
  acquireLockStep({ key: input.order_id, timeout: 30, ttl: 30, retryInterval: 0.05 })
  // a courier booking is refused for an order that is over (cancelled, delivered, completed)
  const refuse = transform({ input }, ({ input }) =>
    input.courier
      ? { statuses: [...COURIER_CLOSED_STATUSES], message: "A {status} order cannot be sent to a courier" }
      : undefined
  )
  const change = changeOrderStatusStep({
    order_id: input.order_id,
    status: input.status,
    refuse_from: refuse,
    keep_stock: input.keep_stock,
  })
  syncNativeOrderStep({
    order_id: input.order_id,
    status: input.status,
    admin_id: input.admin_id,
    courier: input.courier,
  })
  const { data: orders } = useQueryGraphStep({
    entity: "order",
    fields: [
      "id",
      "payment_collections.id",
      "payment_collections.status",
      "payment_collections.amount",
      "payment_collections.payments.id",
      "payment_collections.payments.amount",
      "payment_collections.payments.provider_id",
      "payment_collections.payments.captures.amount",
      "payment_collections.payment_sessions.id",
      "payment_collections.payment_sessions.provider_id",
      "payment_collections.payment_sessions.status",
    ],
    filters: { id: input.order_id },
  })
  const unpaid = transform(
    { orders },
    ({ orders }) =>
      ((orders[0] as { payment_collections?: CollectionRow[] })?.payment_collections ?? []).find(
        (pc) => pc.status !== "completed" && pc.status !== "canceled"
      ) ?? null
  )
  // a bKash order: the rest of its bKash payment captured (or, never paid by bKash, all of it as cash)
  const bkash = when({ input, unpaid }, ({ input, unpaid }) => input.status === "delivered" && !!unpaid).then(() =>
    settleBkashOnDeliveryStep(
      transform({ input, unpaid }, ({ input, unpaid }) => ({ collection: unpaid, captured_by: input.admin_id }))
    )
  )
  when(
    { input, unpaid, bkash },
    ({ input, unpaid, bkash }) => input.status === "delivered" && !!unpaid && !bkash?.settled
  ).then(() => {
    const pay = transform({ input, unpaid }, ({ input, unpaid }) => ({
      order_id: input.order_id,
      payment_collection_id: unpaid!.id,
      captured_by: input.admin_id,
    }))
    markPaymentCollectionAsPaid.runAsStep({ input: pay })
  })
  // cancelled (by the shop, as fake, or its parcel returned): the merchant's share of a bKash payment goes back
  when({ input }, ({ input }) => input.status === "cancelled").then(() => {
    refundBkashOnCancelStep(
      transform({ input }, ({ input }) => ({ order_id: input.order_id, refunded_by: input.admin_id }))
    )
  })
  // for whoever follows orders (Meta's Purchase: subscribers/meta-purchase.ts); sent once the workflow has succeeded
  const changed = transform({ input }, ({ input }) => ({
    eventName: "shop-order.status-changed",
    data: { id: input.order_id, status: input.status, at: new Date().toISOString() },
  }))
  emitEventStep(changed)
  releaseLockStep({ key: input.order_id })
  // units back in stock (cancelled) or taken again: the storefront servers drop what they cached
  publishPublicCacheStep(transform({ change }, ({ change }) => ({ messages: productChanges(change.stock_changed) })))
  return new WorkflowResponse(change)
})
