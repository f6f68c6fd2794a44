import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { GuardRules } from "@shop/contract"
import { ORDER_GUARD_MODULE } from "../../modules/order-guard"
import type OrderGuardModuleService from "../../modules/order-guard/service"
import { guardRules } from "../../read-models/order-guard"

const service = (container: MedusaContainer) => container.resolve<OrderGuardModuleService>(ORDER_GUARD_MODULE)

/**
 * Changes some of the fake-order guard's rules (the rest stay as stored, the
 * defaults where never set) and answers the rules after the change.
 * Compensation puts the stored rules back (or removes the first ones).
 */
export const setGuardRulesStep = createStep(
  "set-guard-rules",
  async (input: { change: Partial<GuardRules> }, { container }) => {
    type Undo = { id: string; created: true } | { id: string; rules: Partial<GuardRules>; created: false }
    const rules: GuardRules = { ...(await guardRules(container)), ...input.change }
    const [row] = await service(container).listGuardRules({ key: "default" }, { take: 1 })
    if (row) {
      await service(container).updateGuardRules({ id: row.id, rules })
      return new StepResponse<GuardRules, Undo>(rules, {
        id: row.id,
        rules: row.rules,
        created: false,
      })
    }
    const created = await service(container).createGuardRules({
      key: "default",
      rules,
    })
    return new StepResponse<GuardRules, Undo>(rules, { id: created.id, created: true })
  },
  async (before, { container }) => {
    if (!before) return
    if (before.created) await service(container).deleteGuardRules(before.id)
    else await service(container).updateGuardRules({ id: before.id, rules: before.rules })
  }
)
