import type { RemoteQueryFunction } from "@medusajs/framework/types"
import { STORE_CURRENCY, type Product } from "@shop/contract"

/**
 * The catalog as Medusa holds it, read into the shop's shape: products with
 * their base and sale prices, and what finds their stock. The catalog cache
 * (catalog-cache.ts) keeps what loadCatalogEntries reads; products.ts serves it.
 */

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
  variants?:
    | {
        id: string
        manage_inventory: boolean
        price_set?: { id: string } | null
        prices?: PriceRow[] | null
        inventory_items?: { inventory_item_id: string; required_quantity: number }[] | null
      }[]
    | null
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
  for (const list of data as PriceListRow[]) {
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
  return (data as ProductRow[]).map((row) => toCatalogEntry(row, salePrices))
}
