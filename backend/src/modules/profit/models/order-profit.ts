import { model } from "@medusajs/framework/utils"
import { PROFIT_ENDS, PROFIT_STAGES } from "@shop/contract"

/**
 * One order's profit in parts (the contract's orderProfit, money in paisa),
 * with what the Profit screen groups it by. Written again whenever the order,
 * its parcel or its payment changes (workflows/order-profit.ts); the screen
 * and the export only sum these rows.
 */
const OrderProfit = model
  .define("order_profit", {
    id: model.id({ prefix: "oprof" }).primaryKey(),
    /** the Medusa order */
    order_id: model.text().unique(),
    order_number: model.text(),
    /** when the order was placed: the period it counts in */
    placed_at: model.dateTime(),
    stage: model.enum([...PROFIT_STAGES]),
    end_state: model.enum([...PROFIT_ENDS]),
    landing_page_slug: model.text().nullable(),
    campaign_id: model.text().nullable(),
    adset_id: model.text().nullable(),
    ad_id: model.text().nullable(),
    district: model.text().nullable(),
    courier: model.text().nullable(),
    revenue: model.number(),
    cash_received: model.number(),
    goods_cost: model.number(),
    delivery_fee: model.number(),
    cod_charge: model.number(),
    return_fee: model.number(),
    packaging: model.number(),
    profit: model.number(),
    /** the packaging setting when the order was first counted (paisa): kept, like its products' costs */
    packaging_rate: model.number(),
    /** the courier paid this parcel's cash out */
    settled_amount: model.number().default(0),
    missing_costs: model.number().default(0),
  })
  .indexes([{ on: ["placed_at"] }, { on: ["ad_id"] }])

export default OrderProfit
