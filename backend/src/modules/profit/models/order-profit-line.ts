import { model } from "@medusajs/framework/utils"

/** One line of an order's profit (per product figures), replaced with its order's row. */
const OrderProfitLine = model
  .define("order_profit_line", {
    id: model.id({ prefix: "oprofl" }).primaryKey(),
    order_id: model.text(),
    placed_at: model.dateTime(),
    end_state: model.text(),
    product_id: model.text().nullable(),
    title: model.text(),
    quantity: model.number(),
    kept: model.number(),
    revenue: model.number(),
    cash_received: model.number().default(0),
    goods_cost: model.number(),
    profit: model.number(),
    missing_cost: model.boolean().default(false),
  })
  .indexes([{ on: ["order_id"] }, { on: ["placed_at"] }])

export default OrderProfitLine
