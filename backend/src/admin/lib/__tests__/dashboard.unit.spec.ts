import { formatDate, formatDateTime, formatTime } from "@shop/contract"
import {
  DASHBOARD_PERIODS,
  DEFAULT_DASHBOARD_PERIOD,
  isDashboardPeriod,
  ordersCardHint,
  periodLabel,
  showingLabel,
} from "../dashboard"

describe("dashboard periods", () => {
  it("offers Today, This Month, This Year and All Time, in that order, All Time by default", () => {
    expect(DASHBOARD_PERIODS.map((p) => p.label)).toEqual(["Today", "This Month", "This Year", "All Time"])
    expect(DASHBOARD_PERIODS.map((p) => p.id)).toEqual(["today", "month", "year", "all"])
    expect(DEFAULT_DASHBOARD_PERIOD).toBe("all")
  })

  it("names the period in the 'Showing: ... Data' badge", () => {
    expect(showingLabel("all")).toBe("Showing: All Time Data")
    expect(showingLabel("today")).toBe("Showing: Today Data")
    expect(showingLabel("month")).toBe("Showing: This Month Data")
    expect(periodLabel("year")).toBe("This Year")
  })

  it("shows today's orders under Total Orders only for All Time", () => {
    expect(ordersCardHint("all", 3)).toBe("Today: 3 orders")
    expect(ordersCardHint("all", 0)).toBe("Today: 0 orders")
    expect(ordersCardHint("month", 3)).toBe("In selected period")
    expect(ordersCardHint("today", 3)).toBe("In selected period")
  })

  it("knows its period ids", () => {
    expect(isDashboardPeriod("month")).toBe(true)
    expect(isDashboardPeriod("week")).toBe(false)
    expect(isDashboardPeriod(undefined)).toBe(false)
  })
})

describe("dates in the shop's time zone", () => {
  // 2026-11-22 18:30 UTC is 2026-11-23 00:30 in Dhaka (UTC+6)
  const instant = "2026-11-22T18:30:05.000Z"

  it("prints the Dhaka calendar day and clock", () => {
    expect(formatDate(instant)).toBe("23 Nov 2026")
    expect(formatTime(instant)).toBe("12:30:05 AM")
    expect(formatDateTime(instant)).toBe("23 Nov 2026, 12:30 AM")
  })

  it("prints a dash for missing or broken dates", () => {
    expect(formatDate(null)).toBe("—")
    expect(formatTime("not a date")).toBe("—")
    expect(formatDateTime("")).toBe("—")
  })
})
