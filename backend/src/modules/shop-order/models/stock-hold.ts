import { model } from "@medusajs/framework/utils"

/**
 * Units an order in progress has taken out of stock, written in the same
 * database transaction as the stock decrement (src/lib/stock.ts), keyed by the
 * id the Medusa order gets. Writing the order's shop record deletes the hold in
 * the same transaction as the record, so a hold outliving a grace period
 * belongs to an order that never completed (a killed process runs no
 * compensation): the recovery job (src/jobs/release-stock-holds.ts) puts its
 * units back and marks it released, and removes the half-made Medusa order.
 * A released hold is kept a while as a tombstone: its order can no longer be
 * recorded.
 */
const StockHold = model
  .define("stock_hold", {
    /** The id of the Medusa order the units are for (chosen before the order is created). */
    id: model.text().primaryKey(),
    location_id: model.text(),
    /** [{ inventory_item_id, quantity }], one line per inventory item */
    lines: model.json(),
    /** The order's payment collection (its id is chosen up front too). */
    payment_collection_id: model.text().nullable(),
    /** Set when the recovery job put the units back. */
    released_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["created_at"] }])

export default StockHold
