import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { normalizeBdPhone, type ConfirmationOutcome, type ConfirmationVia } from "@shop/contract"
import { ORDER_GUARD_MODULE } from "../../modules/order-guard"
import type OrderGuardModuleService from "../../modules/order-guard/service"
import { findShopOrder } from "../../read-models/orders"

const service = (container: MedusaContainer) => container.resolve<OrderGuardModuleService>(ORDER_GUARD_MODULE)

export type ConfirmationPlan = {
  /** `fake` for an order still pending: it is cancelled (its units back in stock) */
  cancel: boolean
  /** `fake` with the blocklist asked for: the order's phone, when it has one */
  blocklist_phone: string | null
  order_number: string
}

/**
 * Reads what a confirmation call's outcome does to the order: 404 for an
 * unknown order; `fake` cancels a pending order (an order already cancelled
 * stays; one shipped or beyond is 409) and, when asked, blocklists its phone.
 * Reads only.
 */
export const planConfirmationStep = createStep(
  "plan-confirmation",
  async (input: { order_id: string; outcome: ConfirmationOutcome; blocklist?: boolean }, { container }) => {
    const order = await findShopOrder(container, input.order_id)
    if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Order not found")
    const fake = input.outcome === "fake"
    if (fake && order.orderStatus !== "cancelled" && order.orderStatus !== "pending") {
      throw new MedusaError(MedusaError.Types.CONFLICT, `A ${order.orderStatus} order cannot be marked fake`)
    }
    const phone =
      fake && input.blocklist ? normalizeBdPhone(order.guestPhone || order.addressInfo[0]?.number || "") : null
    return new StepResponse<ConfirmationPlan>({
      cancel: fake && order.orderStatus !== "cancelled",
      blocklist_phone: phone || null,
      order_number: order.orderNumber,
    })
  }
)

export type ConfirmationInput = {
  order_id: string
  outcome: ConfirmationOutcome
  note: string | null
  admin_id: string | null
  /** how it came: a staff call when left out */
  via?: ConfirmationVia
}

/** Appends a call to the order's log; `confirmed` and `fake` end the hold. Compensation puts the log and the hold back. */
export const recordConfirmationStep = createStep(
  "record-confirmation",
  async (input: ConfirmationInput, { container }) => {
    const [risk] = await service(container).listOrderRisks({ order_id: input.order_id }, { take: 1 })
    if (!risk) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Order not found")
    const before = { id: risk.id, confirmations: risk.confirmations, needs_confirmation: risk.needs_confirmation }
    const log = [
      ...(risk.confirmations ?? []),
      {
        outcome: input.outcome,
        note: input.note,
        admin_id: input.admin_id,
        at: new Date().toISOString(),
        via: input.via ?? ("call" as const),
      },
    ]
    const ends = input.outcome === "confirmed" || input.outcome === "fake"
    await service(container).updateOrderRisks({
      id: risk.id,
      confirmations: log,
      needs_confirmation: ends ? false : risk.needs_confirmation,
    })
    return new StepResponse(undefined, before)
  },
  async (before, { container }) => {
    if (before) await service(container).updateOrderRisks(before)
  }
)
