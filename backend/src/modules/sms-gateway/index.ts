import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import SmsNotificationProvider from "./service"

/**
 * SMS to shoppers through Medusa's Notification Module: the provider of the
 * `sms` channel (service.ts) and the gateways it sends through (gateways.ts),
 * chosen and configured from the environment (settings.ts).
 */
export default ModuleProvider(Modules.NOTIFICATION, { services: [SmsNotificationProvider] })

export { readDelivery, type SmsDelivery } from "./gateways"
export { sealSmsText } from "./seal"
export { smsFailure, type SmsFailure } from "./service"
export {
  missingSmsSettings,
  smsGatewayName,
  smsPartCost,
  smsSettings,
  SMS_GATEWAYS,
  type SmsGatewayName,
} from "./settings"
