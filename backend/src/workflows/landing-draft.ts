import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { placeLandingOrderWorkflow } from "./place-shop-order"
import {
  claimLandingDraftStep,
  expireLandingDraftsStep,
  planDraftRecoveryStep,
  recordDraftConversionStep,
  recoverLandingDraftsStep,
  saveLandingDraftStep,
  type SaveLandingDraftInput,
  type ShopOrderPlaced,
} from "./steps/landing-draft"

export type { ShopOrderPlaced }

/**
 * Incomplete orders of landing pages: drafts saved as the shopper
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

/**
 * An order arrived (subscribers/landing-draft-recovered.ts): the phone's open
 * drafts become recovered with its id. An order from a landing page recovers
 * that page's draft only; any other order (the shop's checkout) every open
 * draft of the phone. Answers the drafts recovered. Idempotent.
 */
export const recoverLandingDraftsWorkflow = createWorkflow("recover-landing-drafts", (input: ShopOrderPlaced) => {
  const recovery = planDraftRecoveryStep(input)
  const recovered = when({ recovery }, ({ recovery }) => !!recovery).then(() =>
    recoverLandingDraftsStep(transform({ recovery }, ({ recovery }) => recovery!))
  )
  return new WorkflowResponse(transform({ recovered }, ({ recovered }) => recovered ?? []))
})

/** Removes drafts whose last change is older than `days` days (jobs/expire-landing-drafts.ts); answers how many. */
export const expireLandingDraftsWorkflow = createWorkflow("expire-landing-drafts", (input: { days: number }) => {
  return new WorkflowResponse(expireLandingDraftsStep(input))
})
