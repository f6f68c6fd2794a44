import type { MedusaContainer } from "@medusajs/framework/types"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { isSlug, normalizeBdPhone } from "@shop/contract"
import { LANDING_DRAFT_MODULE } from "../modules/landing-draft"
import type LandingDraftModuleService from "../modules/landing-draft/service"
import { LANDING_PAGE_MODULE } from "../modules/landing-page"
import type LandingPageModuleService from "../modules/landing-page/service"
import { placeLandingOrderWorkflow } from "./place-shop-order"
import {
  claimLandingDraftStep,
  recordDraftConversionStep,
  saveLandingDraftStep,
  type SaveLandingDraftInput,
} from "./steps/landing-draft"

/**
 * Incomplete orders of landing pages (issue 17): drafts saved as the shopper
 * types, recovered when an order from the phone arrives, converted by the
 * merchant through the one landing order workflow, removed after 30 days.
 */

/** What the shopper typed so far, kept as the page's draft for the phone (404 for an unknown or unpublished page). */
export const saveLandingDraftWorkflow = createWorkflow("save-landing-draft", (input: SaveLandingDraftInput) => {
  saveLandingDraftStep(input)
  return new WorkflowResponse(undefined)
})

/**
 * The merchant turns an open draft into a real order: the draft is claimed
 * (converted, so a second click makes no second order), the landing order
 * workflow places it (its stock rules, 409 when sold out; the claim is undone
 * on any failure), and the draft names the order.
 */
export const convertLandingDraftWorkflow = createWorkflow("convert-landing-draft", (input: { draft_id: string }) => {
  const claimed = claimLandingDraftStep(input)
  const order = transform({ claimed }, ({ claimed }) => claimed.order)
  const placed = placeLandingOrderWorkflow.runAsStep({ input: order })
  const conversion = transform({ claimed, placed }, ({ claimed, placed }) => ({
    draft_id: claimed.draft_id,
    order_id: placed.order_id,
  }))
  recordDraftConversionStep(conversion)
  return new WorkflowResponse(placed)
})

/** The payload of the order workflow's `shop-order.placed` event. */
export type ShopOrderPlaced = { id: string; phone: string | null; landing_page_slug: string | null }

/**
 * An order arrived: the phone's open drafts become recovered with its id. An
 * order from a landing page recovers that page's draft only; any other order
 * (the shop's checkout) every open draft of the phone. Idempotent.
 */
export async function recoverLandingDrafts(container: MedusaContainer, event: ShopOrderPlaced): Promise<string[]> {
  const phone = normalizeBdPhone(String(event.phone ?? ""))
  if (!phone || !event.id) return []
  let pageIds: string[] | null = null
  if (event.landing_page_slug) {
    if (!isSlug(event.landing_page_slug)) return []
    const pages = await container
      .resolve<LandingPageModuleService>(LANDING_PAGE_MODULE)
      .listLandingPages({ slug: event.landing_page_slug }, { select: ["id"] })
    pageIds = pages.map((p) => p.id)
    if (!pageIds.length) return []
  }
  return container.resolve<LandingDraftModuleService>(LANDING_DRAFT_MODULE).recoverDrafts(phone, event.id, pageIds)
}

/** Removes drafts whose last change is older than `days` days; answers how many. */
export async function expireLandingDrafts(container: MedusaContainer, days: number): Promise<number> {
  return container.resolve<LandingDraftModuleService>(LANDING_DRAFT_MODULE).removeOlderThan(days)
}
