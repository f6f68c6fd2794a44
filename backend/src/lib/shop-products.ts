import type { RemoteQueryFunction } from "@medusajs/framework/types"
import type { SortOption } from "./catalog"
import { STORE_CURRENCY } from "./catalog"

/** A product in the shape of SPEC.md section 3 ("Product"). */
export type ShopProduct = {
  _id: string
  image: string
  title: string
  description: string
  category: string
  brand: string
  price: number
  saleprice: number
  stock: number
  discount: number
}

/** What a shopper pays for one unit: the sale price when above 0, else the price. */
export function unitPrice(product: Pick<ShopProduct, "price" | "saleprice">): number {
  return product.saleprice > 0 ? product.saleprice : product.price
}

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
  "variants.inventory_items.required_quantity",
  "variants.inventory_items.inventory.location_levels.stocked_quantity",
  "variants.inventory_items.inventory.location_levels.reserved_quantity",
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
    manage_inventory: boolean
    price_set?: { id: string } | null
    prices?: PriceRow[] | null
    inventory_items?: {
      required_quantity: number
      inventory?: { location_levels?: { stocked_quantity: unknown; reserved_quantity: unknown }[] | null } | null
    }[] | null
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

export function toShopProduct(row: ProductRow, salePrices: Map<string, number>): ShopProduct {
  const variant = row.variants?.[0]
  const base = (variant?.prices ?? []).find((p) => p.currency_code === STORE_CURRENCY)
  const saleAmount = variant?.price_set ? salePrices.get(variant.price_set.id) : undefined
  let stock = 0
  const item = variant?.inventory_items?.[0]
  if (item?.inventory) {
    const available = (item.inventory.location_levels ?? []).reduce(
      (sum, level) => sum + Number(level.stocked_quantity) - Number(level.reserved_quantity),
      0
    )
    stock = Math.max(0, Math.floor(available / (item.required_quantity || 1)))
  }
  return {
    _id: row.id,
    image: row.thumbnail ?? "",
    title: row.title,
    description: row.description ?? "",
    category: row.categories?.[0]?.handle ?? "",
    brand: row.brand?.handle ?? "no-brand",
    price: base ? Number(base.amount) : 0,
    saleprice: saleAmount ?? 0,
    stock,
    discount: Number(row.metadata?.discount ?? 0) || 0,
  }
}

/** A Medusa id with the given prefix (`prod`, `order`...); anything else cannot exist. */
export function isMedusaId(prefix: string, id: unknown): id is string {
  return typeof id === "string" && new RegExp(`^${prefix}_[0-9A-Za-z]{1,64}$`).test(id)
}

/** Every published product in the shop's shape; ids that cannot be product ids match nothing. */
export async function loadShopProducts(
  query: Omit<RemoteQueryFunction, symbol>,
  filters: { id?: string | string[] } = {}
): Promise<ShopProduct[]> {
  if (filters.id !== undefined) {
    const ids = (Array.isArray(filters.id) ? filters.id : [filters.id]).filter((id) => isMedusaId("prod", id))
    if (!ids.length) return []
    filters = { ...filters, id: ids }
  }
  const [{ data }, salePrices] = await Promise.all([
    query.graph({
      entity: "product",
      fields: PRODUCT_FIELDS,
      filters: { status: "published", ...filters },
    }),
    loadSalePrices(query),
  ])
  return (data as unknown as ProductRow[]).map((row) => toShopProduct(row, salePrices))
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
export function filterAndSortProducts(products: ShopProduct[], params: ProductListParams): ShopProduct[] {
  const matches = products.filter(
    (p) =>
      (!params.category.length || params.category.includes(p.category)) &&
      (!params.brand.length || params.brand.includes(p.brand))
  )
  const byTitle = (a: ShopProduct, b: ShopProduct) => collator.compare(a.title, b.title)
  const compare: Record<SortOption, (a: ShopProduct, b: ShopProduct) => number> = {
    "price-lowtohigh": (a, b) => unitPrice(a) - unitPrice(b) || byTitle(a, b),
    "price-hightolow": (a, b) => unitPrice(b) - unitPrice(a) || byTitle(a, b),
    "title-atoz": byTitle,
    "title-ztoa": (a, b) => byTitle(b, a),
  }
  return matches.sort(compare[params.sortBy])
}
