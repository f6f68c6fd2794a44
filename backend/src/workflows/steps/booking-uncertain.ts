import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { CourierProvider } from "@shop/contract"

type Input = { order_id: string; provider: CourierProvider | null }

/**
 * Marks (or clears) on the Medusa order that a courier booking went
 * unanswered: the courier may have the parcel, and a courier that cannot be
 * asked by the shop's order number (Pathao) is not booked again blindly. The
 * mark itself is written where the booking fails (steps/native-order-state.ts);
 * the booking workflow clears it here once a booking goes through.
 * Compensation puts the order's metadata back.
 */
export const markBookingUncertainStep = createStep(
  "mark-booking-uncertain",
  async (input: Input, { container }) => {
    const orders = container.resolve(Modules.ORDER)
    const [order] = await orders.listOrders({ id: input.order_id }, { select: ["id", "metadata"] })
    const metadata = { ...(order?.metadata ?? {}) }
    if (input.provider) metadata.courier_uncertain = { provider: input.provider, at: new Date().toISOString() }
    else delete metadata.courier_uncertain
    await orders.updateOrders([{ id: input.order_id, metadata }])
    return new StepResponse(undefined, { id: input.order_id, metadata: order?.metadata ?? null })
  },
  async (before, { container }) => {
    if (before) await container.resolve(Modules.ORDER).updateOrders([{ id: before.id, metadata: before.metadata }])
  }
)
