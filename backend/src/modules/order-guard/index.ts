import { Module } from "@medusajs/framework/utils"
import OrderGuardModuleService from "./service"

export const ORDER_GUARD_MODULE = "orderGuard"

export default Module(ORDER_GUARD_MODULE, {
  service: OrderGuardModuleService,
})
