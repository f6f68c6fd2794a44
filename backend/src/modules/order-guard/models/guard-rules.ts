import { model } from "@medusajs/framework/utils"
import type { GuardRules as Rules } from "@shop/contract"

/** The merchant's guard rules (one row, key "default"): contract GuardRules as JSON, defaults when absent. */
const GuardRules = model.define("guard_rules", {
  id: model.id({ prefix: "grule" }).primaryKey(),
  key: model.text().unique(),
  rules: model.json<Partial<Rules>>(),
})

export default GuardRules
