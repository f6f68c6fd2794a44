import { queryOptions, useQuery } from "@tanstack/react-query"
import { ensureSuccess, isHttpError } from "@/lib/api-error"
import { publicGet, SERVER_RENDERED } from "@/lib/public-api"
import type { Product, ProductAnswer } from "@shop/contract"
import { productsKeys } from "./get-products"

/** GET /api/shop/products/get/{id}: the product, or null when there is none (404). */
export async function getProduct(id: string): Promise<Product | null> {
  try {
    const body = await publicGet<ProductAnswer>(`/api/shop/products/get/${encodeURIComponent(id)}`)
    return ensureSuccess(body, "Product not found").data ?? null
  } catch (error) {
    if (isHttpError(error) && (error.status === 404 || error.status === 400)) return null
    throw error
  }
}

export const productKeys = {
  detail: (id: string) => [...productsKeys.all, "detail", id] as const,
}

export function getProductQueryOptions(id: string) {
  return queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: () => getProduct(id),
    meta: SERVER_RENDERED,
  })
}

export function useProduct(id: string) {
  return useQuery(getProductQueryOptions(id))
}
