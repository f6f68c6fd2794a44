import { model } from "@medusajs/framework/utils"
import type { PaymentRules as Rules } from "@shop/contract"

/** The merchant's payment rules (one row, key "default"): contract PaymentRules as JSON, defaults when absent. */
const PaymentRules = model.define("payment_rules", {
  id: model.id({ prefix: "prule" }).primaryKey(),
  key: model.text().unique(),
  rules: model.json<Partial<Rules>>(),
})

export default PaymentRules
