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
  raw: (sql: string, bindings: unknown[]) => Promise<{ rows: { available?: string }[] }>
}

/**
 * Takes units out of stock at a location, all lines or none, in one database
 * transaction. Each line is one conditional UPDATE (stocked - reserved >= wanted),
 * so concurrent orders can never take the same unit twice.
 */
export async function takeStock(
  container: MedusaContainer,
  locationId: string,
  lines: StockLine[],
  messages: StockMessages = ENGLISH_STOCK_MESSAGES
): Promise<void> {
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as unknown as Knex
  // a fixed order of rows: two orders for the same products cannot deadlock
  const sorted = [...lines].sort((a, b) => a.inventory_item_id.localeCompare(b.inventory_item_id))
  await knex.transaction(async (trx) => {
    for (const line of sorted) {
      const { rows } = await trx.raw(
        `update inventory_level
            set stocked_quantity = stocked_quantity - ?,
                raw_stocked_quantity = jsonb_build_object('value', (stocked_quantity - ?)::text, 'precision', 20),
                updated_at = now()
          where inventory_item_id = ? and location_id = ? and deleted_at is null
            and stocked_quantity - reserved_quantity >= ?
          returning id`,
        [line.quantity, line.quantity, line.inventory_item_id, locationId, line.quantity]
      )
      if (!rows.length) {
        const { rows: left } = await trx.raw(
          `select greatest(stocked_quantity - reserved_quantity, 0)::text as available
             from inventory_level where inventory_item_id = ? and location_id = ? and deleted_at is null`,
          [line.inventory_item_id, locationId]
        )
        const available = Number(left[0]?.available ?? 0)
        throw new MedusaError(
          MedusaError.Types.CONFLICT,
          available > 0 ? messages.onlyLeft(available, line.title) : messages.outOfStock(line.title)
        )
      }
    }
  })
}

/** Puts units back (an order refused later, or cancelled). */
export async function returnStock(container: MedusaContainer, locationId: string, lines: StockLine[]): Promise<void> {
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as unknown as Knex
  const sorted = [...lines].sort((a, b) => a.inventory_item_id.localeCompare(b.inventory_item_id))
  await knex.transaction(async (trx) => {
    for (const line of sorted) {
      await trx.raw(
        `update inventory_level
            set stocked_quantity = stocked_quantity + ?,
                raw_stocked_quantity = jsonb_build_object('value', (stocked_quantity + ?)::text, 'precision', 20),
                updated_at = now()
          where inventory_item_id = ? and location_id = ? and deleted_at is null`,
        [line.quantity, line.quantity, line.inventory_item_id, locationId]
      )
    }
  })
}
