import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { adSpendDays } from "#app/lib/ad-spend"
import { tooManyRequests } from "#app/lib/rate-limit"
import { adSpendSettings } from "#app/read-models/profit"
import { syncAdSpendWorkflow } from "#app/workflows/ad-spend"
import type { AdSpendSyncAnswer } from "@shop/contract"

/** Reads Meta's ad spend for the last days now (the hourly job's read); 409 when the ad account is not set up. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const settings = adSpendSettings()
  if (!settings) {
    throw new MedusaError(
      MedusaError.Types.CONFLICT,
      "Meta's ad account is not set up: set META_AD_ACCOUNT_ID and META_ADS_TOKEN"
    )
  }
  const { result } = await syncAdSpendWorkflow(req.scope).run({ input: adSpendDays(settings.days, new Date()) })
  if (result.rateLimited) {
    const wait = result.rateLimited.waitMinutes ? result.rateLimited.waitMinutes * 60 : undefined
    throw tooManyRequests(`${result.rateLimited.reason}. Try again later.`, wait)
  }
  const answer = {
    success: true,
    message: `Ad spend read: ${result.days} ad-day(s) from ${result.pages} page(s)`,
    data: { days: result.days, pages: result.pages },
  } satisfies AdSpendSyncAnswer
  res.json(answer)
}
