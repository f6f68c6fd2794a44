import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { MessageAnswer, Pictures, ProductAnswer, ProductsAnswer } from "@shop/contract"
import { adminKeys, shopApi, uploadImage } from "../lib/api"
import { productPayload, type ProductForm } from "../lib/products"

/** The products answer as it comes: the list and its pictures (each hook below selects its part). */
const productsQuery = {
  queryKey: adminKeys.products(),
  queryFn: () => shopApi<ProductsAnswer>("/api/admin/products/get-products"),
}

export function useProducts() {
  return useQuery({ ...productsQuery, select: (answer: ProductsAnswer) => answer.products ?? [] })
}

/** The pictures of the listed products' images (the grid's cards take a small variant). */
export function useProductPictures(): Pictures {
  return useQuery({ ...productsQuery, select: (answer: ProductsAnswer) => answer.pictures }).data ?? NO_PICTURES
}

const NO_PICTURES: Pictures = {}

function useInvalidateCatalog() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.products() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.landingPages() }),
    ])
}

/** Adds a product (no id) or saves an edited one. */
export function useSaveProduct() {
  const invalidate = useInvalidateCatalog()
  return useMutation({
    mutationFn: ({ id, form }: { id: string | null; form: ProductForm }) =>
      id
        ? shopApi<ProductAnswer & MessageAnswer>(`/api/admin/products/edit-product/${encodeURIComponent(id)}`, {
            method: "PUT",
            body: productPayload(form),
          })
        : shopApi<ProductAnswer & MessageAnswer>("/api/admin/products/add-product", {
            method: "POST",
            body: productPayload(form),
          }),
    onSuccess: invalidate,
  })
}

export function useDeleteProduct() {
  const invalidate = useInvalidateCatalog()
  return useMutation({
    mutationFn: (id: string) =>
      shopApi<MessageAnswer>(`/api/admin/products/delete-product/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: invalidate,
  })
}

export function useUploadProductImage() {
  return useMutation({
    mutationFn: (file: File) => uploadImage("/api/admin/products/upload-image", file),
  })
}
