import type { MedusaContainer } from "@medusajs/framework/types"
import {
  BKASH_REQUIRED_FOR,
  DEFAULT_PAYMENT_RULES,
  paymentChoices,
  type BkashRequiredFor,
  type PaymentOptions,
  type PaymentRules,
} from "@shop/contract"
import { bkashSettings } from "../modules/bkash/settings"
import { SHOP_ORDER_MODULE } from "../modules/shop-order"
import type ShopOrderModuleService from "../modules/shop-order/service"

/** Stored rules read leniently: a value of the wrong kind (an older shape) falls back to its default. */
export function paymentRulesOf(stored: unknown): PaymentRules {
  const value = stored && typeof stored === "object" ? (stored as Record<string, unknown>) : {}
  const requiredFor = value.bkashRequiredFor
  const percent = value.refundPercent
  return {
    bkashRequiredFor: (BKASH_REQUIRED_FOR as readonly unknown[]).includes(requiredFor)
      ? (requiredFor as BkashRequiredFor)
      : DEFAULT_PAYMENT_RULES.bkashRequiredFor,
    offerBkash: typeof value.offerBkash === "boolean" ? value.offerBkash : DEFAULT_PAYMENT_RULES.offerBkash,
    refundPercent:
      typeof percent === "number" && Number.isInteger(percent) && percent >= 0 && percent <= 100
        ? percent
        : DEFAULT_PAYMENT_RULES.refundPercent,
  }
}

/** The merchant's payment rules, the defaults where never set. */
export async function paymentRules(container: MedusaContainer): Promise<PaymentRules> {
  const shopOrders = container.resolve<ShopOrderModuleService>(SHOP_ORDER_MODULE)
  const [row] = await shopOrders.listPaymentRules({ key: "default" }, { take: 1 })
  return paymentRulesOf(row?.rules)
}

/** What the order forms may offer: the rules, and whether bKash is set up at all. */
export async function paymentOptions(container: MedusaContainer): Promise<PaymentOptions> {
  const rules = await paymentRules(container)
  return { bkash: bkashSettings() !== null, bkashRequiredFor: rules.bkashRequiredFor, offerBkash: rules.offerBkash }
}

/** Whether the merchant's rules let an order to `area` be paid in cash on delivery. */
export async function cashAllowed(container: MedusaContainer, area: string | null): Promise<boolean> {
  return paymentChoices(await paymentOptions(container), area === "outside" ? "outside" : "dhaka").includes("cod")
}

/** Whether bKash is set up on this server (its settings read now), and its provider's id at Medusa's doors. */
export const bkashSetUp = () => bkashSettings() !== null
export { BKASH_PROVIDER_ID } from "../modules/bkash"
/** Medusa's system payment provider: the shop's cash on delivery at Medusa's doors. */
export const CASH_PROVIDER_ID = "pp_system_default"
