import { model } from "@medusajs/framework/utils"

/**
 * A product's cost price from a moment on. Rows are only added: an order
 * keeps the cost of the newest row before it was placed, so a new cost
 * changes no old order's profit.
 */
const ProductCost = model
  .define("product_cost", {
    id: model.id({ prefix: "pcost" }).primaryKey(),
    product_id: model.text(),
    /** paisa */
    cost: model.number(),
    effective_from: model.dateTime(),
    /** the admin user who set it */
    created_by: model.text().nullable(),
  })
  .indexes([{ on: ["product_id", "effective_from"] }])

export default ProductCost
