import { queryOptions, useQuery } from "@tanstack/react-query"
import { ensureSuccess, isHttpError } from "@/lib/api-error"
import { publicGet, SERVER_RENDERED } from "@/lib/public-api"
import type { Pictures, Product, ProductAnswer } from "@shop/contract"
import { productsKeys } from "./get-products"

/** A product and its picture (by image URL). */
export type ProductView = { product: Product; pictures: Pictures }

/** GET /api/shop/products/get/{id}: the product, or null when there is none (404). */
export async function getProduct(id: string): Promise<ProductView | null> {
  try {
    const body = ensureSuccess(
      await publicGet<ProductAnswer>(`/api/shop/products/get/${encodeURIComponent(id)}`),
      "Product not found"
    )
    return body.data ? { product: body.data, pictures: body.pictures ?? {} } : null
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
