/**
 * Dates as the merchant reads them: in the shop's time zone (the dashboard's
 * "today" starts at midnight in Dhaka), day-month-year, 12-hour clock.
 */
export const SHOP_TIME_ZONE = "Asia/Dhaka"

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: SHOP_TIME_ZONE,
  day: "numeric",
  month: "short",
  year: "numeric",
})
const timeFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: SHOP_TIME_ZONE,
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
})
const shortTimeFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: SHOP_TIME_ZONE,
  hour: "numeric",
  minute: "2-digit",
})

function parse(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** "22 Nov 2026", or "—" for a missing or broken date. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = parse(value)
  return date ? dateFormat.format(date) : "—"
}

/** "3:05:09 PM" (the dashboard's "Last updated"). */
export function formatTime(value: string | number | Date | null | undefined): string {
  const date = parse(value)
  return date ? timeFormat.format(date) : "—"
}

/** "22 Nov 2026, 3:05 PM". */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = parse(value)
  return date ? `${dateFormat.format(date)}, ${shortTimeFormat.format(date)}` : "—"
}
