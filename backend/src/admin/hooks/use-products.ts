import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { MessageAnswer, ProductAnswer, ProductsAnswer } from "@shop/contract"
import { adminKeys, shopApi, uploadImage } from "../lib/api"
import { productPayload, type ProductForm } from "../lib/products"

export function useProducts() {
  return useQuery({
    queryKey: adminKeys.products(),
    queryFn: async () => (await shopApi<ProductsAnswer>("/api/admin/products/get-products")).products ?? [],
  })
}

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
