import type { MedusaContainer } from "@medusajs/framework/types"
import { unitPrice, type Product, type SortOption } from "@shop/contract"
import { pgConnection, type PgRows } from "../lib/pg"
import { catalogSnapshot } from "./catalog-cache"
import type { CatalogEntry } from "./catalog-entries"

/** Title of the price list that carries the shop's sale prices. */
export const SALE_PRICE_LIST_TITLE = "Shop sale prices"

/**
 * What can be sold of each inventory item right now (stocked minus reserved,
 * over all locations): one statement, always fresh, so stock is never cached.
 */
export async function loadAvailableStock(container: MedusaContainer, itemIds: string[]): Promise<Map<string, number>> {
  if (!itemIds.length) return new Map()
  const { rows } = await pgConnection(container).raw<PgRows<{ inventory_item_id: string; available: number }>>(
    `select inventory_item_id, sum(stocked_quantity - reserved_quantity)::float8 as available
       from inventory_level
      where deleted_at is null and inventory_item_id = any(?)
      group by inventory_item_id`,
    [itemIds]
  )
  return new Map(rows.map((r) => [r.inventory_item_id, Number(r.available)]))
}

/** Catalog entries with their current stock: the shop's products and how to sell them. */
export async function loadShopCatalog(
  container: MedusaContainer,
  filters: { id?: string | string[] } = {}
): Promise<(CatalogEntry & { stock: number })[]> {
  const snapshot = await catalogSnapshot(container)
  let entries = snapshot.entries
  if (filters.id !== undefined) {
    const ids = Array.isArray(filters.id) ? filters.id : [filters.id]
    entries = ids.map((id) => snapshot.byId.get(id)).filter((e): e is CatalogEntry => !!e)
  }
  const stock = await loadAvailableStock(
    container,
    entries.map((e) => e.inventory_item_id).filter((id): id is string => !!id)
  )
  return entries.map((entry) => {
    const available = entry.inventory_item_id ? (stock.get(entry.inventory_item_id) ?? 0) : 0
    return { ...entry, stock: Math.max(0, Math.floor(available / entry.required_quantity)) }
  })
}

/** A Medusa id with the given prefix (`prod`, `order`...); anything else cannot exist. */
export function isMedusaId(prefix: string, id: unknown): id is string {
  return typeof id === "string" && new RegExp(`^${prefix}_[0-9A-Za-z]{1,64}$`).test(id)
}

/**
 * Every published product in the shop's shape (or those with the given ids,
 * in that order; ids that cannot be product ids match nothing). Product data
 * comes from the catalog cache, stock fresh from the database.
 */
export async function loadShopProducts(
  container: MedusaContainer,
  filters: { id?: string | string[] } = {}
): Promise<Product[]> {
  const entries = await loadShopCatalog(container, filters)
  return entries.map((e) => ({ ...e.product, stock: e.stock }))
}

export type ProductListParams = {
  category: string[]
  brand: string[]
  sortBy: SortOption
}

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true })

/**
 * Values within a group widen the match (OR); groups narrow it (AND). Price
 * sorts use the price the shopper pays; ties keep a stable order by title.
 */
export function filterAndSortProducts(products: Product[], params: ProductListParams): Product[] {
  const matches = products.filter(
    (p) =>
      (!params.category.length || params.category.includes(p.category)) &&
      (!params.brand.length || params.brand.includes(p.brand))
  )
  const byTitle = (a: Product, b: Product) => collator.compare(a.title, b.title)
  const compare: Record<SortOption, (a: Product, b: Product) => number> = {
    "price-lowtohigh": (a, b) => unitPrice(a) - unitPrice(b) || byTitle(a, b),
    "price-hightolow": (a, b) => unitPrice(b) - unitPrice(a) || byTitle(a, b),
    "title-atoz": byTitle,
    "title-ztoa": (a, b) => byTitle(b, a),
  }
  return matches.sort(compare[params.sortBy])
}
