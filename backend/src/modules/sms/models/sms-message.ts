import { model } from "@medusajs/framework/utils"
import { SMS_MESSAGE_STATES } from "@shop/contract"

/**
 * One text message to a shopper: made once per `key` (an order's event, so a
 * repeated event sends nothing twice), sent through Medusa's Notification
 * Module, and kept with the gateway's answer, its parts and its cost for the
 * merchant. The state moves only through the service's guarded statements.
 */
const SmsMessage = model
  .define("sms_message", {
    id: model.id({ prefix: "sms" }).primaryKey(),
    key: model.text().unique(),
    order_id: model.text().nullable(),
    event: model.text(),
    /** 8801XXXXXXXXX */
    phone: model.text(),
    text: model.text(),
    /** a message that carries a code: its real text sealed for the gateway (text above shows the code hidden) */
    sealed: model.text().nullable(),
    encoding: model.text(),
    parts: model.number(),
    state: model.enum([...SMS_MESSAGE_STATES]).default("pending"),
    attempts: model.number().default(0),
    next_attempt_at: model.dateTime().nullable(),
    gateway: model.text().nullable(),
    gateway_message_id: model.text().nullable(),
    /** the gateway's own words about the last attempt */
    answer: model.text().nullable(),
    /** in poisha (1/100 taka): parts x SMS_PART_COST when it was sent */
    cost_poisha: model.number().nullable(),
    sent_at: model.dateTime().nullable(),
    /** the network's word on it, from the gateway's delivery report where it gives one (Alpha SMS) */
    delivery: model.text().nullable(),
    /** the report will not change (delivered or failed): not asked again */
    delivery_final: model.boolean().default(false),
    delivery_checked_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["state", "next_attempt_at"] }, { on: ["order_id"] }, { on: ["created_at"] }])

export default SmsMessage
