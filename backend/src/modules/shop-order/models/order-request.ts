import { model } from "@medusajs/framework/utils"

/**
 * A request that placed an order, by its idempotency key: the shopper's
 * `Idempotency-Key` (scoped by door) or a cart's id (`cart:<id>`). Written in
 * the same transaction as the order's shop record (service.ts recordOrder), so
 * one key can never make two orders, even if a lock failed; a repeat finds the
 * order here and answers it. `request_hash` is the request's fingerprint: the
 * same key with another body is refused. Keys count for 24 hours.
 */
const OrderRequest = model
  .define("order_request", {
    id: model.id({ prefix: "oreq" }).primaryKey(),
    key: model.text(),
    request_hash: model.text(),
    /** The Medusa order it placed. */
    order_id: model.text(),
  })
  .indexes([{ on: ["key"], unique: true, where: "deleted_at IS NULL" }, { on: ["order_id"] }, { on: ["created_at"] }])

export default OrderRequest
