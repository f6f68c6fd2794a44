import { MedusaService } from "@medusajs/framework/utils"
import ShopOrder from "./models/shop-order"

class ShopOrderModuleService extends MedusaService({
  ShopOrder,
}) {}

export default ShopOrderModuleService
