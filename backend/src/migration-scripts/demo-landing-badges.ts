import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { LANDING_PAGE_MODULE } from "../modules/landing-page"
import type LandingPageModuleService from "../modules/landing-page/service"
import { DEMO_LANDING_PAGE } from "../scripts/seed-data"
import { updateLandingPageWorkflow } from "../workflows/landing-page"

/** The badges the seed first gave the demo page; its form charges delivery, so "Free Delivery" was untrue. */
export const FIRST_DEMO_BADGES = ["Free Delivery", "Money Back Guarantee", "Cash on Delivery"]

const same = (a: unknown, b: readonly string[]) =>
  Array.isArray(a) && a.length === b.length && a.every((badge, i) => badge === b[i])

/**
 * A shop seeded before the demo page told the truth keeps the old badges: the
 * seed only creates what is missing. Run once by `medusa db:migrate` (Medusa's
 * migration scripts): the demo page gets the seed's current badges, but only
 * while its badges are still exactly the first seed's, so a merchant's own
 * choice is never overwritten.
 */
export default async function demoLandingBadges({ container }: ExecArgs) {
  const pages = container.resolve<LandingPageModuleService>(LANDING_PAGE_MODULE)
  const [page] = await pages.listLandingPages({ slug: DEMO_LANDING_PAGE.slug }, { take: 1 })
  const badges = (page?.trust_badges as { badges?: unknown } | null)?.badges
  if (!page || !same(badges, FIRST_DEMO_BADGES)) return
  await updateLandingPageWorkflow(container).run({
    input: { id: page.id, groups: { trustBadges: { badges: [...DEMO_LANDING_PAGE.groups.trustBadges.badges] } } },
  })
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .info(`The demo landing page /landing/${page.slug} no longer promises free delivery`)
}
