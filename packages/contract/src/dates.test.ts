import { describe, expect, it } from "vitest"
import { formatDate, formatDateTime } from "./dates"

describe("dates", () => {
  it("formats in Dhaka time", () => {
    expect(formatDate("2026-11-22T20:05:00Z")).toBe("23 Nov 2026")
    expect(formatDateTime("2026-11-22T09:05:00Z")).toBe("22 Nov 2026, 3:05 PM")
  })

  it("shows a dash for missing or invalid dates", () => {
    expect(formatDate(undefined)).toBe("—")
    expect(formatDate("")).toBe("—")
    expect(formatDateTime("not a date")).toBe("—")
  })
})
