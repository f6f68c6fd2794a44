import { shopDay } from "@shop/contract"

/** The last `days` days up to today in the shop's time zone, as Ads Insights' time_range. */
export function adSpendDays(days: number, now: Date): { since: string; until: string } {
  return { since: shopDay(new Date(now.getTime() - (days - 1) * 86_400_000)), until: shopDay(now) }
}
