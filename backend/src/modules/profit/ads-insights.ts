import type { AdSpendRow } from "./service"

/**
 * Meta's Ads Insights, read for the Profit screen's ad spend:
 * `GET {META_GRAPH_URL}/{version}/act_{META_AD_ACCOUNT_ID}/insights` with
 * level=ad, fields=ad_id,adset_id,campaign_id,spend,impressions,clicks,
 * time_increment=1 and a time_range, one row per ad per day, paged by
 * `paging.cursors.after` (the next page is asked of the same address, never
 * of a URL taken from the answer). The token travels only in the query
 * string and is blanked from every text kept or logged.
 *
 * Settings, read when used:
 * - META_AD_ACCOUNT_ID (digits, with or without act_) and META_ADS_TOKEN (a
 *   token with ads_read): both set, spend is read; either missing, nothing;
 * - META_GRAPH_URL and META_GRAPH_VERSION, as for the Conversions API;
 * - META_ADS_DAYS (default 7): how many recent days each run reads again
 *   (Meta revises a day's spend for a while after it);
 * - META_ADS_TAKA_PER_UNIT (default 1): taka per unit of the ad account's
 *   currency (an account billed in USD: the rate the merchant pays).
 */
/** The error types of a read Meta refused (422) or did not answer (502): src/api/utils/shop-errors.ts. */
export const META_REFUSED = "meta_refused"
export const META_UNAVAILABLE = "meta_unavailable"

export type AdsInsightsSettings = {
  graphUrl: string
  version: string
  accountId: string
  token: string
  days: number
  takaPerUnit: number
  timeoutMs: number
}

const value = (env: NodeJS.ProcessEnv, name: string) => env[name]?.trim() ?? ""

export function adsInsightsSettings(env: NodeJS.ProcessEnv = process.env): AdsInsightsSettings | null {
  const accountId = value(env, "META_AD_ACCOUNT_ID").replace(/^act_/, "")
  const token = value(env, "META_ADS_TOKEN")
  if (!/^\d{1,30}$/.test(accountId) || !token) return null
  const version = value(env, "META_GRAPH_VERSION") || "v21.0"
  const days = Number(value(env, "META_ADS_DAYS") || 7)
  const rate = Number(value(env, "META_ADS_TAKA_PER_UNIT") || 1)
  const timeout = Number(value(env, "META_TIMEOUT_MS") || 10_000)
  return {
    graphUrl: (value(env, "META_GRAPH_URL") || "https://graph.facebook.com").replace(/\/+$/, ""),
    version: version.startsWith("v") ? version : `v${version}`,
    accountId,
    token,
    days: Number.isInteger(days) && days >= 1 && days <= 90 ? days : 7,
    takaPerUnit: Number.isFinite(rate) && rate > 0 ? rate : 1,
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : 10_000,
  }
}

/** Why a read stopped: Meta's rate limit (wait), another trouble worth a retry, or a refusal (fix the set-up). */
export type InsightsFailure = { kind: "rate_limited" | "retry" | "refused"; reason: string; waitMinutes?: number }
export type InsightsRead =
  { ok: true; rows: AdSpendRow[]; pages: number } | ({ ok: false; pages: number } & InsightsFailure)

/** Meta's error codes for its rate limits (API, app, account, ads insights business use case). */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80000, 80003, 80004, 80014])
const MAX_PAGES = 200
const PAGE_SIZE = 500
const MAX_ANSWER_BYTES = 4 * 1024 * 1024

const redact = (text: string, token: string) =>
  text
    .replace(/(access_token=)[^&\s"']+/gi, "$1[redacted]")
    .split(token)
    .join("[redacted]")
    .slice(0, 500)

/** Minutes until Meta lets the account ask again, from its usage header (0 when it says nothing). */
function regainMinutes(headers: Headers): number {
  const usage = headers.get("x-business-use-case-usage") ?? headers.get("x-ad-account-usage") ?? ""
  const minutes = [...usage.matchAll(/"estimated_time_to_regain_access"\s*:\s*(\d+)/g)].map((m) => Number(m[1]))
  return minutes.length ? Math.max(...minutes) : 0
}

/** Spend as Meta writes it ("5339.5", the account's currency) in paisa, or null when it is not a number. */
function spendPaisa(text: unknown, takaPerUnit: number): number | null {
  const n = typeof text === "string" || typeof text === "number" ? Number(text) : Number.NaN
  return Number.isFinite(n) && n >= 0 ? Math.round(n * takaPerUnit * 100) : null
}

const ID = /^[A-Za-z0-9_.-]{1,64}$/
const DAY = /^\d{4}-\d{2}-\d{2}$/

/** Reads every ad's spend per day from `since` to `until` (YYYY-MM-DD, both included), page after page. */
export async function readAdInsights(
  settings: AdsInsightsSettings,
  since: string,
  until: string,
  fetcher: typeof fetch = fetch
): Promise<InsightsRead> {
  const rows: AdSpendRow[] = []
  let after: string | null = null
  for (let page = 1; page <= MAX_PAGES; page++) {
    const params = new URLSearchParams({
      level: "ad",
      fields: "ad_id,adset_id,campaign_id,spend,impressions,clicks",
      time_increment: "1",
      time_range: JSON.stringify({ since, until }),
      limit: String(PAGE_SIZE),
      access_token: settings.token,
    })
    if (after) params.set("after", after)
    const url = `${settings.graphUrl}/${encodeURIComponent(settings.version)}/act_${settings.accountId}/insights?${params}`
    let response: Response
    try {
      response = await fetcher(url, {
        headers: { Accept: "application/json" },
        signal: AbortSignal.timeout(settings.timeoutMs),
        redirect: "error",
      })
    } catch (error) {
      return {
        ok: false,
        pages: page - 1,
        kind: "retry",
        reason: redact(`Meta did not answer: ${String(error)}`, settings.token),
      }
    }
    const text = await response.text()
    if (text.length > MAX_ANSWER_BYTES) {
      return { ok: false, pages: page, kind: "retry", reason: "Meta's answer was larger than the shop reads" }
    }
    let body: {
      data?: unknown
      paging?: { cursors?: { after?: unknown }; next?: unknown }
      error?: Record<string, unknown>
    }
    try {
      body = JSON.parse(text)
    } catch {
      return {
        ok: false,
        pages: page,
        kind: "retry",
        reason: `Meta answered ${response.status} with something that is not JSON`,
      }
    }
    if (!response.ok || body.error) {
      const code = Number(body.error?.code)
      const words = redact(String(body.error?.message ?? `HTTP ${response.status}`), settings.token)
      if (response.status === 429 || RATE_LIMIT_CODES.has(code)) {
        return {
          ok: false,
          pages: page,
          kind: "rate_limited",
          reason: `Meta's rate limit: ${words}`,
          waitMinutes: regainMinutes(response.headers),
        }
      }
      const transient = body.error?.is_transient === true || response.status >= 500 || code === 1 || code === 2
      return {
        ok: false,
        pages: page,
        kind: transient ? "retry" : "refused",
        reason: `${words}${Number.isFinite(code) ? ` (code ${code})` : ""}`,
      }
    }
    for (const item of Array.isArray(body.data) ? (body.data as Record<string, unknown>[]) : []) {
      const adId = String(item.ad_id ?? "")
      const day = String(item.date_start ?? "")
      const spend = spendPaisa(item.spend, settings.takaPerUnit)
      if (!ID.test(adId) || !DAY.test(day) || spend == null) continue
      const id = (v: unknown) => (typeof v === "string" && ID.test(v) ? v : null)
      rows.push({
        day,
        ad_id: adId,
        adset_id: id(item.adset_id),
        campaign_id: id(item.campaign_id),
        spend,
        impressions: Math.max(0, Math.round(Number(item.impressions) || 0)),
        clicks: Math.max(0, Math.round(Number(item.clicks) || 0)),
      })
    }
    const cursor = body.paging?.cursors?.after
    if (!body.paging?.next || typeof cursor !== "string" || !cursor) return { ok: true, rows, pages: page }
    after = cursor
  }
  return {
    ok: false,
    pages: MAX_PAGES,
    kind: "retry",
    reason: `More than ${MAX_PAGES} pages of insights: read fewer days`,
  }
}
