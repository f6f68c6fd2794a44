import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { isBrandAllowed } from "@shop/contract"
import { BRAND_MODULE } from "../../modules/brand"
import type BrandModuleService from "../../modules/brand/service"

export type ProductRefsInput = { category: string; brand: string }
export type ProductRefs = {
  category_id: string
  brand_id: string
  shipping_profile_id: string
  sales_channel_id: string
}

/** Turns the form's category and brand ids into Medusa records; reads only. */
export const resolveProductRefsStep = createStep(
  "resolve-product-refs",
  async (input: ProductRefsInput, { container }) => {
    if (!isBrandAllowed(input.category, input.brand)) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `Brand '${input.brand}' is not offered in category '${input.category}'`
      )
    }
    const productService = container.resolve(Modules.PRODUCT)
    const brandService: BrandModuleService = container.resolve(BRAND_MODULE)
    const [[category], [brand], [profile], [store]] = await Promise.all([
      productService.listProductCategories({ handle: input.category }),
      brandService.listBrands({ handle: input.brand }),
      container.resolve(Modules.FULFILLMENT).listShippingProfiles({ type: "default" }),
      container.resolve(Modules.STORE).listStores({}),
    ])
    if (!category || !brand || !profile || !store?.default_sales_channel_id) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, "The catalog is not set up: run the seed first")
    }
    return new StepResponse<ProductRefs>({
      category_id: category.id,
      brand_id: brand.id,
      shipping_profile_id: profile.id,
      sales_channel_id: store.default_sales_channel_id,
    })
  }
)
