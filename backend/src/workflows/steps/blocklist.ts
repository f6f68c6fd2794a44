import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { BlocklistKind } from "@shop/contract"
import { ORDER_GUARD_MODULE } from "../../modules/order-guard"
import type OrderGuardModuleService from "../../modules/order-guard/service"

const service = (container: MedusaContainer) => container.resolve<OrderGuardModuleService>(ORDER_GUARD_MODULE)

export type BlocklistInput = { kind: BlocklistKind; value: string; reason: string; created_by: string | null }

/** Adds an entry to the blocklist (one already there is answered as it is). Compensation deletes the entry it made. */
export const addBlocklistEntryStep = createStep(
  "add-blocklist-entry",
  async (input: BlocklistInput, { container }) => {
    const [existing] = await service(container).listBlocklistEntries(
      { kind: input.kind, value: input.value },
      { take: 1 }
    )
    if (existing) return new StepResponse(existing, null)
    const created = await service(container).createBlocklistEntries(input)
    return new StepResponse(created, created.id)
  },
  async (id, { container }) => {
    if (id) await service(container).deleteBlocklistEntries(id)
  }
)

/** Removes a blocklist entry (404 for an unknown one). Compensation restores it. */
export const removeBlocklistEntryStep = createStep(
  "remove-blocklist-entry",
  async (input: { id: string }, { container }) => {
    const [entry] = await service(container).listBlocklistEntries({ id: input.id }, { take: 1 })
    if (!entry) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Blocklist entry not found")
    await service(container).softDeleteBlocklistEntries(input.id)
    return new StepResponse(undefined, input.id)
  },
  async (id, { container }) => {
    if (id) await service(container).restoreBlocklistEntries(id)
  }
)
