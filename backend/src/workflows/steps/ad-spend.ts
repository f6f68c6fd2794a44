import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  adsInsightsSettings,
  META_REFUSED,
  META_UNAVAILABLE,
  PROFIT_MODULE,
  readAdInsights,
  type AdSpendRow,
  type ProfitModuleService,
} from "../../modules/profit"

export type AdSpendRead = {
  /** nothing was read: Meta's ad account is not set up */
  skipped: boolean
  rows: AdSpendRow[]
  pages: number
  /** Meta's rate limit stopped the read: nothing is written, the next run tries again */
  rateLimited: { reason: string; waitMinutes: number } | null
}

/**
 * Reads Meta's Ads Insights for the days asked (reads only). Not set up:
 * skipped. Rate-limited: an empty read that says so (nothing half-read is
 * written). Meta refusing (a wrong account, a token without ads_read) or not
 * answering: an error with Meta's words, token blanked.
 */
export const readAdSpendStep = createStep("read-ad-spend", async (input: { since: string; until: string }) => {
  const settings = adsInsightsSettings()
  if (!settings) return new StepResponse<AdSpendRead>({ skipped: true, rows: [], pages: 0, rateLimited: null })
  const read = await readAdInsights(settings, input.since, input.until)
  if (read.ok)
    return new StepResponse<AdSpendRead>({ skipped: false, rows: read.rows, pages: read.pages, rateLimited: null })
  if (read.kind === "rate_limited") {
    return new StepResponse<AdSpendRead>({
      skipped: false,
      rows: [],
      pages: read.pages,
      rateLimited: { reason: read.reason, waitMinutes: read.waitMinutes ?? 0 },
    })
  }
  throw new MedusaError(
    read.kind === "refused" ? META_REFUSED : META_UNAVAILABLE,
    `Meta's ad spend could not be read: ${read.reason}`
  )
})

/** Writes each ad's days (a day read again replaces its row); compensation puts back what those days had. */
export const writeAdSpendStep = createStep(
  "write-ad-spend",
  async (rows: AdSpendRow[], { container }) => {
    const service = container.resolve<ProfitModuleService>(PROFIT_MODULE)
    const keys = rows.map((r) => ({ day: r.day, ad_id: r.ad_id }))
    const before = await service.adSpendRows(keys)
    await service.writeAdSpend(rows)
    const had = new Set(before.map((r) => `${r.day} ${r.ad_id}`))
    return new StepResponse(rows.length, { before, added: keys.filter((k) => !had.has(`${k.day} ${k.ad_id}`)) })
  },
  async (undo, { container }) => {
    if (!undo) return
    const service = container.resolve<ProfitModuleService>(PROFIT_MODULE)
    await service.dropAdSpend(undo.added)
    await service.writeAdSpend(undo.before)
  }
)
