import { model } from "@medusajs/framework/utils"
import { META_PURCHASE_STATES } from "@shop/contract"

/**
 * An order's Meta "Purchase": one row per order placed from a
 * landing page with a pixel, made when the order is placed with the shopper's
 * tracking (browser id, click id, client address, user agent, the page's
 * address), armed once the order is confirmed (or delivered) and sent through
 * the Conversions API. Every state change is one guarded statement (service),
 * so two triggers or two senders meeting on a row send once.
 */
const PurchaseEvent = model
  .define("purchase_event", {
    id: model.id({ prefix: "mpev" }).primaryKey(),
    order_id: model.text(),
    /** the order's Purchase, or its delivery (sent once the parcel is delivered): one of each per order */
    kind: model.enum(["purchase", "delivered"]).default("purchase"),
    order_number: model.text(),
    landing_page_id: model.text().nullable(),
    pixel_id: model.text(),
    state: model.enum([...META_PURCHASE_STATES]).default("not_sent"),
    attempts: model.number().default(0),
    /** the confirming (or delivering) move: the event's time */
    event_time: model.dateTime().nullable(),
    /** when a sender may (re)try it; while one sends, the end of its lease */
    next_attempt_at: model.dateTime().nullable(),
    last_error: model.text().nullable(),
    sent_at: model.dateTime().nullable(),
    // the shopper's tracking, kept for this event only (never shown to shoppers)
    fbp: model.text().nullable(),
    fbc: model.text().nullable(),
    client_ip: model.text().nullable(),
    user_agent: model.text().nullable(),
    event_source_url: model.text().nullable(),
  })
  .indexes([
    { on: ["order_id", "kind"], unique: true },
    { on: ["state", "next_attempt_at"] },
    { on: ["landing_page_id"] },
  ])

export default PurchaseEvent
