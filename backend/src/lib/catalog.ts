/**
 * The shop's fixed catalog vocabulary (SPEC.md sections 5 and 9). One place for
 * the categories, brands, which brands a category allows, and the sort options.
 */
export const CATEGORIES = ["men", "women", "kids", "accessories", "footwear"] as const
export type CategoryId = (typeof CATEGORIES)[number]

export const CATEGORY_LABELS: Record<CategoryId, string> = {
  men: "Men",
  women: "Women",
  kids: "Kids",
  accessories: "Accessories",
  footwear: "Footwear",
}

export const BRANDS = ["nike", "adidas", "puma", "levi", "zara", "h&m", "no-brand"] as const
export type BrandId = (typeof BRANDS)[number]

export const BRAND_LABELS: Record<BrandId, string> = {
  nike: "Nike",
  adidas: "Adidas",
  puma: "Puma",
  levi: "Levi's",
  zara: "Zara",
  "h&m": "H&M",
  "no-brand": "No Brand",
}

/** Brand options depend on the category (SPEC.md section 5). */
export const CATEGORY_BRANDS: Record<CategoryId, readonly BrandId[]> = {
  men: ["nike", "adidas", "puma", "no-brand"],
  women: ["zara", "h&m", "levi", "no-brand"],
  kids: ["nike", "adidas", "zara", "no-brand"],
  accessories: ["levi", "h&m", "puma", "no-brand"],
  footwear: ["nike", "adidas", "puma", "no-brand"],
}

export const SORT_OPTIONS = ["price-lowtohigh", "price-hightolow", "title-atoz", "title-ztoa"] as const
export type SortOption = (typeof SORT_OPTIONS)[number]
export const DEFAULT_SORT: SortOption = "price-lowtohigh"

export function isBrandAllowed(category: string, brand: string): boolean {
  return (CATEGORY_BRANDS as Record<string, readonly string[]>)[category]?.includes(brand) ?? false
}

/** The one store currency; amounts are stored as Medusa stores them (whole taka, not paisa). */
export const STORE_CURRENCY = "bdt"
/** Title of the price list that carries the shop's sale prices. */
export const SALE_PRICE_LIST_TITLE = "Shop sale prices"

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
