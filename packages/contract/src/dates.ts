import { SHOP_TIME_ZONE } from "./time"

/**
 * Dates as the shop shows them, in Dhaka time whatever the device's zone:
 * "22 Nov 2026", "3:05:09 PM", "22 Nov 2026, 3:05 PM"; "—" for a missing or
 * broken date.
 */
type DateInput = string | number | Date | null | undefined

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

function parse(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

export function formatDate(value: DateInput): string {
  const date = parse(value)
  return date ? dateFormat.format(date) : "—"
}

export function formatTime(value: DateInput): string {
  const date = parse(value)
  return date ? timeFormat.format(date) : "—"
}

export function formatDateTime(value: DateInput): string {
  const date = parse(value)
  return date ? `${dateFormat.format(date)}, ${shortTimeFormat.format(date)}` : "—"
}
