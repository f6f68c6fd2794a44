import { ProductStatus } from "@medusajs/framework/utils"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  createProductsWorkflow,
  deleteProductsWorkflow,
  updateProductsWorkflow,
  updateProductVariantsWorkflow,
  useQueryGraphStep,
} from "@medusajs/medusa/core-flows"
import { STORE_CURRENCY } from "@shop/contract"
import type { Product } from "@shop/contract"
import { invalidateCatalogStep } from "./steps/invalidate-catalog"
import { resolveProductRefsStep } from "./steps/resolve-product-refs"
import { setProductBrandStep } from "./steps/set-product-brand"
import { setProductStockStep } from "./steps/set-product-stock"
import { setSalePriceStep } from "./steps/set-sale-price"

/** The admin form's product (SPEC.md section 3), validated: the shop's product without its id. */
export type ShopProductInput = Omit<Product, "_id">

/** A product with one variant, its stock at the default location, and its sale price. */
export const createShopProductWorkflow = createWorkflow("create-shop-product", (input: ShopProductInput) => {
  const refs = resolveProductRefsStep({ category: input.category, brand: input.brand })
  const productsInput = transform({ input, refs }, ({ input, refs }) => ({
    products: [
      {
        title: input.title,
        description: input.description,
        status: ProductStatus.PUBLISHED,
        thumbnail: input.image,
        images: [{ url: input.image }],
        category_ids: [refs.category_id],
        shipping_profile_id: refs.shipping_profile_id,
        sales_channels: [{ id: refs.sales_channel_id }],
        metadata: { discount: input.discount },
        options: [{ title: "Default", values: ["Default"] }],
        variants: [
          {
            title: "Default",
            manage_inventory: true,
            options: { Default: "Default" },
            prices: [{ amount: input.price, currency_code: STORE_CURRENCY }],
          },
        ],
      },
    ],
    additional_data: { brand_id: refs.brand_id },
  }))
  const products = createProductsWorkflow.runAsStep({ input: productsInput })
  const ids = transform({ products }, ({ products }) => ({
    product_id: products[0].id,
    variant_id: products[0].variants[0].id,
  }))
  setProductStockStep({ variant_id: ids.variant_id, stock: input.stock })
  setSalePriceStep({ variant_id: ids.variant_id, amount: input.saleprice })
  invalidateCatalogStep({ product_id: ids.product_id })
  return new WorkflowResponse(ids.product_id)
})

export const updateShopProductWorkflow = createWorkflow(
  "update-shop-product",
  (input: { id: string; product: ShopProductInput }) => {
    const refs = resolveProductRefsStep({ category: input.product.category, brand: input.product.brand })
    const { data: products } = useQueryGraphStep({
      entity: "product",
      fields: ["id", "variants.id", "metadata"],
      filters: { id: input.id },
      options: { throwIfKeyNotFound: true },
    })
    const update = transform({ input, refs, products }, ({ input, refs, products }) => ({
      selector: { id: input.id },
      update: {
        title: input.product.title,
        description: input.product.description,
        thumbnail: input.product.image,
        images: [{ url: input.product.image }],
        category_ids: [refs.category_id],
        metadata: { ...(products[0].metadata ?? {}), discount: input.product.discount },
      },
    }))
    updateProductsWorkflow.runAsStep({ input: update })
    const variantId = transform({ products }, ({ products }) => products[0].variants[0].id)
    const prices = transform({ input, variantId }, ({ input, variantId }) => ({
      selector: { id: variantId },
      update: { prices: [{ amount: input.product.price, currency_code: STORE_CURRENCY }] },
    }))
    updateProductVariantsWorkflow.runAsStep({ input: prices })
    setProductBrandStep({ product_id: input.id, brand_id: refs.brand_id })
    setProductStockStep({ variant_id: variantId, stock: input.product.stock })
    setSalePriceStep({ variant_id: variantId, amount: input.product.saleprice })
    invalidateCatalogStep({ product_id: input.id })
    return new WorkflowResponse(input.id)
  }
)

/** Soft-deletes the product; orders keep the title, image and price they were placed with. */
export const deleteShopProductWorkflow = createWorkflow("delete-shop-product", (input: { id: string }) => {
  useQueryGraphStep({
    entity: "product",
    fields: ["id"],
    filters: { id: input.id },
    options: { throwIfKeyNotFound: true },
  })
  const ids = transform({ input }, ({ input }) => ({ ids: [input.id] }))
  deleteProductsWorkflow.runAsStep({ input: ids })
  invalidateCatalogStep({ product_id: input.id })
  return new WorkflowResponse(input.id)
})
