import { PROFIT_GROUPS, shopDay, type ProfitFigures, type ProfitGroup, type ProfitStage } from "@shop/contract"

export const PROFIT_GROUP_LABELS: Record<ProfitGroup, string> = {
  landing: "Landing pages",
  campaign: "Campaigns",
  ad: "Ads",
  product: "Products",
  district: "Districts",
  courier: "Couriers",
}
export const PROFIT_GROUP_TABS = PROFIT_GROUPS.map((group) => ({ group, label: PROFIT_GROUP_LABELS[group] }))

export const PROFIT_STAGE_LABELS: Record<ProfitStage, string> = {
  placed: "Placed",
  confirmed: "Confirmed",
  sent: "Sent",
  delivered: "Delivered",
  settled: "Settled",
}

/** One line of how a profit figure is made: cash in, each cost out, the profit. */
export type ProfitPart = { label: string; amount: number; sign: "+" | "-" | "=" }

/**
 * How a profit is made, line by line: the cash received, less each cost that
 * is not zero (the goods, the courier's fees both ways, its COD charge, the
 * packaging, the ads), equal to the profit. The lines add up to it.
 */
export function profitParts(figures: ProfitFigures): ProfitPart[] {
  const costs: [string, number][] = [
    ["Goods (cost price of what was kept)", figures.goodsCost],
    ["Courier fees", figures.deliveryFee],
    ["COD charge", figures.codCharge],
    ["Return fees", figures.returnFee],
    ["Packaging", figures.packaging],
    ["Ad spend", figures.adSpend],
  ]
  return [
    { label: "Cash received", amount: figures.cashReceived, sign: "+" },
    ...costs.filter(([, amount]) => amount !== 0).map(([label, amount]) => ({ label, amount, sign: "-" as const })),
    { label: "Profit", amount: figures.profit, sign: "=" },
  ]
}

/** A return rate as people say it ("12.5%"), or "—" with nothing delivered or returned. */
export function returnRateLabel(rate: number | null): string {
  if (rate == null) return "—"
  const percent = Math.round(rate * 1000) / 10
  return `${percent}%`
}

export type ProfitPeriod = { from: string; to: string }

/** The periods a merchant asks for most, by the shop's days (Dhaka). */
export function profitPresets(now: Date): { id: string; label: string; period: ProfitPeriod }[] {
  const today = shopDay(now)
  const daysAgo = (n: number) => shopDay(new Date(now.getTime() - n * 86_400_000))
  const firstOfMonth = `${today.slice(0, 8)}01`
  const lastMonthEnd = shopDay(new Date(Date.parse(`${firstOfMonth}T06:00:00Z`) - 86_400_000))
  return [
    { id: "month", label: "This month", period: { from: firstOfMonth, to: today } },
    { id: "last-month", label: "Last month", period: { from: `${lastMonthEnd.slice(0, 8)}01`, to: lastMonthEnd } },
    { id: "7", label: "Last 7 days", period: { from: daysAgo(6), to: today } },
    { id: "30", label: "Last 30 days", period: { from: daysAgo(29), to: today } },
  ]
}

/** The export's address for a period (a plain link: the session cookie goes with it). */
export function profitExportUrl(period: ProfitPeriod): string {
  return `/api/admin/profit/export?${new URLSearchParams(period)}`
}
