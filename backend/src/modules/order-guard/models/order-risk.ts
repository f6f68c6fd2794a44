import { model } from "@medusajs/framework/utils"
import type { ConfirmationOutcome, ConfirmationVia } from "@shop/contract"

/** One confirmation call in an order's log, as stored. */
export type ConfirmationRecord = {
  outcome: ConfirmationOutcome
  note: string | null
  admin_id: string | null
  at: string
  /** absent: a call */
  via?: ConfirmationVia
}

/**
 * What the guard found about an order at intake (contract OrderRisk), whether
 * it waits for a confirmation call, and the calls made (a log per order).
 */
const OrderRisk = model
  .define("order_risk", {
    id: model.id({ prefix: "orisk" }).primaryKey(),
    order_id: model.text().unique(),
    phone: model.text(),
    client_address: model.text().nullable(),
    product_ids: model.json<string[]>(),
    level: model.enum(["low", "medium", "high"]),
    reasons: model.json<string[]>(),
    past_orders: model.number().default(0),
    delivered: model.number().default(0),
    returned_or_cancelled: model.number().default(0),
    success_ratio: model.float().nullable(),
    courier_score: model.float().nullable(),
    duplicate_of: model.text().nullable(),
    needs_confirmation: model.boolean().default(false),
    /** the confirmation calls: [{ outcome, note, admin_id, at }] */
    confirmations: model.json<ConfirmationRecord[]>(),
  })
  // the guard's lookups at every order: a phone's or a client address's recent risks, newest first
  .indexes([{ on: ["phone", "created_at"] }, { on: ["client_address", "created_at"] }, { on: ["needs_confirmation"] }])

export default OrderRisk
