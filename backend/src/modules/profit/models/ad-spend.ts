import { model } from "@medusajs/framework/utils"

/** One ad's spend on one day as Meta's Ads Insights reported it (the account's currency, paisa). */
const AdSpend = model
  .define("ad_spend", {
    id: model.id({ prefix: "adsp" }).primaryKey(),
    /** YYYY-MM-DD, the ad account's day */
    day: model.text(),
    ad_id: model.text(),
    adset_id: model.text().nullable(),
    campaign_id: model.text().nullable(),
    spend: model.number(),
    impressions: model.number().default(0),
    clicks: model.number().default(0),
  })
  .indexes([{ on: ["day", "ad_id"], unique: true }])

export default AdSpend
