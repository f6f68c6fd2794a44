import { readJson, writeJson } from "@/lib/storage"
import {
  BRAND_CHOICES,
  CATEGORY_CHOICES,
  DEFAULT_SORT,
  isSortOption,
  type BrandId,
  type CategoryId,
  type SortOption,
} from "@shop/contract"

/**
 * Listing filters: per filter key, the list of selected option ids. Only
 * non-empty lists are kept, so `{}` means "no filter".
 */
export type ProductFilters = {
  category?: CategoryId[]
  brand?: BrandId[]
}

export type FilterKey = keyof ProductFilters

export type ListingState = {
  filters: ProductFilters
  sortBy: SortOption
}

/** The filter groups of the side panel, in display order. */
export const FILTER_GROUPS = [
  { key: "category", label: "Category", options: CATEGORY_CHOICES },
  { key: "brand", label: "Brand", options: BRAND_CHOICES },
] as const

export const FILTERS_STORAGE_KEY = "filters"

const FILTER_KEYS: readonly FilterKey[] = FILTER_GROUPS.map((group) => group.key)

/**
 * Keeps known keys and known option ids only, drops duplicates and empty
 * lists, and orders values as the panel lists them. Anything else (a
 * hand-edited URL, an old storage value) is ignored, not trusted.
 */
export function normalizeFilters(input: unknown): ProductFilters {
  const result: ProductFilters = {}
  if (!input || typeof input !== "object") return result
  const source = input as Record<string, unknown>
  for (const group of FILTER_GROUPS) {
    const raw = source[group.key]
    const values: unknown[] = Array.isArray(raw) ? raw : typeof raw === "string" ? raw.split(",") : []
    const picked = group.options.map((option) => option.id as string).filter((id) => values.includes(id))
    if (picked.length > 0) (result as Record<FilterKey, string[]>)[group.key] = picked
  }
  return result
}

/** Adds or removes one option id. */
export function toggleFilter(filters: ProductFilters, key: FilterKey, id: string): ProductFilters {
  const current: string[] = filters[key] ?? []
  const next = current.includes(id) ? current.filter((value) => value !== id) : [...current, id]
  return normalizeFilters({ ...filters, [key]: next })
}

/**
 * URL query of the listing: `key=comma-joined values` for each non-empty
 * filter list, then `sortBy`. Values are percent-encoded (h&m -> h%26m),
 * the separating commas are not. No leading "?".
 */
export function serializeListingState({ filters, sortBy }: ListingState): string {
  const normalized = normalizeFilters(filters)
  const parts = FILTER_KEYS.flatMap((key) => {
    const values = normalized[key]
    return values?.length ? [`${key}=${values.map(encodeURIComponent).join(",")}`] : []
  })
  parts.push(`sortBy=${encodeURIComponent(sortBy)}`)
  return parts.join("&")
}

export function parseListingState(search: string | URLSearchParams): ListingState {
  const params = typeof search === "string" ? new URLSearchParams(search) : search
  const raw: Record<string, string> = {}
  for (const key of FILTER_KEYS) {
    const value = params.get(key)
    if (value) raw[key] = value
  }
  const sortBy = params.get("sortBy")
  return {
    filters: normalizeFilters(raw),
    sortBy: isSortOption(sortBy) ? sortBy : DEFAULT_SORT,
  }
}

/** Whether the URL carries listing state (then it wins over session storage). */
export function hasListingParams(search: string | URLSearchParams): boolean {
  const params = typeof search === "string" ? new URLSearchParams(search) : search
  return params.has("sortBy") || FILTER_KEYS.some((key) => params.has(key))
}

export function loadStoredFilters(): ProductFilters {
  return normalizeFilters(readJson("session", FILTERS_STORAGE_KEY))
}

export function saveStoredFilters(filters: ProductFilters): void {
  writeJson("session", FILTERS_STORAGE_KEY, normalizeFilters(filters))
}
