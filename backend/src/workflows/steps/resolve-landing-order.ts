import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { BN_MESSAGES, isSlug, LANDING_NOT_FOUND } from "@shop/contract"
import { LANDING_PAGE_MODULE } from "../../modules/landing-page"
import type LandingPageModuleService from "../../modules/landing-page/service"

export type ResolveLandingOrderInput = {
  slug: string
  product_ids: string[]
}

/**
 * A landing order is for a published page and only for that page's product.
 * Reads only.
 */
export const resolveLandingOrderStep = createStep(
  "resolve-landing-order",
  async (input: ResolveLandingOrderInput, { container }) => {
    const pages = container.resolve<LandingPageModuleService>(LANDING_PAGE_MODULE)
    const [page] = isSlug(input.slug)
      ? await pages.listLandingPages({ slug: input.slug, is_active: true }, { take: 1 })
      : []
    if (!page) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, LANDING_NOT_FOUND)
    }
    if (input.product_ids.some((id) => id !== page.product_id)) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, BN_MESSAGES.wrongProduct)
    }
    return new StepResponse({
      page_id: page.id,
      slug: page.slug,
      meta_pixel_id: (page.meta_pixel_id as string | null | undefined) ?? null,
    })
  }
)
