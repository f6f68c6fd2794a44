import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { normalizeBdPhone, type BlocklistKind, type ConfirmationOutcome, type GuardRules } from "@shop/contract"
import { ORDER_GUARD_MODULE } from "../modules/order-guard"
import type OrderGuardModuleService from "../modules/order-guard/service"
import { findShopOrder } from "../read-models/orders"
import { guardRules } from "../read-models/order-guard"
import { updateShopOrderStatusWorkflow } from "./update-order-status"

const service = (container: { resolve: MedusaContainer["resolve"] }) => container.resolve<OrderGuardModuleService>(ORDER_GUARD_MODULE)

type ConfirmationInput = { order_id: string; outcome: ConfirmationOutcome; note: string | null; admin_id: string | null }

/** Appends a call to the order's log; `confirmed` and `fake` end the hold. */
const recordConfirmationStep = createStep(
  "record-confirmation",
  async (input: ConfirmationInput, { container }) => {
    const [risk] = await service(container).listOrderRisks({ order_id: input.order_id }, { take: 1 })
    if (!risk) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Order not found")
    const before = { id: risk.id, confirmations: risk.confirmations, needs_confirmation: risk.needs_confirmation }
    const log = [...((risk.confirmations as unknown as unknown[]) ?? []), { outcome: input.outcome, note: input.note, admin_id: input.admin_id, at: new Date().toISOString() }]
    const ends = input.outcome === "confirmed" || input.outcome === "fake"
    await service(container).updateOrderRisks({ id: risk.id, confirmations: log, needs_confirmation: ends ? false : risk.needs_confirmation } as never)
    return new StepResponse(undefined, before)
  },
  async (before, { container }) => {
    if (before) await service(container).updateOrderRisks(before as never)
  }
)

export const recordConfirmationWorkflow = createWorkflow("record-confirmation", (input: ConfirmationInput) => {
  recordConfirmationStep(input)
  // the shopper confirmed on the phone: for whoever follows orders (Meta's Purchase: subscribers/meta-purchase.ts)
  when({ input }, ({ input }) => input.outcome === "confirmed").then(() => {
    const confirmed = transform({ input }, ({ input }) => ({
      eventName: "shop-order.confirmed",
      data: { id: input.order_id, at: new Date().toISOString() },
    }))
    emitEventStep(confirmed)
  })
  return new WorkflowResponse(undefined)
})

type BlocklistInput = { kind: BlocklistKind; value: string; reason: string; created_by: string | null }

const addBlocklistEntryStep = createStep(
  "add-blocklist-entry",
  async (input: BlocklistInput, { container }) => {
    const [existing] = await service(container).listBlocklistEntries({ kind: input.kind, value: input.value }, { take: 1 })
    if (existing) return new StepResponse(existing, null)
    const created = await service(container).createBlocklistEntries(input)
    return new StepResponse(created, created.id)
  },
  async (id, { container }) => {
    if (id) await service(container).deleteBlocklistEntries(id)
  }
)

export const addBlocklistEntryWorkflow = createWorkflow("add-blocklist-entry", (input: BlocklistInput) => {
  return new WorkflowResponse(addBlocklistEntryStep(input))
})

const removeBlocklistEntryStep = createStep("remove-blocklist-entry", async (input: { id: string }, { container }) => {
  const [entry] = await service(container).listBlocklistEntries({ id: input.id }, { take: 1 })
  if (!entry) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Blocklist entry not found")
  await service(container).softDeleteBlocklistEntries(input.id)
  return new StepResponse(undefined, input.id)
}, async (id, { container }) => {
  if (id) await service(container).restoreBlocklistEntries(id)
})

export const removeBlocklistEntryWorkflow = createWorkflow("remove-blocklist-entry", (input: { id: string }) => {
  removeBlocklistEntryStep(input)
  return new WorkflowResponse(undefined)
})

const setGuardRulesStep = createStep("set-guard-rules", async (input: { rules: GuardRules }, { container }) => {
  const [row] = await service(container).listGuardRules({ key: "default" }, { take: 1 })
  if (row) await service(container).updateGuardRules({ id: row.id, rules: input.rules as unknown as Record<string, unknown> })
  else await service(container).createGuardRules({ key: "default", rules: input.rules as unknown as Record<string, unknown> })
  return new StepResponse(undefined, row ? { id: row.id, rules: row.rules } : null)
}, async (before, { container }) => {
  if (before) await service(container).updateGuardRules(before as never)
})

export const setGuardRulesWorkflow = createWorkflow("set-guard-rules", (input: { rules: GuardRules }) => {
  setGuardRulesStep(input)
  return new WorkflowResponse(undefined)
})

/** The rules after a change: the stored ones with the change over them. */
export async function changeGuardRules(container: MedusaContainer, change: Partial<GuardRules>): Promise<GuardRules> {
  const rules = { ...(await guardRules(container)), ...change }
  await setGuardRulesWorkflow(container).run({ input: { rules } })
  return rules
}

/**
 * A confirmation call's outcome for a held order: logged with the admin and
 * the time; `confirmed` releases the hold; `fake` cancels the order (its units
 * back in stock) and, when asked, blocklists its phone.
 */
export async function confirmOrder(
  container: MedusaContainer,
  input: { orderId: string; outcome: ConfirmationOutcome; note?: string | null; blocklist?: boolean; adminId: string | null }
) {
  const order = await findShopOrder(container, input.orderId)
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Order not found")
  if (input.outcome === "fake" && order.orderStatus !== "cancelled") {
    if (order.orderStatus !== "pending") {
      throw new MedusaError(MedusaError.Types.CONFLICT, `A ${order.orderStatus} order cannot be marked fake`)
    }
    await updateShopOrderStatusWorkflow(container).run({ input: { order_id: input.orderId, status: "cancelled", admin_id: input.adminId ?? undefined } })
  }
  await recordConfirmationWorkflow(container).run({
    input: { order_id: input.orderId, outcome: input.outcome, note: input.note?.trim() || null, admin_id: input.adminId },
  })
  if (input.outcome === "fake" && input.blocklist) {
    const phone = normalizeBdPhone(order.guestPhone || order.addressInfo[0]?.number || "")
    if (phone) {
      await addBlocklistEntryWorkflow(container).run({
        input: { kind: "phone", value: phone, reason: `Fake order ${order.orderNumber}`, created_by: input.adminId },
      })
    }
  }
}
