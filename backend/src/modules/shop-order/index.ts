import { Module } from "@medusajs/framework/utils"
import databasePoolLoader from "./loaders/database-pool"
import ShopOrderModuleService from "./service"

export const SHOP_ORDER_MODULE = "shopOrder"

export default Module(SHOP_ORDER_MODULE, {
  service: ShopOrderModuleService,
  loaders: [databasePoolLoader],
})
