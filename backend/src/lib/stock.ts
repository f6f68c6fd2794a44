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

/**
 * Takes units out of stock at a location, all lines or none, in one database
 * transaction. The UPDATE only touches a level that still has the units
 * (stocked - reserved >= wanted), re-checked under the row lock, so concurrent
 * orders can never take the same unit twice. If any line is short, nothing
 * is taken and the answer names the first short product.
 */
export async function takeStock(
  container: MedusaContainer,
  locationId: string,
  lines: StockLine[],
  messages: StockMessages = ENGLISH_STOCK_MESSAGES
): Promise<void> {
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as unknown as Knex
  const wanted = byItem(lines)
  await knex.transaction(async (trx) => {
    const taken = await changeStock(trx, locationId, wanted, -1)
    const short = wanted.find((line) => !taken.has(line.inventory_item_id))
    if (!short) return
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

/** Puts units back (an order refused later, or cancelled), in one transaction. */
export async function returnStock(container: MedusaContainer, locationId: string, lines: StockLine[]): Promise<void> {
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as unknown as Knex
  await knex.transaction((trx) => changeStock(trx, locationId, byItem(lines), 1))
}
