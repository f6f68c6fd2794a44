import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import {
  deliveryAreaOf,
  draftIncompleteMessage,
  isDeliveryArea,
  isSlug,
  LANDING_NOT_FOUND,
  type DeliveryArea,
} from "@shop/contract"
import { LANDING_DRAFT_MODULE } from "../../modules/landing-draft"
import type LandingDraftModuleService from "../../modules/landing-draft/service"
import { LANDING_PAGE_MODULE } from "../../modules/landing-page"
import type LandingPageModuleService from "../../modules/landing-page/service"
import type { PlaceLandingOrderInput } from "../place-shop-order"

const drafts = (container: MedusaContainer) => container.resolve<LandingDraftModuleService>(LANDING_DRAFT_MODULE)
const pages = (container: MedusaContainer) => container.resolve<LandingPageModuleService>(LANDING_PAGE_MODULE)

export type SaveLandingDraftInput = {
  slug: string
  phone: string
  name?: string
  address?: string
  quantity?: number
  delivery_area?: DeliveryArea
}

/**
 * Saves (creates or updates) the draft of a published page for the phone; an
 * unknown or unpublished slug is 404. One statement: nothing to undo.
 */
export const saveLandingDraftStep = createStep("save-landing-draft", async (input: SaveLandingDraftInput, { container }) => {
  const [page] = isSlug(input.slug) ? await pages(container).listLandingPages({ slug: input.slug, is_active: true }, { take: 1 }) : []
  if (!page) throw new MedusaError(MedusaError.Types.NOT_FOUND, LANDING_NOT_FOUND)
  await drafts(container).saveDraft({
    page_id: page.id,
    slug: page.slug,
    phone: input.phone,
    name: input.name,
    address: input.address,
    quantity: input.quantity,
    delivery_area: input.delivery_area,
  })
  return new StepResponse(undefined)
})

export type ClaimedDraft = { draft_id: string; order: PlaceLandingOrderInput }

/**
 * Claims an open draft with a name and an address for conversion and builds
 * the landing order it becomes: the page's product, the draft's quantity (1
 * when none) and delivery area (else read from the address). 404 unknown
 * draft or page, 409 no longer open, 400 naming what is missing. Compensation
 * opens the draft again.
 */
export const claimLandingDraftStep = createStep(
  "claim-landing-draft",
  async (input: { draft_id: string }, { container }) => {
    const claim = await drafts(container).claimForConversion(input.draft_id)
    if (!("claimed" in claim)) {
      switch (claim.refused) {
        case "not_open":
          throw new MedusaError(MedusaError.Types.CONFLICT, `This incomplete order is already ${claim.status}`)
        case "incomplete":
          throw new MedusaError(MedusaError.Types.INVALID_DATA, draftIncompleteMessage(claim.missing))
        default:
          throw new MedusaError(MedusaError.Types.NOT_FOUND, "Incomplete order not found")
      }
    }
    const draft = claim.claimed
    const [page] = await pages(container).listLandingPages({ id: draft.page_id }, { take: 1 })
    if (!page) {
      await drafts(container).releaseClaim(draft.id)
      throw new MedusaError(MedusaError.Types.NOT_FOUND, LANDING_NOT_FOUND)
    }
    const name = draft.name!.trim()
    const address = draft.address!.trim()
    const order: PlaceLandingOrderInput = {
      items: [{ product_id: page.product_id, quantity: draft.quantity ?? 1 }],
      is_guest: true,
      email: null,
      guest_name: name,
      guest_phone: draft.phone,
      landing_page_slug: page.slug,
      delivery_area: isDeliveryArea(draft.delivery_area) ? draft.delivery_area : deliveryAreaOf(address),
      address: { name, address, city: "", pincode: "", number: draft.phone, notes: "" },
    }
    return new StepResponse<ClaimedDraft, string>({ draft_id: draft.id, order }, draft.id)
  },
  async (draftId, { container }) => {
    if (!draftId) return
    await drafts(container).releaseClaim(draftId)
  }
)

/** Names the order a converted draft became. */
export const recordDraftConversionStep = createStep(
  "record-draft-conversion",
  async (input: { draft_id: string; order_id: string }, { container }) => {
    await drafts(container).recordConversion(input.draft_id, input.order_id)
    return new StepResponse(undefined)
  }
)
