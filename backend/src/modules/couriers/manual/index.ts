import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { ManualCourierFulfillmentService } from "./service"

export default ModuleProvider(Modules.FULFILLMENT, { services: [ManualCourierFulfillmentService] })
