/** Fixed catalogue vocabularies (SPEC section 9), shared by every feature. */

export type Option<T extends string = string> = { readonly id: T; readonly label: string };

export const CATEGORIES = [
  { id: 'men', label: 'Men' },
  { id: 'women', label: 'Women' },
  { id: 'kids', label: 'Kids' },
  { id: 'accessories', label: 'Accessories' },
  { id: 'footwear', label: 'Footwear' },
] as const satisfies readonly Option[];

export const BRANDS = [
  { id: 'nike', label: 'Nike' },
  { id: 'adidas', label: 'Adidas' },
  { id: 'puma', label: 'Puma' },
  { id: 'levi', label: "Levi's" },
  { id: 'zara', label: 'Zara' },
  { id: 'h&m', label: 'H&M' },
  { id: 'no-brand', label: 'No Brand' },
] as const satisfies readonly Option[];

export const SORT_OPTIONS = [
  { id: 'price-lowtohigh', label: 'Price: Low to High' },
  { id: 'price-hightolow', label: 'Price: High to Low' },
  { id: 'title-atoz', label: 'Title: A to Z' },
  { id: 'title-ztoa', label: 'Title: Z to A' },
] as const satisfies readonly Option[];

export type CategoryId = (typeof CATEGORIES)[number]['id'];
export type BrandId = (typeof BRANDS)[number]['id'];
export type SortOption = (typeof SORT_OPTIONS)[number]['id'];

export const DEFAULT_SORT: SortOption = 'price-lowtohigh';

export function isSortOption(value: unknown): value is SortOption {
  return SORT_OPTIONS.some((option) => option.id === value);
}
