import { model } from "@medusajs/framework/utils"

/**
 * The merchant's words for one event's message and whether the event sends
 * at all; an event without a row sends the contract's default words.
 */
const SmsTemplate = model.define("sms_template", {
  id: model.id({ prefix: "smstpl" }).primaryKey(),
  event: model.text().unique(),
  /** empty: the shop's default words */
  text: model.text().default(""),
  enabled: model.boolean().default(true),
})

export default SmsTemplate
