import { Module } from "@medusajs/framework/utils"
import SmsModuleService from "./service"

/**
 * The shop's text messages to shoppers: each message with its state, parts,
 * gateway answer and cost (service.ts). They are sent through Medusa's
 * Notification Module, whose `sms` channel is src/modules/sms-gateway.
 */
export const SMS_MODULE = "sms"

export default Module(SMS_MODULE, { service: SmsModuleService })

export { SmsModuleService }
export type {
  NewSmsMessage,
  SmsCodeRow,
  SmsCodeTry,
  SmsDayRow,
  SmsMessageRow,
  SmsOutcome,
  SmsTemplateRow,
} from "./service"
