import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { LANDING_PAGE_MODULE } from "../modules/landing-page"
import type LandingPageModuleService from "../modules/landing-page/service"

/** Views counted by the storefront servers, added in one statement (nothing to undo: nothing follows it). */
const recordLandingViewsStep = createStep(
  "record-landing-views",
  async (input: { views: Record<string, number> }, { container }) => {
    const counted = await container.resolve<LandingPageModuleService>(LANDING_PAGE_MODULE).addViews(input.views)
    return new StepResponse(counted)
  }
)

/** A batch of landing views from a storefront server (POST /api/edge/landing-views): answers the views added to existing pages. */
export const recordLandingViewsWorkflow = createWorkflow(
  "record-landing-views",
  (input: { views: Record<string, number> }) => {
    return new WorkflowResponse(recordLandingViewsStep(input))
  }
)
