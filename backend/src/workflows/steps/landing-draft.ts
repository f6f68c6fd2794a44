import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  deliveryAreaOf,
  draftIncompleteMessage,
  isDeliveryArea,
  isSlug,
  LANDING_NOT_FOUND,
  normalizeBdPhone,
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
  /** the hash of the saving browser's draft token: only that browser changes the draft it started */
  token_hash: string
}

/**
 * Saves (creates, or updates when the same browser started it) the draft of a
 * published page for the phone; an unknown or unpublished slug is 404. One
 * statement: nothing to undo.
 */
export const saveLandingDraftStep = createStep(
  "save-landing-draft",
  async (input: SaveLandingDraftInput, { container }) => {
    const [page] = isSlug(input.slug)
      ? await pages(container).listLandingPages({ slug: input.slug, is_active: true }, { take: 1 })
      : []
    if (!page) throw new MedusaError(MedusaError.Types.NOT_FOUND, LANDING_NOT_FOUND)
    await drafts(container).saveDraft({
      page_id: page.id,
      slug: page.slug,
      phone: input.phone,
      name: input.name,
      address: input.address,
      quantity: input.quantity,
      delivery_area: input.delivery_area,
      token_hash: input.token_hash,
    })
    return new StepResponse(undefined)
  }
)

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
      // the merchant's staff convert it: the shopper's order limit does not apply (the guard does)
      placed_by_staff: true,
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

/** The payload of the order workflow's `shop-order.placed` event. */
export type ShopOrderPlaced = {
  id: string
  phone: string | null
  landing_page_slug: string | null
  /** the products whose stock the order took (the storefront servers drop their cached pages) */
  product_ids?: string[]
}

/** Whose drafts an order recovers: the phone's open drafts, on these pages only (null: every page). */
export type DraftRecovery = { order_id: string; phone: string; page_ids: string[] | null }

/**
 * Reads which drafts an arrived order recovers: an order from a landing page
 * that page's draft only, any other order (the shop's checkout) every open
 * draft of the phone. Null: none (no phone, an unknown page). Reads only.
 */
export const planDraftRecoveryStep = createStep(
  "plan-draft-recovery",
  async (input: ShopOrderPlaced, { container }) => {
    const none = () => new StepResponse<DraftRecovery | null>(null)
    const phone = normalizeBdPhone(String(input.phone ?? ""))
    if (!phone || !input.id) return none()
    if (!input.landing_page_slug)
      return new StepResponse<DraftRecovery | null>({ order_id: input.id, phone, page_ids: null })
    if (!isSlug(input.landing_page_slug)) return none()
    const found = await pages(container).listLandingPages({ slug: input.landing_page_slug }, { select: ["id"] })
    if (!found.length) return none()
    return new StepResponse<DraftRecovery | null>({ order_id: input.id, phone, page_ids: found.map((p) => p.id) })
  }
)

/** The drafts become recovered with the order's id (idempotent); answers their ids. Compensation opens them again. */
export const recoverLandingDraftsStep = createStep(
  "recover-landing-drafts",
  async (input: DraftRecovery, { container }) => {
    const ids = await drafts(container).recoverDrafts(input.phone, input.order_id, input.page_ids)
    return new StepResponse(ids, { ids, order_id: input.order_id })
  },
  async (undo, { container }) => {
    if (undo?.ids.length) await drafts(container).reopenRecovered(undo.ids, undo.order_id)
  }
)

/**
 * Removes drafts whose last change is older than `days` days; answers how
 * many. Not compensated: the rows are deleted for good (one statement, the
 * workflow's only write).
 */
export const expireLandingDraftsStep = createStep(
  "expire-landing-drafts",
  async (input: { days: number }, { container }) => {
    return new StepResponse(await drafts(container).removeOlderThan(input.days))
  }
)
