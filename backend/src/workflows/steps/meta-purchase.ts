import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PAGE_PATHS } from "@shop/contract"
import { publicBaseUrl } from "../../lib/public-url"
import { defaultMetaPixelId, META_EVENTS_MODULE } from "../../modules/meta-events"
import type MetaEventsModuleService from "../../modules/meta-events/service"

/** The shopper's tracking a landing order keeps for its Meta Purchase; every field may be missing. */
export type MetaTracking = {
  /** the pixel's browser id (_fbp cookie) */
  fbp: string | null
  /** the ad click id (_fbc cookie, or built from the page's fbclid) */
  fbc: string | null
  client_ip: string | null
  user_agent: string | null
  /** the page's address as the shopper saw it */
  event_source_url: string | null
}

const events = (container: MedusaContainer) => container.resolve<MetaEventsModuleService>(META_EVENTS_MODULE)

/** A landing page's public address (PUBLIC_URL, else the storefront on this machine), for orders that did not send theirs. */
function pageUrl(slug: string): string {
  return `${publicBaseUrl()}${PAGE_PATHS.landing.replace(":slug", encodeURIComponent(slug))}`
}

export type RecordPurchaseTrackingInput = {
  order_id: string
  order_number: string
  page_id: string
  slug: string
  /** the page's own pixel; null: the shop's default (META_PIXEL_ID) */
  page_pixel_id: string | null
  tracking?: MetaTracking | null
}

/**
 * A landing order with a pixel in effect (the page's own, else the shop's
 * default) gets its Purchase event, not sent yet, with the shopper's
 * tracking; an order without a pixel keeps nothing. Compensation removes it.
 */
export const recordPurchaseTrackingStep = createStep(
  "record-meta-purchase-tracking",
  async (input: RecordPurchaseTrackingInput, { container }) => {
    const pixel = input.page_pixel_id || defaultMetaPixelId()
    if (!pixel) return new StepResponse<string | null, string | null>(null, null)
    const tracking = input.tracking ?? null
    const row = await events(container).createPurchaseEvents({
      order_id: input.order_id,
      order_number: input.order_number,
      landing_page_id: input.page_id,
      pixel_id: pixel,
      state: "not_sent",
      fbp: tracking?.fbp ?? null,
      fbc: tracking?.fbc ?? null,
      client_ip: tracking?.client_ip ?? null,
      user_agent: tracking?.user_agent ?? null,
      event_source_url: tracking?.event_source_url ?? pageUrl(input.slug),
    })
    return new StepResponse<string | null, string | null>(row.id, row.id)
  },
  async (id, { container }) => {
    if (id) await events(container).deletePurchaseEvents(id)
  }
)
