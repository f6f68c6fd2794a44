import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"

export type StockLine = { inventory_item_id: string; quantity: number; title: string }

/** The words a refusal uses: the shop's English, or the landing pages' Bengali. */
export type StockMessages = {
  outOfStock: (title: string) => string
  onlyLeft: (available: number, title: string) => string
}

export const ENGLISH_STOCK_MESSAGES: StockMessages = {
  outOfStock: (title) => `${title} is out of stock`,
  onlyLeft: (available, title) => `Only ${available} of ${title} left in stock`,
}

type Knex = {
  transaction: <T>(fn: (trx: Knex) => Promise<T>) => Promise<T>
  raw: (sql: string, bindings: unknown[]) => Promise<{ rows: { inventory_item_id: string; available?: string }[] }>
}

/** One line per inventory item (quantities of repeated items added up), in a fixed order. */
function byItem(lines: StockLine[]): StockLine[] {
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
 * in one UPDATE: the same number of statements for one line or fifty.
 */
async function changeStock(
  trx: Knex,
  locationId: string,
  lines: StockLine[],
  sign: 1 | -1
): Promise<Set<string>> {
  const ids = lines.map((l) => l.inventory_item_id)
  await trx.raw(
    `select id from inventory_level
      where inventory_item_id = any(?::text[]) and location_id = ? and deleted_at is null
      order by inventory_item_id
      for update`,
    [ids, locationId]
  )
  const { rows } = await trx.raw(
    `update inventory_level il
        set stocked_quantity = il.stocked_quantity + ? * w.qty,
            raw_stocked_quantity = jsonb_build_object('value', (il.stocked_quantity + ? * w.qty)::text, 'precision', 20),
            updated_at = now()
       from unnest(?::text[], ?::numeric[]) as w(item, qty)
      where il.inventory_item_id = w.item and il.location_id = ? and il.deleted_at is null
        and (? > 0 or il.stocked_quantity - il.reserved_quantity >= w.qty)
      returning il.inventory_item_id`,
    [sign, sign, ids, lines.map((l) => l.quantity), locationId, sign]
  )
  return new Set(rows.map((r) => r.inventory_item_id))
}

/** Who a stock hold is for: the Medusa order's id and its payment collection's, chosen up front. */
export type StockHoldKey = { order_id: string; payment_collection_id?: string | null }

/** Writes a hold (bindings: id, location_id, lines as JSON, payment_collection_id); an existing one stays. */
export const INSERT_STOCK_HOLD = `insert into stock_hold (id, location_id, lines, payment_collection_id)
  values (?, ?, ?::jsonb, ?) on conflict (id) do nothing`

async function insertHold(trx: Knex, hold: StockHoldKey, locationId: string, lines: StockLine[]): Promise<void> {
  await trx.raw(
    INSERT_STOCK_HOLD,
    [
      hold.order_id,
      locationId,
      JSON.stringify(lines.map((l) => ({ inventory_item_id: l.inventory_item_id, quantity: l.quantity }))),
      hold.payment_collection_id ?? null,
    ]
  )
}

/**
 * Takes units out of stock at a location, all lines or none, in one database
 * transaction. The UPDATE only touches a level that still has the units
 * (stocked - reserved >= wanted), re-checked under the row lock, so concurrent
 * orders can never take the same unit twice. If any line is short, nothing
 * is taken and the answer names the first short product. With a `hold`, the
 * same transaction records the take in stock_hold (see
 * src/modules/shop-order/models/stock-hold.ts), so units never leave stock
 * without a record of the order they are for.
 */
export async function takeStock(
  container: MedusaContainer,
  locationId: string,
  lines: StockLine[],
  messages: StockMessages = ENGLISH_STOCK_MESSAGES,
  hold?: StockHoldKey
): Promise<void> {
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as unknown as Knex
  const wanted = byItem(lines)
  await knex.transaction(async (trx) => {
    const taken = await changeStock(trx, locationId, wanted, -1)
    const short = wanted.find((line) => !taken.has(line.inventory_item_id))
    if (!short) {
      // the record of what this order took, committed with the take itself
      if (hold) await insertHold(trx, hold, locationId, wanted)
      return
    }
    const { rows } = await trx.raw(
      `select inventory_item_id, greatest(stocked_quantity - reserved_quantity, 0)::text as available
         from inventory_level where inventory_item_id = ? and location_id = ? and deleted_at is null`,
      [short.inventory_item_id, locationId]
    )
    const available = Number(rows[0]?.available ?? 0)
    // throwing rolls the transaction back: the lines that were taken are put back
    throw new MedusaError(
      MedusaError.Types.CONFLICT,
      available > 0 ? messages.onlyLeft(available, short.title) : messages.outOfStock(short.title)
    )
  })
}

/**
 * Undoes a take made with a hold: deletes the hold and puts its units back, in
 * one transaction. Nothing moves when the hold is gone or released (its units
 * were already returned). Returns whether units went back.
 */
export async function returnHeldStock(container: MedusaContainer, orderId: string): Promise<boolean> {
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as unknown as Knex
  return await knex.transaction(async (trx) => {
    const { rows } = (await trx.raw(
      `delete from stock_hold where id = ? and released_at is null and deleted_at is null
       returning location_id, lines`,
      [orderId]
    )) as unknown as { rows: { location_id: string; lines: StockLine[] }[] }
    if (!rows.length) return false
    await changeStock(trx, rows[0].location_id, byItem(rows[0].lines), 1)
    return true
  })
}

/** Puts units back (an order refused later, or cancelled), in one transaction. */
export async function returnStock(container: MedusaContainer, locationId: string, lines: StockLine[]): Promise<void> {
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as unknown as Knex
  await knex.transaction((trx) => changeStock(trx, locationId, byItem(lines), 1))
}

/**
 * Releases holds older than `graceSeconds`: orders that took units and never
 * got recorded (their process died, or they are hopelessly late). In one
 * transaction the units go back and the holds are marked released; rows are
 * taken with SKIP LOCKED, so several servers sweeping at once (or an order
 * being recorded right now, which locks its hold) never return a unit twice.
 * Returns the ids of the released holds (= the ids their Medusa orders have).
 */
export async function releaseStaleHolds(container: MedusaContainer, graceSeconds: number, limit = 200): Promise<string[]> {
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as unknown as Knex
  return await knex.transaction(async (trx) => {
    const { rows } = (await trx.raw(
      `select id, location_id, lines from stock_hold
        where released_at is null and deleted_at is null
          and created_at < now() - make_interval(secs => ?::double precision)
        order by created_at
        limit ?
        for update skip locked`,
      [graceSeconds, limit]
    )) as unknown as { rows: { id: string; location_id: string; lines: StockLine[] }[] }
    if (!rows.length) return []
    const byLocation = new Map<string, StockLine[]>()
    for (const row of rows) byLocation.set(row.location_id, [...(byLocation.get(row.location_id) ?? []), ...row.lines])
    for (const [locationId, lines] of byLocation) await changeStock(trx, locationId, byItem(lines), 1)
    const ids = rows.map((r) => r.id)
    await trx.raw(`update stock_hold set released_at = now(), updated_at = now() where id = any(?::text[])`, [ids])
    return ids
  })
}
