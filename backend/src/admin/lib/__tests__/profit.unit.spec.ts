import type { ProfitFigures } from "@shop/contract"
import { profitExportUrl, profitParts, profitPresets, returnRateLabel } from "../profit"

const figures = (over: Partial<ProfitFigures> = {}): ProfitFigures => ({
  orders: 3,
  counted: 2,
  delivered: 1,
  returned: 1,
  returnRate: 0.5,
  revenue: 2620,
  cashReceived: 1310,
  goodsCost: 700,
  deliveryFee: 140,
  codCharge: 13.1,
  returnFee: 0,
  packaging: 30,
  adSpend: 200,
  profit: 226.9,
  missingCosts: 0,
  ...over,
})

describe("profitParts", () => {
  it("lists cash in, each cost that is not zero, and the profit they make", () => {
    const parts = profitParts(figures())
    expect(parts.map((p) => [p.sign, p.label])).toEqual([
      ["+", "Cash received"],
      ["-", "Goods (cost price of what was kept)"],
      ["-", "Courier fees"],
      ["-", "COD charge"],
      ["-", "Packaging"],
      ["-", "Ad spend"],
      ["=", "Profit"],
    ])
    // 1310 - 700 - 140 - 13.10 - 30 - 200
    expect(parts.at(-1)!.amount).toBe(226.9)
  })
})

describe("returnRateLabel", () => {
  it("says a rate in percent with one decimal, and — with nothing ended", () => {
    expect([returnRateLabel(0.125), returnRateLabel(1 / 3), returnRateLabel(0), returnRateLabel(null)]).toEqual([
      "12.5%",
      "33.3%",
      "0%",
      "—",
    ])
  })
})

describe("profitPresets", () => {
  it("counts days in Dhaka: 1 March 01:00 there is still February in UTC", () => {
    const now = new Date("2026-02-28T19:00:00Z")
    const byId = Object.fromEntries(profitPresets(now).map((p) => [p.id, p.period]))
    expect(byId.month).toEqual({ from: "2026-03-01", to: "2026-03-01" })
    expect(byId["last-month"]).toEqual({ from: "2026-02-01", to: "2026-02-28" })
    expect(byId["7"]).toEqual({ from: "2026-02-23", to: "2026-03-01" })
  })
  it("last month across a year", () => {
    const byId = Object.fromEntries(profitPresets(new Date("2026-01-15T06:00:00Z")).map((p) => [p.id, p.period]))
    expect(byId["last-month"]).toEqual({ from: "2025-12-01", to: "2025-12-31" })
  })
})

describe("profitExportUrl", () => {
  it("asks the export for the period", () => {
    expect(profitExportUrl({ from: "2026-11-01", to: "2026-11-29" })).toBe(
      "/api/admin/profit/export?from=2026-11-01&to=2026-11-29"
    )
  })
})
