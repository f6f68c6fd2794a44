import { Module } from "@medusajs/framework/utils"
import ProfitModuleService from "./service"

/**
 * True profit: the merchant's rates, products' cost history, each order's
 * profit in parts and Meta's ad spend (service.ts). The Profit screen and its
 * export sum these rows (src/read-models/profit.ts).
 */
export const PROFIT_MODULE = "profit"

export default Module(PROFIT_MODULE, { service: ProfitModuleService })

export { ProfitModuleService }
export {
  adsInsightsSettings,
  META_REFUSED,
  META_UNAVAILABLE,
  readAdInsights,
  type AdsInsightsSettings,
  type InsightsRead,
} from "./ads-insights"
export type { AdSpendRow, OrderProfitLineRow, OrderProfitRow, ProductCostRow } from "./service"
