import { model } from "@medusajs/framework/utils"
import { ORDER_SOURCES, ORDER_STATUSES, PAYMENT_METHODS } from "@shop/contract"

/**
 * What the shop knows about a Medusa order beyond Medusa's own fields: its
 * human-readable number, guest details, landing page, delivery and status.
 */
const ShopOrder = model
  .define("shop_order", {
    id: model.id({ prefix: "sord" }).primaryKey(),
    order_number: model.text().unique(),
    status: model.enum([...ORDER_STATUSES]).default("pending"),
    status_changed_at: model.dateTime(),
    is_guest: model.boolean().default(false),
    guest_name: model.text().nullable(),
    guest_email: model.text().nullable(),
    guest_phone: model.text().nullable(),
    /**
     * The order's contact phone, normalised once at intake (the contract's
     * phoneKey: 01XXXXXXXXX for a Bangladeshi mobile, else its digits): the
     * fake-order guard and the confirmation queue find a phone's orders by it.
     */
    phone: model.text().default(""),
    customer_id: model.text().nullable(),
    cart_id: model.text().nullable(),
    landing_page_slug: model.text().nullable(),
    /** the ad a landing order came from, as its page's URL named it (the contract's adAttributionOf) */
    ad_campaign_id: model.text().nullable(),
    ad_set_id: model.text().nullable(),
    ad_id: model.text().nullable(),
    address: model.json(),
    delivery_area: model.text().nullable(),
    delivery_charge: model.number().default(0),
    total: model.number(),
    /** How it is paid: cash on delivery, or bKash in full or the delivery charge in advance (the payment is Medusa's). */
    payment_method: model.enum([...PAYMENT_METHODS]).default("cod"),
    /** A bKash order's payment as Medusa's payment holds it (the contract's BKASH_STATES), kept here for the lists. */
    payment_state: model.text().nullable(),
    /** Taka bKash confirmed it received, less refunds through it: the courier collects the rest. */
    amount_paid: model.number().default(0),
    bkash_trx_id: model.text().nullable(),
    /** False while cancelled: the order's units are back in stock. */
    stock_taken: model.boolean().default(true),
    /** Where it came from: the shop's checkout, a landing page, or staff who took it by phone or in Messenger. */
    source: model.enum([...ORDER_SOURCES]).default("shop"),
    /** The admin who took a phone or Messenger order (their email). */
    taken_by: model.text().nullable(),
    /** When its invoice and label were last printed (the dispatch desk), and how often. */
    printed_at: model.dateTime().nullable(),
    print_count: model.number().default(0),
  })
  .indexes([
    { on: ["customer_id"] },
    // the admin dashboard's periods and recent orders (src/lib/dashboard.ts)
    { on: ["created_at"] },
    // a phone's orders, newest first (the guard's history at every order: src/read-models/order-guard.ts)
    { on: ["phone", "created_at"] },
  ])

export default ShopOrder
