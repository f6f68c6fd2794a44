/**
 * The SQL of the stock take and of stock holds. Only the shop-order module's
 * service runs it (service.ts: takeStock, returnStock, returnHeldStock,
 * releaseStaleHolds, recordOrder...), inside its own transactions.
 */

import type { AnyEntity, EntityData } from "@medusajs/framework/mikro-orm/core"
import type { StockMessages } from "@shop/contract"

export type { StockMessages }

export type StockLine = { inventory_item_id: string; quantity: number; title: string }

/** Who a stock hold is for: the Medusa order's id and its payment collection's, chosen up front. */
export type StockHoldKey = { order_id: string; payment_collection_id?: string | null }

/** Runs one statement in the caller's transaction and answers its rows (a row: what MikroORM's execute answers). */
export type Execute = <T extends EntityData<AnyEntity> = Record<string, unknown>>(
  sql: string,
  bindings: unknown[]
) => Promise<T[]>

/** One line per inventory item (quantities of repeated items added up), in a fixed order. */
export function byItem(lines: StockLine[]): StockLine[] {
  const merged = new Map<string, StockLine>()
  for (const line of lines) {
    const seen = merged.get(line.inventory_item_id)
    merged.set(line.inventory_item_id, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line })
  }
  return [...merged.values()].sort((a, b) => a.inventory_item_id.localeCompare(b.inventory_item_id))
}

/**
 * Locks the order's inventory levels in a fixed order (two orders for the same
 * products wait for each other instead of deadlocking), then changes them all
 * in one UPDATE: the same number of statements for one line or fifty. A take
 * (sign -1) only touches a level that still has the units (stocked - reserved
 * >= wanted), re-checked under the row lock. Answers the items changed.
 */
export async function changeStock(
  execute: Execute,
  locationId: string,
  lines: StockLine[],
  sign: 1 | -1
): Promise<Set<string>> {
  // lists travel as JSON: the service's statement runner expands array bindings
  const ids = lines.map((l) => l.inventory_item_id)
  await execute(
    `select id from inventory_level
      where inventory_item_id in (select jsonb_array_elements_text(?::jsonb)) and location_id = ? and deleted_at is null
      order by inventory_item_id
      for update`,
    [JSON.stringify(ids), locationId]
  )
  const rows = await execute<{ inventory_item_id: string }>(
    `update inventory_level il
        set stocked_quantity = il.stocked_quantity + ? * w.qty,
            raw_stocked_quantity = jsonb_build_object('value', (il.stocked_quantity + ? * w.qty)::text, 'precision', 20),
            updated_at = now()
       from jsonb_to_recordset(?::jsonb) as w(item text, qty numeric)
      where il.inventory_item_id = w.item and il.location_id = ? and il.deleted_at is null
        and (? > 0 or il.stocked_quantity - il.reserved_quantity >= w.qty)
      returning il.inventory_item_id`,
    [sign, sign, JSON.stringify(lines.map((l) => ({ item: l.inventory_item_id, qty: l.quantity }))), locationId, sign]
  )
  return new Set(rows.map((r) => r.inventory_item_id))
}

/**
 * Takes every line or none, and writes the order's hold, in ONE statement: the
 * levels are locked in a fixed order (FOR UPDATE, which reads each row as the
 * last committer left it), checked all together, changed and the hold written
 * only when every line has its units. A row lock lives for this statement
 * only, not for several round trips from a busy server: in a flash sale the
 * next order waits microseconds, not milliseconds, and a refusal is quick.
 * Answers whether it took.
 */
export async function takeStockOnce(
  execute: Execute,
  locationId: string,
  lines: StockLine[],
  hold?: StockHoldKey
): Promise<boolean> {
  const rows = await execute<{ ok: boolean }>(
    `with wanted as (
       select w.item, w.qty from jsonb_to_recordset(?::jsonb) as w(item text, qty numeric)
     ),
     locked as (
       select il.id, il.inventory_item_id, il.stocked_quantity - il.reserved_quantity as available
         from inventory_level il
        where il.inventory_item_id in (select item from wanted) and il.location_id = ? and il.deleted_at is null
        order by il.inventory_item_id
        for update
     ),
     verdict as (
       select count(*) = (select count(*) from wanted) and coalesce(bool_and(l.available >= w.qty), false) as ok
         from wanted w join locked l on l.inventory_item_id = w.item
     ),
     taken as (
       update inventory_level il
          set stocked_quantity = il.stocked_quantity - w.qty,
              raw_stocked_quantity = jsonb_build_object('value', (il.stocked_quantity - w.qty)::text, 'precision', 20),
              updated_at = now()
         from wanted w, verdict v
        where v.ok and il.id in (select id from locked) and il.inventory_item_id = w.item
       returning il.id
     ),
     held as (
       insert into stock_hold (id, location_id, lines, payment_collection_id)
       select ?::text, ?, ?::jsonb, ? from verdict where ok and ?::text is not null
       on conflict (id) do nothing
       returning id
     )
     select (select ok from verdict) as ok, (select count(*) from taken) as taken, (select count(*) from held) as held`,
    [
      JSON.stringify(lines.map((l) => ({ item: l.inventory_item_id, qty: l.quantity }))),
      locationId,
      hold?.order_id ?? null,
      locationId,
      holdLines(lines),
      hold?.payment_collection_id ?? null,
      hold?.order_id ?? null,
    ]
  )
  return rows[0]?.ok === true
}

/** What is left of one item at a location (never below 0). */
export async function availableStock(execute: Execute, locationId: string, inventoryItemId: string): Promise<number> {
  const rows = await execute<{ available: string }>(
    `select greatest(stocked_quantity - reserved_quantity, 0)::text as available
       from inventory_level where inventory_item_id = ? and location_id = ? and deleted_at is null`,
    [inventoryItemId, locationId]
  )
  return Number(rows[0]?.available ?? 0)
}

/** Writes a hold (bindings: id, location_id, lines as JSON, payment_collection_id); an existing one stays. */
export const INSERT_STOCK_HOLD = `insert into stock_hold (id, location_id, lines, payment_collection_id)
  values (?, ?, ?::jsonb, ?) on conflict (id) do nothing`

/** A hold's lines as stored: item and quantity. */
export const holdLines = (lines: StockLine[]) =>
  JSON.stringify(lines.map((l) => ({ inventory_item_id: l.inventory_item_id, quantity: l.quantity })))
