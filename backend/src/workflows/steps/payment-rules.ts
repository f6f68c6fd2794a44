import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { PaymentRules } from "@shop/contract"
import { SHOP_ORDER_MODULE } from "../../modules/shop-order"
import type ShopOrderModuleService from "../../modules/shop-order/service"
import { paymentRules } from "../../read-models/payment"

const service = (container: MedusaContainer) => container.resolve<ShopOrderModuleService>(SHOP_ORDER_MODULE)

/**
 * Changes some of the merchant's payment rules (the rest stay as stored, the
 * defaults where never set) and answers the rules after the change.
 * Compensation puts the stored rules back (or removes the first ones).
 */
export const setPaymentRulesStep = createStep(
  "set-payment-rules",
  async (input: { change: Partial<PaymentRules> }, { container }) => {
    type Undo = { id: string; created: true } | { id: string; rules: Partial<PaymentRules>; created: false }
    const rules: PaymentRules = { ...(await paymentRules(container)), ...input.change }
    const [row] = await service(container).listPaymentRules({ key: "default" }, { take: 1 })
    if (row) {
      await service(container).updatePaymentRules({ id: row.id, rules })
      return new StepResponse<PaymentRules, Undo>(rules, { id: row.id, rules: row.rules, created: false })
    }
    const created = await service(container).createPaymentRules({ key: "default", rules })
    return new StepResponse<PaymentRules, Undo>(rules, { id: created.id, created: true })
  },
  async (before, { container }) => {
    if (!before) return
    if (before.created) await service(container).deletePaymentRules(before.id)
    else await service(container).updatePaymentRules({ id: before.id, rules: before.rules })
  }
)
