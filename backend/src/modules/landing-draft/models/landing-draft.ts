import { model } from "@medusajs/framework/utils"
import { LANDING_DRAFT_STATUSES } from "@shop/contract"

/**
 * An incomplete order: what a shopper typed into a landing page's
 * order form, saved once the phone is a valid Bangladeshi mobile. One row per
 * page and phone, updated as the shopper types (from the browser that started
 * it only); `status` becomes "recovered"
 * when an order from that phone arrives and "converted" when the merchant turns
 * it into an order (`order_id` then names the Medusa order). Rows whose last
 * change is older than 30 days are removed (src/jobs/expire-landing-drafts.ts).
 * `page_id` names a landing page of the landingPage module (no link: a draft
 * outlives nothing, it expires).
 */
const LandingDraft = model
  .define("landing_draft", {
    id: model.id({ prefix: "ldraft" }).primaryKey(),
    page_id: model.text(),
    /** the page's slug when the draft was last saved (orders name their page by slug) */
    slug: model.text(),
    /** 01XXXXXXXXX */
    phone: model.text(),
    name: model.text().nullable(),
    address: model.text().nullable(),
    quantity: model.number().nullable(),
    delivery_area: model.text().nullable(),
    status: model.enum([...LANDING_DRAFT_STATUSES]).default("open"),
    order_id: model.text().nullable(),
    /**
     * sha256 (hex) of the draft token of the browser that started the draft
     * (an HTTP-only cookie): only that browser's saves change it. Null for
     * drafts saved before there were tokens: no save changes them.
     */
    token_hash: model.text().nullable(),
  })
  .indexes([{ on: ["page_id", "phone"], unique: true }, { on: ["phone", "status"] }, { on: ["status", "updated_at"] }])

export default LandingDraft
