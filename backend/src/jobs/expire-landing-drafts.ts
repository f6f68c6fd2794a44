import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { LANDING_DRAFT_MAX_AGE_DAYS } from "@shop/contract"
import { expireLandingDraftsWorkflow } from "../workflows/landing-draft"

/** Incomplete orders whose last change is older than 30 days are removed (open, recovered and converted alike). */
export default async function expireLandingDraftsJob(container: MedusaContainer) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  try {
    const { result: removed } = await expireLandingDraftsWorkflow(container).run({
      input: { days: LANDING_DRAFT_MAX_AGE_DAYS },
    })
    if (removed)
      logger.info(`Incomplete orders: removed ${removed} draft(s) older than ${LANDING_DRAFT_MAX_AGE_DAYS} days`)
  } catch (error) {
    // the database may be down; the next run tries again
    logger.warn(`Incomplete orders: expiry failed, will retry: ${(error as Error)?.message ?? error}`)
  }
}

export const config = {
  name: "expire-landing-drafts",
  // hourly, at minute 17
  schedule: "17 * * * *",
}
