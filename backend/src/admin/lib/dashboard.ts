import type { DashboardFigures } from "@shop/contract"
/**
 * The dashboard's period filter (SPEC.md section 2.12): the ids the
 * dashboard route takes and the labels of the buttons and the badge.
 */
export const DASHBOARD_PERIODS = [
  { id: "today", label: "Today" },
  { id: "month", label: "This Month" },
  { id: "year", label: "This Year" },
  { id: "all", label: "All Time" },
] as const

export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number]["id"]

export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = "all"

export function isDashboardPeriod(value: unknown): value is DashboardPeriod {
  return DASHBOARD_PERIODS.some((p) => p.id === value)
}

export function periodLabel(period: DashboardPeriod): string {
  return DASHBOARD_PERIODS.find((p) => p.id === period)?.label ?? "All Time"
}

/** The badge above the cards: "Showing: This Month Data". */
export function showingLabel(period: DashboardPeriod): string {
  return `Showing: ${periodLabel(period)} Data`
}

/** The line under Total Orders: today's count for All Time, else the period's. */
export function ordersCardHint(period: DashboardPeriod, todayOrders: number): string {
  return period === "all" ? `Today: ${todayOrders} orders` : "In selected period"
}

export type { DashboardRecentOrder } from "@shop/contract"
/** What GET /api/admin/dashboard answers in `data`. */
export type DashboardData = DashboardFigures
