/**
 * The shop's fixed catalog vocabulary (SPEC.md sections 5 and 9): categories,
 * brands, which brands a category allows, the sort options, and a product.
 */
export type Option<T extends string = string> = { readonly id: T; readonly label: string }

export const CATEGORIES = ["men", "women", "kids", "accessories", "footwear"] as const
export type CategoryId = (typeof CATEGORIES)[number]

export const CATEGORY_LABELS: Readonly<Record<CategoryId, string>> = {
  men: "Men",
  women: "Women",
  kids: "Kids",
  accessories: "Accessories",
  footwear: "Footwear",
}

export const BRANDS = ["nike", "adidas", "puma", "levi", "zara", "h&m", "no-brand"] as const
export type BrandId = (typeof BRANDS)[number]

export const BRAND_LABELS: Readonly<Record<BrandId, string>> = {
  nike: "Nike",
  adidas: "Adidas",
  puma: "Puma",
  levi: "Levi's",
  zara: "Zara",
  "h&m": "H&M",
  "no-brand": "No Brand",
}

/** Brand options depend on the category (SPEC.md section 5). */
export const CATEGORY_BRANDS: Readonly<Record<CategoryId, readonly BrandId[]>> = {
  men: ["nike", "adidas", "puma", "no-brand"],
  women: ["zara", "h&m", "levi", "no-brand"],
  kids: ["nike", "adidas", "zara", "no-brand"],
  accessories: ["levi", "h&m", "puma", "no-brand"],
  footwear: ["nike", "adidas", "puma", "no-brand"],
}

export const SORT_OPTIONS = ["price-lowtohigh", "price-hightolow", "title-atoz", "title-ztoa"] as const
export type SortOption = (typeof SORT_OPTIONS)[number]
export const DEFAULT_SORT: SortOption = "price-lowtohigh"

export const SORT_LABELS: Readonly<Record<SortOption, string>> = {
  "price-lowtohigh": "Price: Low to High",
  "price-hightolow": "Price: High to Low",
  "title-atoz": "Title: A to Z",
  "title-ztoa": "Title: Z to A",
}

const choices = <T extends string>(ids: readonly T[], labels: Readonly<Record<T, string>>): readonly Option<T>[] =>
  ids.map((id) => ({ id, label: labels[id] }))

/**
 * The vocabularies as id/label pairs, in the spec's order (filters, selects, tiles).
 * Calls marked pure: a bundle that imports the contract but none of these (the
 * landing pages' app) leaves them and this module out.
 */
export const CATEGORY_CHOICES = /* @__PURE__ */ choices(CATEGORIES, CATEGORY_LABELS)
export const BRAND_CHOICES = /* @__PURE__ */ choices(BRANDS, BRAND_LABELS)
export const SORT_CHOICES = /* @__PURE__ */ choices(SORT_OPTIONS, SORT_LABELS)

const member =
  <T extends string>(ids: readonly T[]) =>
  (value: unknown): value is T =>
    (ids as readonly unknown[]).includes(value)

export const isCategory = /* @__PURE__ */ member(CATEGORIES)
export const isBrand = /* @__PURE__ */ member(BRANDS)
export const isSortOption = /* @__PURE__ */ member(SORT_OPTIONS)

export function isBrandAllowed(category: string, brand: string): boolean {
  return isCategory(category) && (CATEGORY_BRANDS[category] as readonly string[]).includes(brand)
}

/** A category's label, or the id itself when it is not one of the shop's. */
export function categoryLabel(category: string): string {
  return isCategory(category) ? CATEGORY_LABELS[category] : category
}

/** A brand's label, or the id itself when it is not one of the shop's. */
export function brandLabel(brand: string): string {
  return isBrand(brand) ? BRAND_LABELS[brand] : brand
}

/** A product (SPEC.md section 3, "Product"). */
export type Product = {
  _id: string
  image: string
  title: string
  description: string
  category: string
  brand: string
  price: number
  /** 0 means no sale. */
  saleprice: number
  stock: number
  discount: number
}
