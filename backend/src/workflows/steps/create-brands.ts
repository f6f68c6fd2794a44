import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { BRAND_MODULE } from "../../modules/brand"
import type BrandModuleService from "../../modules/brand/service"

export type CreateBrandsStepInput = { handle: string; name: string }[]

export const createBrandsStep = createStep(
  "create-brands",
  async (input: CreateBrandsStepInput, { container }) => {
    const brandService: BrandModuleService = container.resolve(BRAND_MODULE)
    const brands = await brandService.createBrands(input)
    return new StepResponse(
      brands,
      brands.map((b) => b.id)
    )
  },
  async (ids, { container }) => {
    if (!ids?.length) {
      return
    }
    const brandService: BrandModuleService = container.resolve(BRAND_MODULE)
    await brandService.deleteBrands(ids)
  }
)
