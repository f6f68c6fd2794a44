import type { DataAnswer } from "./answer"
import type { CourierOutcome, CourierProvider } from "./courier"
import type { DeliveryArea } from "./delivery"
import type { OrderStatus } from "./orders"
import { SHOP_TIME_ZONE } from "./time"

/**
 * True profit: what an order earned on the cash actually received, less what
 * the goods cost when it was placed, the courier's fee both ways, its COD
 * charge and the packaging; and, per landing page, ad and campaign, the ad
 * money spent. The backend keeps one row of these parts per order (refreshed
 * whenever the order, its parcel or its payment changes) and sums them in
 * SQL; the admin's Profit screen and the CSV read them. Inside, money is in
 * paisa (whole numbers: a 1% COD charge on ৳1,250 is ৳12.50); answers carry
 * taka with two decimals.
 */

// ---------------------------------------------------------------- settings

/** What a courier charges when its own answers give no figure. */
export type CourierCostRule = {
  /** its fee for one parcel inside Dhaka city, taka */
  dhakaFee: number
  /** its fee for one parcel outside Dhaka city, taka */
  outsideFee: number
  /** the share of the cash it collects that it keeps, percent */
  codPercent: number
  /** a parcel that comes back costs its fee again at this percent (100: the whole fee back) */
  returnPercent: number
}

export type ProfitSettings = {
  /** packaging and printing for every parcel sent, taka */
  packagingCost: number
  couriers: Record<CourierProvider, CourierCostRule>
}

/**
 * Bangladesh's usual rates for a parcel up to 1 kg (Steadfast's and Pathao's
 * public price lists: ৳60 inside Dhaka, ৳120 outside, 1% of the cash), a
 * returned parcel charged its fee again. A merchant with other rates changes
 * them on the Profit screen; a courier's own figure always wins.
 */
export const DEFAULT_PROFIT_SETTINGS: ProfitSettings = {
  packagingCost: 0,
  couriers: {
    steadfast: { dhakaFee: 60, outsideFee: 120, codPercent: 1, returnPercent: 100 },
    pathao: { dhakaFee: 60, outsideFee: 120, codPercent: 1, returnPercent: 100 },
    manual: { dhakaFee: 60, outsideFee: 120, codPercent: 0, returnPercent: 100 },
  },
}

/** The highest fee or cost the settings and a product's cost accept, taka. */
export const MAX_COST = 10_000_000

const isAmount = (value: unknown, max = MAX_COST): value is number =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= max

/** Why these settings cannot be saved, or null. Every figure is a number from 0 (percentages up to 100). */
export function profitSettingsProblem(value: unknown): string | null {
  if (!value || typeof value !== "object") return "Send the profit settings as an object"
  const settings = value as Partial<ProfitSettings>
  if (!isAmount(settings.packagingCost)) return `packagingCost must be a number from 0 to ${MAX_COST}`
  const couriers = settings.couriers as Record<string, Partial<CourierCostRule>> | undefined
  if (!couriers || typeof couriers !== "object") return "couriers must give each courier's rates"
  for (const provider of Object.keys(DEFAULT_PROFIT_SETTINGS.couriers)) {
    const rule = couriers[provider]
    if (!rule || typeof rule !== "object") return `couriers.${provider} is missing`
    for (const key of ["dhakaFee", "outsideFee"] as const)
      if (!isAmount(rule[key])) return `couriers.${provider}.${key} must be a number from 0 to ${MAX_COST}`
    for (const key of ["codPercent", "returnPercent"] as const)
      if (!isAmount(rule[key], 100)) return `couriers.${provider}.${key} must be a percent from 0 to 100`
  }
  const unknown = Object.keys(couriers).find((k) => !(k in DEFAULT_PROFIT_SETTINGS.couriers))
  return unknown ? `couriers.${unknown} is not a courier` : null
}

/** Whether a product cost as sent can be saved: taka from 0, at most two decimals. */
export function isCostPrice(value: unknown): value is number {
  return isAmount(value) && Math.round(value * 100) === value * 100
}

// ---------------------------------------------------------------- attribution

/** The ad an order came from, as the ad's URL parameters named it. */
export type AdAttribution = { campaignId: string | null; adsetId: string | null; adId: string | null }

/**
 * The URL parameters Meta fills in from an ad's own ids (the merchant writes
 * `utm_campaign={{campaign.id}}&utm_term={{adset.id}}&utm_content={{ad.id}}`
 * in the ad's URL parameters): the same ids Ads Insights reports spend under.
 */
export const AD_URL_PARAMETERS = { campaignId: "utm_campaign", adsetId: "utm_term", adId: "utm_content" } as const

/** An id as a URL parameter may carry it: 1 to 64 of A-Z a-z 0-9 _ . - (Meta's ids are digits). */
const AD_ID = /^[A-Za-z0-9_.-]{1,64}$/

/** The campaign, ad set and ad in a landing page's address; what is missing or malformed is null, never a reason to refuse. */
export function adAttributionOf(url: string | null | undefined): AdAttribution {
  const none: AdAttribution = { campaignId: null, adsetId: null, adId: null }
  if (!url) return none
  let params: URLSearchParams
  try {
    params = new URL(url).searchParams
  } catch {
    return none
  }
  const read = (name: string) => {
    const value = params.get(name)?.trim() ?? ""
    return AD_ID.test(value) ? value : null
  }
  return {
    campaignId: read(AD_URL_PARAMETERS.campaignId),
    adsetId: read(AD_URL_PARAMETERS.adsetId),
    adId: read(AD_URL_PARAMETERS.adId),
  }
}

// ---------------------------------------------------------------- one order's arithmetic

/** How far an order went: placed, confirmed (by the guard or its call), sent with a courier, delivered, settled (the courier paid the cash out, or nothing was left to collect). */
export const PROFIT_STAGES = ["placed", "confirmed", "sent", "delivered", "settled"] as const
export type ProfitStage = (typeof PROFIT_STAGES)[number]

/**
 * How an order ended, for the figures: still open, delivered (in full or in
 * part), returned by the courier, cancelled before it was sent, or found
 * fake by the call.
 */
export const PROFIT_ENDS = ["open", "delivered", "partial", "returned", "cancelled", "fake"] as const
export type ProfitEnd = (typeof PROFIT_ENDS)[number]

/** An order's profit counts once its end is known: delivered (in full or in part) or returned. */
export const COUNTED_ENDS: readonly ProfitEnd[] = ["delivered", "partial", "returned"]

/** One line of the order, as it was priced; `unitCost` is the product's cost when the order was placed (null: none was set). */
export type ProfitLineFacts = {
  productId: string | null
  title: string
  quantity: number
  /** units the merchant got back (a return, a partial delivery) */
  returned: number
  /** taka */
  unitPrice: number
  unitCost: number | null
}

/** What the arithmetic needs to know about an order, taka. */
export type OrderProfitFacts = {
  status: OrderStatus
  /** waiting for the guard's call */
  held: boolean
  /** the call found it fake */
  fake: boolean
  area: DeliveryArea
  /** the order's total: its lines and the delivery charge the shopper pays */
  total: number
  /** what bKash received for it, less refunds */
  advancePaid: number
  lines: ProfitLineFacts[]
  parcel: {
    provider: CourierProvider
    outcome: CourierOutcome
    /** what the courier says it collected, null until it says */
    collected: number | null
    /** the courier's fee as it reported it, null until it does */
    fee: number | null
    /** what the courier paid out for this parcel (its cash less everything it kept), null until a payout lists it */
    settled: number | null
  } | null
  /** packaging for this order, taka (the setting when the order was placed) */
  packaging: number
}

/** One order's parts, in paisa. */
export type OrderProfitParts = {
  stage: ProfitStage
  end: ProfitEnd
  /** the order's total, what the shopper was asked for */
  revenue: number
  /** cash in the merchant's hands or on its way from the courier: bKash's and the courier's */
  cashReceived: number
  /** the cost of the units that stayed with the shopper */
  goodsCost: number
  deliveryFee: number
  codCharge: number
  returnFee: number
  packaging: number
  /** cash received less every cost: counted once the end is known (COUNTED_ENDS) */
  profit: number
  /** lines whose product had no cost set: their goods count as free, and the screen says so */
  missingCosts: number
  /** each line's share (by value) of the cash received and of the profit, its own goods cost */
  lines: {
    productId: string | null
    title: string
    quantity: number
    kept: number
    revenue: number
    cashReceived: number
    goodsCost: number
    profit: number
  }[]
}

const paisa = (taka: number) => Math.round(taka * 100)

/**
 * One order's profit, by these rules:
 * - cash received: what bKash took, plus what the courier collected (its own
 *   figure, else the rest of the total once the parcel is delivered in full);
 * - goods: the cost of the units that stayed with the shopper (returned
 *   units are back in stock and cost nothing);
 * - a parcel sent costs its courier fee (the courier's figure, else the
 *   rule by area) and the packaging; its COD charge is the rule's percent of
 *   the cash the courier collected; a parcel that comes back (returned, or
 *   the rest of a partial delivery) costs its fee again at the return
 *   percent;
 * - once the courier's payout lists the parcel, its word settles the costs:
 *   what it kept (the cash it collected less what it paid out) is its fee
 *   (as it stated it) and, beyond the fee, its COD charge; no return fee is
 *   added to a payout's fee for a parcel that came back;
 * - cancelled before sending, fake or not yet sent: nothing spent, nothing
 *   earned.
 * Line profit shares the order's other costs and cash by the lines' value.
 */
export function orderProfit(facts: OrderProfitFacts, rules: ProfitSettings): OrderProfitParts {
  const parcel = facts.parcel
  const outcome = parcel?.outcome ?? "open"
  const deliveredByStatus = facts.status === "delivered" || facts.status === "completed"
  const end: ProfitEnd = facts.fake
    ? "fake"
    : outcome === "returned"
      ? "returned"
      : outcome === "partial"
        ? "partial"
        : outcome === "delivered" || deliveredByStatus
          ? "delivered"
          : facts.status === "cancelled"
            ? "cancelled"
            : "open"
  const sent = !!parcel && end !== "fake"
  const delivered = end === "delivered" || end === "partial"
  const advance = paisa(facts.advancePaid)
  const revenue = paisa(facts.total)
  const collected =
    parcel?.collected != null ? paisa(parcel.collected) : end === "delivered" ? Math.max(0, revenue - advance) : 0
  const cashReceived = end === "fake" || end === "cancelled" ? advance : advance + (delivered ? collected : 0)
  const rule = parcel ? rules.couriers[parcel.provider] : null
  const fee =
    parcel?.fee != null ? paisa(parcel.fee) : rule ? paisa(facts.area === "dhaka" ? rule.dhakaFee : rule.outsideFee) : 0
  // a parcel that went out (with a courier, or delivered by the shop's own hand) was packed
  const counts = (sent || delivered) && end !== "cancelled"
  const comesBack = sent && (end === "returned" || end === "partial")
  // a payout is the courier's last word: what it kept is the cash it collected less what it paid out
  const settledPaisa = parcel?.settled != null && counts ? paisa(parcel.settled) : null
  const kept = settledPaisa == null ? 0 : (delivered ? collected : 0) - settledPaisa
  const deliveryFee = !sent || !counts ? 0 : settledPaisa != null && parcel?.fee == null ? Math.max(0, kept) : fee
  const codCharge =
    settledPaisa != null
      ? Math.max(0, kept - deliveryFee)
      : sent && delivered && rule
        ? Math.round((collected * rule.codPercent) / 100)
        : 0
  const returnFee = comesBack && settledPaisa == null && rule ? Math.round((fee * rule.returnPercent) / 100) : 0
  const packaging = counts ? paisa(facts.packaging) : 0

  const lines = facts.lines.map((line) => {
    const kept = end === "returned" || !delivered ? 0 : Math.max(0, line.quantity - line.returned)
    return {
      productId: line.productId,
      title: line.title,
      quantity: line.quantity,
      kept,
      revenue: paisa(line.unitPrice) * line.quantity,
      goodsCost: line.unitCost == null ? 0 : paisa(line.unitCost) * kept,
      cashReceived: 0,
      profit: 0,
    }
  })
  const goodsCost = lines.reduce((sum, line) => sum + line.goodsCost, 0)
  const counted = COUNTED_ENDS.includes(end)
  const profit = counted ? cashReceived - goodsCost - deliveryFee - codCharge - returnFee - packaging : 0
  // each line: its share (by value) of the cash and of the order's profit before goods, less its own goods
  const value = lines.reduce((sum, line) => sum + line.revenue, 0)
  const shares = (amount: number) => {
    let given = 0
    return lines.map((line, i) => {
      const share =
        i === lines.length - 1
          ? amount - given
          : value > 0
            ? Math.round((amount * line.revenue) / value)
            : Math.round(amount / lines.length)
      given += share
      return share
    })
  }
  if (counted) {
    const cash = shares(cashReceived)
    const beforeGoods = shares(profit + goodsCost)
    lines.forEach((line, i) => {
      line.cashReceived = cash[i] ?? 0
      line.profit = (beforeGoods[i] ?? 0) - line.goodsCost
    })
  }
  // the cash is the merchant's: paid out by the courier, handed over by the shop's own hand, or none to collect
  const settled = delivered && (!parcel || settledPaisa != null || collected === 0)
  const stage: ProfitStage = settled
    ? "settled"
    : delivered
      ? "delivered"
      : sent
        ? "sent"
        : !facts.held && !facts.fake && end !== "cancelled"
          ? "confirmed"
          : "placed"
  return {
    stage,
    end,
    revenue,
    cashReceived,
    goodsCost,
    deliveryFee,
    codCharge,
    returnFee,
    packaging,
    profit,
    missingCosts: facts.lines.filter((line) => line.unitCost == null).length,
    lines,
  }
}

// ---------------------------------------------------------------- the Profit screen

/** The ways the Profit screen groups orders. */
export const PROFIT_GROUPS = ["landing", "campaign", "ad", "product", "district", "courier"] as const
export type ProfitGroup = (typeof PROFIT_GROUPS)[number]

export function isProfitGroup(value: unknown): value is ProfitGroup {
  return (PROFIT_GROUPS as readonly unknown[]).includes(value)
}

/** The most days one Profit screen or export covers. */
export const MAX_PROFIT_DAYS = 366

/** A day as the shop lives it (Asia/Dhaka), YYYY-MM-DD. */
export function shopDay(at: Date): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: SHOP_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at)
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
const isDay = (value: string) => DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
const dayNumber = (value: string) => Date.parse(`${value}T00:00:00Z`) / 86_400_000

/** `?from=&to=` of the Profit screen and its export: days in the shop's time zone, both included. */
export type ProfitPeriodQuery = { from?: string; to?: string }

/**
 * The period asked for, or why it cannot be read. Left out: from the first
 * of this month to today (Dhaka); `to` alone: its month's first day to it;
 * `from` alone: to today.
 */
export function profitPeriod(query: ProfitPeriodQuery, now: Date): { from: string; to: string } | { problem: string } {
  const today = shopDay(now)
  const to = query.to || today
  const from = query.from || `${to.slice(0, 8)}01`
  if (!isDay(from)) return { problem: "from must be a day written YYYY-MM-DD" }
  if (!isDay(to)) return { problem: "to must be a day written YYYY-MM-DD" }
  if (from > to) return { problem: "from must not be after to" }
  if (dayNumber(to) - dayNumber(from) + 1 > MAX_PROFIT_DAYS)
    return { problem: `A period may cover at most ${MAX_PROFIT_DAYS} days` }
  return { from, to }
}

/** Summed parts of some orders, taka with two decimals. */
export type ProfitFigures = {
  orders: number
  /** of them, ended (delivered, partly delivered or returned): the ones profit counts */
  counted: number
  delivered: number
  returned: number
  /** returned / (delivered + returned), 0 to 1; null with neither */
  returnRate: number | null
  revenue: number
  cashReceived: number
  goodsCost: number
  deliveryFee: number
  codCharge: number
  returnFee: number
  packaging: number
  /** ad spend over the period (for an ad, campaign or landing page; 0 where ads are not told apart) */
  adSpend: number
  /** cash received less every cost and the ad spend */
  profit: number
  /** lines sold with no cost price set */
  missingCosts: number
}

export type ProfitFunnelStep = { stage: ProfitStage; orders: number; amount: number }

export type ProfitRow = ProfitFigures & {
  /** the landing page's slug, the campaign's or ad's id, the product's id, the district's or courier's name; "" for none */
  key: string
  /** what the screen shows: a page's title, a product's title, "Unknown district"... */
  label: string
}

/** GET /api/admin/profit?from=&to= (days in Dhaka, inclusive): the funnel, the whole period's figures and every group's rows. */
export type ProfitReport = {
  from: string
  to: string
  generatedAt: string
  funnel: ProfitFunnelStep[]
  total: ProfitFigures
  /** ad spend in the period that no order's ad matched */
  unattributedSpend: number
  groups: Record<ProfitGroup, ProfitRow[]>
}
export type ProfitAnswer = DataAnswer<ProfitReport>

/** GET and PUT /api/admin/profit/settings. */
export type ProfitSettingsAnswer = DataAnswer<ProfitSettings>

/** A product's cost price from a moment on (the newest before an order is the one it keeps). */
export type ProductCostEntry = { cost: number; from: string; by: string | null }
/** GET /api/admin/profit/costs/{productId} and PUT with `{ cost }`: the history, newest first. */
export type ProductCostAnswer = DataAnswer<{ productId: string; current: number | null; history: ProductCostEntry[] }>

/** POST /api/admin/profit/ad-spend: how many ad-days Meta's insights gave, over how many pages. */
export type AdSpendSyncAnswer = DataAnswer<{ days: number; pages: number }> & { message: string }
