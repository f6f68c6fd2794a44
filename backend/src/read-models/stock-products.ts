import type { MedusaContainer } from "@medusajs/framework/types"
import { pgConnection, type PgRows } from "../lib/pg"

/** The products whose variants use these inventory levels (deleted ones included), in one statement. */
export async function productsOfInventoryLevels(container: MedusaContainer, levelIds: string[]): Promise<string[]> {
  if (!levelIds.length) return []
  const { rows } = await pgConnection(container).raw<PgRows<{ product_id: string }>>(
    `select distinct pv.product_id
       from inventory_level il
       join product_variant_inventory_item pvi on pvi.inventory_item_id = il.inventory_item_id and pvi.deleted_at is null
       join product_variant pv on pv.id = pvi.variant_id
      where il.id in (select jsonb_array_elements_text(?::jsonb))`,
    [JSON.stringify(levelIds)]
  )
  return rows.map((r) => r.product_id)
}

/** The products whose units these stock holds (src/modules/shop-order) held, in one statement. */
export async function productsOfStockHolds(container: MedusaContainer, holdIds: string[]): Promise<string[]> {
  if (!holdIds.length) return []
  const { rows } = await pgConnection(container).raw<PgRows<{ product_id: string }>>(
    `select distinct pv.product_id
       from stock_hold h
       cross join lateral jsonb_to_recordset(h.lines) as l(inventory_item_id text)
       join product_variant_inventory_item pvi on pvi.inventory_item_id = l.inventory_item_id and pvi.deleted_at is null
       join product_variant pv on pv.id = pvi.variant_id
      where h.id in (select jsonb_array_elements_text(?::jsonb))`,
    [JSON.stringify(holdIds)]
  )
  return rows.map((r) => r.product_id)
}
