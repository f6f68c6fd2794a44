import { model } from "@medusajs/framework/utils"

/** Steadfast's fraud check of a phone, kept 6 hours (a courier call per order would be slow and rate-limited). */
const CourierScore = model.define("courier_score", {
  id: model.id({ prefix: "cscore" }).primaryKey(),
  phone: model.text().unique(),
  score: model.float().nullable(),
  parcels: model.number().default(0),
  fetched_at: model.dateTime(),
})

export default CourierScore
