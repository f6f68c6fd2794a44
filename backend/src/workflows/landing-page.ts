import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { landingChanges } from "../lib/public-cache"
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
import { landingPageSlugStep, publishPublicCacheStep } from "./steps/public-cache"

export type CreateLandingPageInput = {
  title: string
  slug: string
  product_id: string
  is_active: boolean
  meta_pixel_id?: string | null
  groups: LandingGroupsInput
}

/** A new landing page (a draft unless published on create), filled with the spec's defaults. */
export const createLandingPageWorkflow = createWorkflow("create-landing-page", (input: CreateLandingPageInput) => {
  const product = transform({ input }, ({ input }) => ({ product_id: input.product_id }))
  assertLandingProductStep(product)
  const slug = transform({ input }, ({ input }) => ({ slug: input.slug }))
  assertSlugFreeStep(slug)
  const page = createLandingPageStep(input)
  publishPublicCacheStep(transform({ page }, ({ page }) => landingChanges(page.slug)))
  return new WorkflowResponse(page)
})

export const updateLandingPageWorkflow = createWorkflow(
  "update-landing-page",
  (input: LandingPageChanges & { id: string }) => {
    const product = transform({ input }, ({ input }) => ({ product_id: input.product_id }))
    assertLandingProductStep(product)
    const slug = transform({ input }, ({ input }) => ({ slug: input.slug, id: input.id }))
    assertSlugFreeStep(slug)
    const before = landingPageSlugStep({ id: input.id })
    const page = updateLandingPageStep(input)
    // a renamed page: its old address and its new one
    publishPublicCacheStep(transform({ before, page }, ({ before, page }) => landingChanges(before, page.slug)))
    return new WorkflowResponse(page)
  }
)

export const toggleLandingPageWorkflow = createWorkflow("toggle-landing-page", (input: { id: string }) => {
  const page = toggleLandingPageStep(input)
  publishPublicCacheStep(transform({ page }, ({ page }) => landingChanges(page.slug)))
  return new WorkflowResponse(page)
})

export const deleteLandingPageWorkflow = createWorkflow("delete-landing-page", (input: { id: string }) => {
  const before = landingPageSlugStep(input)
  const deleted = deleteLandingPageStep(input)
  publishPublicCacheStep(transform({ before }, ({ before }) => landingChanges(before)))
  return new WorkflowResponse(deleted)
})
