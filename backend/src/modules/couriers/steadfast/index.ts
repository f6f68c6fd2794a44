import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { SteadfastFulfillmentService } from "./service"

export default ModuleProvider(Modules.FULFILLMENT, { services: [SteadfastFulfillmentService] })
