import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { LANDING_PAGE_MODULE } from "../../modules/landing-page"
import type LandingPageModuleService from "../../modules/landing-page/service"

/** One more order on the page's analytics; compensation takes it back. */
export const countLandingOrderStep = createStep(
  "count-landing-order",
  async (input: { page_id: string }, { container }) => {
    await container.resolve<LandingPageModuleService>(LANDING_PAGE_MODULE).countOrders(input.page_id, 1)
    return new StepResponse(true, input.page_id)
  },
  async (pageId, { container }) => {
    if (!pageId) return
    await container.resolve<LandingPageModuleService>(LANDING_PAGE_MODULE).countOrders(pageId, -1)
  }
)
