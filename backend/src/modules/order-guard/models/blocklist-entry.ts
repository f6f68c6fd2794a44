import { model } from "@medusajs/framework/utils"

/** A phone (01XXXXXXXXX) or client address whose orders are refused, with the merchant's reason. */
const BlocklistEntry = model
  .define("blocklist_entry", {
    id: model.id({ prefix: "blk" }).primaryKey(),
    kind: model.enum(["phone", "address"]),
    value: model.text(),
    reason: model.text(),
    created_by: model.text().nullable(),
  })
  .indexes([{ on: ["kind", "value"], unique: true, where: "deleted_at IS NULL" }])

export default BlocklistEntry
