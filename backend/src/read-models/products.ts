import type { MedusaContainer, RemoteQueryFunction } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { STORE_CURRENCY, unitPrice, type Product, type SortOption } from "@shop/contract"
import { catalogSnapshot } from "./catalog-cache"

/** Title of the price list that carries the shop's sale prices. */
export const SALE_PRICE_LIST_TITLE = "Shop sale prices"

const PRODUCT_FIELDS = [
  "id",
  "title",
  "description",
  "thumbnail",
  "metadata",
  "created_at",
  "categories.handle",
  "brand.handle",
  "variants.id",
  "variants.manage_inventory",
  "variants.price_set.id",
  "variants.prices.amount",
  "variants.prices.currency_code",
  "variants.inventory_items.inventory_item_id",
  "variants.inventory_items.required_quantity",
]

type PriceRow = { amount: unknown; currency_code: string }

type PriceListRow = {
  type: string
  status: string
  starts_at?: string | Date | null
  ends_at?: string | Date | null
  prices?: { amount: unknown; currency_code: string; price_set_id?: string; price_set?: { id: string } | null }[] | null
}

function isActiveSale(list: PriceListRow, now: number): boolean {
  if (list.type !== "sale" || list.status !== "active") {
    return false
  }
  if (list.starts_at && new Date(list.starts_at).getTime() > now) {
    return false
  }
  return !(list.ends_at && new Date(list.ends_at).getTime() < now)
}

type ProductRow = {
  id: string
  title: string
  description: string | null
  thumbnail: string | null
  metadata: Record<string, unknown> | null
  categories?: { handle: string }[] | null
  brand?: { handle: string } | null
  variants?: {
    id: string
    manage_inventory: boolean
    price_set?: { id: string } | null
    prices?: PriceRow[] | null
    inventory_items?: { inventory_item_id: string; required_quantity: number }[] | null
  }[] | null
}

/**
 * Sale amounts by price set, from the active price lists of type "sale" (a
 * variant's own `prices` hold only its base prices).
 */
export async function loadSalePrices(
  query: Omit<RemoteQueryFunction, symbol>,
  now = Date.now()
): Promise<Map<string, number>> {
  const { data } = await query.graph({
    entity: "price_list",
    fields: ["type", "status", "starts_at", "ends_at", "prices.amount", "prices.currency_code", "prices.price_set.id"],
    filters: { status: "active" },
  })
  const sale = new Map<string, number>()
  for (const list of data as unknown as PriceListRow[]) {
    if (!isActiveSale(list, now)) continue
    for (const price of list.prices ?? []) {
      const setId = price.price_set?.id ?? price.price_set_id
      if (!setId || price.currency_code !== STORE_CURRENCY) continue
      const amount = Number(price.amount)
      const current = sale.get(setId)
      sale.set(setId, current === undefined ? amount : Math.min(current, amount))
    }
  }
  return sale
}

/**
 * A product of the catalog as kept between requests: everything but its stock,
 * plus what finds the stock (and what an order needs to sell it).
 */
export type CatalogEntry = {
  product: Omit<Product, "stock">
  variant_id: string | null
  inventory_item_id: string | null
  required_quantity: number
}

export function toCatalogEntry(row: ProductRow, salePrices: Map<string, number>): CatalogEntry {
  const variant = row.variants?.[0]
  const base = (variant?.prices ?? []).find((p) => p.currency_code === STORE_CURRENCY)
  const saleAmount = variant?.price_set ? salePrices.get(variant.price_set.id) : undefined
  const item = variant?.inventory_items?.[0]
  return {
    product: {
      _id: row.id,
      image: row.thumbnail ?? "",
      title: row.title,
      description: row.description ?? "",
      category: row.categories?.[0]?.handle ?? "",
      brand: row.brand?.handle ?? "no-brand",
      price: base ? Number(base.amount) : 0,
      saleprice: saleAmount ?? 0,
      discount: Number(row.metadata?.discount ?? 0) || 0,
    },
    variant_id: variant?.id ?? null,
    inventory_item_id: item?.inventory_item_id ?? null,
    required_quantity: item?.required_quantity || 1,
  }
}

/** Every published product of the catalog, read from Medusa (the cache's loader). */
export async function loadCatalogEntries(query: Omit<RemoteQueryFunction, symbol>): Promise<CatalogEntry[]> {
  const [{ data }, salePrices] = await Promise.all([
    query.graph({ entity: "product", fields: PRODUCT_FIELDS, filters: { status: "published" } }),
    loadSalePrices(query),
  ])
  return (data as unknown as ProductRow[]).map((row) => toCatalogEntry(row, salePrices))
}

type Knex = { raw: (sql: string, bindings: unknown[]) => Promise<{ rows: { inventory_item_id: string; available: number }[] }> }

/**
 * What can be sold of each inventory item right now (stocked minus reserved,
 * over all locations): one statement, always fresh, so stock is never cached.
 */
export async function loadAvailableStock(container: MedusaContainer, itemIds: string[]): Promise<Map<string, number>> {
  if (!itemIds.length) return new Map()
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as unknown as Knex
  const { rows } = await knex.raw(
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
    const available = entry.inventory_item_id ? stock.get(entry.inventory_item_id) ?? 0 : 0
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
