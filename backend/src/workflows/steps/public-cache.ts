import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { PublicCacheMessage } from "@shop/contract"
import { publishPublicCache } from "../../lib/public-cache"
import { LANDING_PAGE_MODULE } from "../../modules/landing-page"
import type LandingPageModuleService from "../../modules/landing-page/service"
import { isMedusaId } from "../../read-models/products"

/**
 * The last step of a change a public page shows: the storefront servers are
 * told to drop what they cached (src/lib/public-cache.ts; nothing without
 * REDIS_URL, never fails). Rolled back, they are told again.
 */
export const publishPublicCacheStep = createStep(
  "publish-public-cache",
  async (input: { messages: PublicCacheMessage[] }) => {
    publishPublicCache(input.messages)
    return new StepResponse(true, input.messages)
  },
  async (messages) => {
    if (messages?.length) publishPublicCache(messages)
  }
)

/** A landing page's slug before a change (renamed or deleted, its old address is dropped too); null when there is no such page. Reads only. */
export const landingPageSlugStep = createStep("landing-page-slug", async (input: { id: string }, { container }) => {
  const [row] = isMedusaId("lp", input.id)
    ? await container
        .resolve<LandingPageModuleService>(LANDING_PAGE_MODULE)
        .listLandingPages({ id: input.id }, { take: 1, select: ["slug"] })
    : []
  return new StepResponse((row?.slug as string | undefined) ?? null)
})
