import { model } from "@medusajs/framework/utils"

/** A product brand; `handle` is the spec's brand id (nike, h&m, no-brand, ...). */
const Brand = model.define("brand", {
  id: model.id({ prefix: "brand" }).primaryKey(),
  handle: model.text().unique(),
  name: model.text(),
})

export default Brand
