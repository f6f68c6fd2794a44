import { MedusaService } from "@medusajs/framework/utils"
import BlocklistEntry from "./models/blocklist-entry"
import CourierScore from "./models/courier-score"
import GuardRules from "./models/guard-rules"
import OrderRisk from "./models/order-risk"

/** The fake-order guard's records: rules, blocklist, each order's risk and calls, cached courier scores. */
class OrderGuardModuleService extends MedusaService({
  GuardRules,
  BlocklistEntry,
  OrderRisk,
  CourierScore,
}) {}

export default OrderGuardModuleService
