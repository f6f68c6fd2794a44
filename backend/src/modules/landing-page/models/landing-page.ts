import { model } from "@medusajs/framework/utils"
import type { Benefit, Gallery, Hero, OrderForm, Styling, Testimonial, TrustBadges, Urgency } from "@shop/contract"

/**
 * A single-product landing page (SPEC.md section 3, "Landing page"). Each group
 * of the spec is one JSON column, filled with the spec's defaults on create;
 * `product_id` is a read-only link to Medusa's product. `views` and `orders`
 * are the page's analytics, only ever changed by atomic increments.
 */
const LandingPage = model
  .define("landing_page", {
    id: model.id({ prefix: "lp" }).primaryKey(),
    title: model.text(),
    slug: model.text().unique(),
    product_id: model.text(),
    /** Published when true; new pages are drafts. */
    is_active: model.boolean().default(false),
    // as stored: an older row may lack fields added since (groupsOf fills them from the defaults)
    hero: model.json<Partial<Hero>>(),
    benefits: model.json<Partial<Benefit>[]>(),
    gallery: model.json<Partial<Gallery>>(),
    testimonials: model.json<Partial<Testimonial>[]>(),
    order_form: model.json<Partial<OrderForm>>(),
    trust_badges: model.json<Partial<TrustBadges>>(),
    urgency: model.json<Partial<Urgency>>(),
    styling: model.json<Partial<Styling>>(),
    /** The Meta pixel the page loads; null: the shop's default (META_PIXEL_ID), if any. */
    meta_pixel_id: model.text().nullable(),
    views: model.number().default(0),
    orders: model.number().default(0),
  })
  .indexes([{ on: ["product_id"] }])

export default LandingPage
