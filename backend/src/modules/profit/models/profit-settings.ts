import { model } from "@medusajs/framework/utils"
import type { ProfitSettings as Settings } from "@shop/contract"

/** The merchant's packaging cost and each courier's rates where its answers give none: one row, key "shop". */
const ProfitSettings = model.define("profit_settings", {
  id: model.id({ prefix: "psett" }).primaryKey(),
  key: model.text().unique(),
  settings: model.json<Settings>(),
})

export default ProfitSettings
