import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { StepResponse } from "@medusajs/framework/workflows-sdk"
import { createProductsWorkflow } from "@medusajs/medusa/core-flows"
import { BRAND_MODULE } from "../../modules/brand"
import type BrandModuleService from "../../modules/brand/service"

/**
 * Products created with `additional_data.brand_id` are linked to that brand,
 * in the same workflow run; the link is dismissed if a later step fails.
 */
createProductsWorkflow.hooks.productsCreated(
  async ({ products, additional_data }, { container }) => {
    const brandId = additional_data?.brand_id as string | undefined
    if (!brandId) {
      return new StepResponse([], [])
    }
    const brandService: BrandModuleService = container.resolve(BRAND_MODULE)
    const [brand] = await brandService.listBrands({ id: brandId })
    if (!brand) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Brand ${brandId} was not found`)
    }
    const link = container.resolve(ContainerRegistrationKeys.LINK)
    const links = products.map((product) => ({
      [Modules.PRODUCT]: { product_id: product.id },
      [BRAND_MODULE]: { brand_id: brandId },
    }))
    await link.create(links)
    return new StepResponse(links, links)
  },
  async (links, { container }) => {
    if (!links?.length) {
      return
    }
    const link = container.resolve(ContainerRegistrationKeys.LINK)
    await link.dismiss(links)
  }
)
