import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { PathaoFulfillmentService } from "./service"

export default ModuleProvider(Modules.FULFILLMENT, { services: [PathaoFulfillmentService] })
