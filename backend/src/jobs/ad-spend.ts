import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { adSpendDays } from "../lib/ad-spend"
import { positiveFromEnv } from "../lib/env"
import { adSpendSettings } from "../read-models/profit"
import { syncAdSpendWorkflow } from "../workflows/ad-spend"

/** How often Meta's ad spend is read (its figures for a day settle over some hours). */
const AD_SPEND_MINUTES = positiveFromEnv("META_ADS_MINUTES", 60)

/** Reads the last days' ad spend (syncAdSpendWorkflow); nothing when Meta's ad account is not set up. */
export default async function adSpend(container: MedusaContainer) {
  const settings = adSpendSettings()
  if (!settings) return
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  try {
    const { result } = await syncAdSpendWorkflow(container).run({ input: adSpendDays(settings.days, new Date()) })
    if (result.rateLimited) {
      logger.warn(
        `Meta: ad spend not read, ${result.rateLimited.reason}; the next run is in ${AD_SPEND_MINUTES} minutes` +
          (result.rateLimited.waitMinutes ? ` (Meta asks for ${result.rateLimited.waitMinutes})` : "")
      )
    }
  } catch (error) {
    logger.warn(`Meta: reading ad spend failed, will retry: ${(error as Error)?.message ?? error}`)
  }
}

export const config = {
  name: "ad-spend",
  schedule: { interval: AD_SPEND_MINUTES * 60_000 },
}
