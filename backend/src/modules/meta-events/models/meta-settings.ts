import { model } from "@medusajs/framework/utils"
import { META_PURCHASE_TRIGGERS } from "@shop/contract"

/** The shop's Meta choices (one row, key "default"): when "Purchase" is sent. Absent: the defaults. */
const MetaSettings = model.define("meta_settings", {
  id: model.id({ prefix: "mset" }).primaryKey(),
  key: model.text().unique(),
  purchase_on: model.enum([...META_PURCHASE_TRIGGERS]).default("confirmed"),
})

export default MetaSettings
