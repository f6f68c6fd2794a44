import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { LandingGroupsInput } from "../modules/landing-page/groups"
import {
  assertLandingProductStep,
  assertSlugFreeStep,
  createLandingPageStep,
  deleteLandingPageStep,
  toggleLandingPageStep,
  updateLandingPageStep,
  type LandingPageChanges,
} from "./steps/landing-page"

export type CreateLandingPageInput = {
  title: string
  slug: string
  product_id: string
  is_active: boolean
  groups: LandingGroupsInput
}

/** A new landing page (a draft unless published on create), filled with the spec's defaults. */
export const createLandingPageWorkflow = createWorkflow("create-landing-page", (input: CreateLandingPageInput) => {
  const product = transform({ input }, ({ input }) => ({ product_id: input.product_id }))
  assertLandingProductStep(product)
  const slug = transform({ input }, ({ input }) => ({ slug: input.slug }))
  assertSlugFreeStep(slug)
  return new WorkflowResponse(createLandingPageStep(input))
})

export const updateLandingPageWorkflow = createWorkflow(
  "update-landing-page",
  (input: LandingPageChanges & { id: string }) => {
    const product = transform({ input }, ({ input }) => ({ product_id: input.product_id }))
    assertLandingProductStep(product)
    const slug = transform({ input }, ({ input }) => ({ slug: input.slug, id: input.id }))
    assertSlugFreeStep(slug)
    return new WorkflowResponse(updateLandingPageStep(input))
  }
)

export const toggleLandingPageWorkflow = createWorkflow("toggle-landing-page", (input: { id: string }) => {
  return new WorkflowResponse(toggleLandingPageStep(input))
})

export const deleteLandingPageWorkflow = createWorkflow("delete-landing-page", (input: { id: string }) => {
  return new WorkflowResponse(deleteLandingPageStep(input))
})
