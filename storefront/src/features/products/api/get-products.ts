import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query"
import { publicGet, SERVER_RENDERED } from "@/lib/public-api"
import { type Pictures, type Product, type ProductsAnswer, type SortOption } from "@shop/contract"
import { normalizeFilters, type ProductFilters } from "../utils/filters"

/** A product as the shop's /api contract returns it (SPEC section 3). */
export type { Product }

/** A listing: its products and their pictures (by image URL). */
export type ProductList = { products: Product[]; pictures: Pictures }

export type GetProductsParams = {
  filters: ProductFilters
  sortBy: SortOption
}

/** Query string object: comma-joined values per filter key (non-empty lists only) plus sortBy. */
export function toProductsQuery({ filters, sortBy }: GetProductsParams): Record<string, string> {
  const query: Record<string, string> = {}
  for (const [key, values] of Object.entries(normalizeFilters(filters))) {
    if (values.length > 0) query[key] = values.join(",")
  }
  query.sortBy = sortBy
  return query
}

/** The listing's address: one spelling per filter combination (the storefront server caches by it). */
export function productsPath(params: GetProductsParams): string {
  return `/api/shop/products/get?${new URLSearchParams(toProductsQuery(params)).toString()}`
}

export async function getProducts(params: GetProductsParams): Promise<ProductList> {
  const response = await publicGet<ProductsAnswer>(productsPath(params))
  if (!response.success) {
    throw new Error(response.message || "Failed to load products")
  }
  return { products: response.products, pictures: response.pictures ?? {} }
}

export const productsKeys = {
  all: ["products"] as const,
  lists: () => [...productsKeys.all, "list"] as const,
  list: (params: GetProductsParams) => [...productsKeys.lists(), toProductsQuery(params)] as const,
}

export function getProductsQueryOptions(params: GetProductsParams) {
  return queryOptions({
    queryKey: productsKeys.list(params),
    queryFn: () => getProducts(params),
    meta: SERVER_RENDERED,
  })
}

export function useProducts(params: GetProductsParams) {
  return useQuery({
    ...getProductsQueryOptions(params),
    // Keep showing the previous grid while a new filter combination loads.
    placeholderData: keepPreviousData,
  })
}
