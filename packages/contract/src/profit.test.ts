import { describe, expect, it } from "vitest"
import { districtOf } from "./delivery-area"
import {
  adAttributionOf,
  DEFAULT_PROFIT_SETTINGS,
  isCostPrice,
  orderProfit,
  profitPeriod,
  profitSettingsProblem,
  type OrderProfitFacts,
  type ProfitSettings,
} from "./profit"

// every figure below is worked out by hand from these rates, not by the code
const RULES: ProfitSettings = {
  packagingCost: 15,
  couriers: {
    steadfast: { dhakaFee: 70, outsideFee: 130, codPercent: 1, returnPercent: 50 },
    pathao: { dhakaFee: 60, outsideFee: 110, codPercent: 1, returnPercent: 100 },
    manual: { dhakaFee: 80, outsideFee: 150, codPercent: 0, returnPercent: 100 },
  },
}

/** Two shirts at ৳500 (cost ৳300) and a cap at ৳250 (cost ৳100), ৳60 delivery: total ৳1,310. */
const order = (overrides: Partial<OrderProfitFacts> = {}): OrderProfitFacts => ({
  status: "shipped",
  held: false,
  fake: false,
  area: "dhaka",
  total: 1310,
  advancePaid: 0,
  packaging: 15,
  lines: [
    { productId: "shirt", title: "Shirt", quantity: 2, returned: 0, unitPrice: 500, unitCost: 300 },
    { productId: "cap", title: "Cap", quantity: 1, returned: 0, unitPrice: 250, unitCost: 100 },
  ],
  parcel: { provider: "steadfast", outcome: "open", collected: null, fee: null, settled: null },
  ...overrides,
})

describe("orderProfit", () => {
  it("delivered in full by Steadfast, its fee by the rule: 1310 - 700 goods - 70 fee - 13.10 COD - 15 packing", () => {
    const parts = orderProfit(
      order({
        status: "delivered",
        parcel: { provider: "steadfast", outcome: "delivered", collected: null, fee: null, settled: null },
      }),
      RULES
    )
    expect(parts.end).toBe("delivered")
    expect(parts.stage).toBe("delivered")
    expect(parts.cashReceived).toBe(131_000)
    expect(parts.goodsCost).toBe(70_000)
    expect(parts.deliveryFee).toBe(7_000)
    expect(parts.codCharge).toBe(1_310)
    expect(parts.returnFee).toBe(0)
    expect(parts.packaging).toBe(1_500)
    // 131000 - 70000 - 7000 - 1310 - 1500
    expect(parts.profit).toBe(51_190)
    // lines share 121190 (profit before goods) by value 1000:250, less their goods
    expect(parts.lines.map((l) => l.profit)).toEqual([96_952 - 60_000, 24_238 - 10_000])
    expect(parts.lines.reduce((s, l) => s + l.profit, 0)).toBe(51_190)
    // and the cash by value: 131000 as 104800 and 26200
    expect(parts.lines.map((l) => l.cashReceived)).toEqual([104_800, 26_200])
  })

  it("the courier's own figures win over the rule, and a payout settles it", () => {
    const parts = orderProfit(
      order({
        status: "delivered",
        parcel: { provider: "pathao", outcome: "delivered", collected: 1310, fee: 65, settled: 1230 },
      }),
      RULES
    )
    expect(parts.stage).toBe("settled")
    expect(parts.deliveryFee).toBe(6_500)
    // it kept 1310 - 1230 = 80: 65 its fee, 15 its COD charge (not the rule's 13.10)
    expect(parts.codCharge).toBe(1_500)
    expect(parts.profit).toBe(123_000 - 70_000 - 1_500)
  })

  it("a payout for a returned parcel states the whole charge: no return fee on top (Steadfast's ৳30 return)", () => {
    const parts = orderProfit(
      order({
        status: "cancelled",
        parcel: { provider: "steadfast", outcome: "returned", collected: 0, fee: 30, settled: -30 },
      }),
      RULES
    )
    expect([parts.deliveryFee, parts.returnFee, parts.codCharge]).toEqual([3_000, 0, 0])
    expect(parts.profit).toBe(-3_000 - 1_500)
  })

  it("a payout without a stated fee: everything the courier kept is its fee", () => {
    const parts = orderProfit(
      order({
        status: "delivered",
        parcel: { provider: "steadfast", outcome: "delivered", collected: 1310, fee: null, settled: 1237 },
      }),
      RULES
    )
    expect([parts.deliveryFee, parts.codCharge]).toEqual([7_300, 0])
  })

  it("returned: no cash, the goods back in stock, the fee both ways (Steadfast's half back) and the packing lost", () => {
    const parts = orderProfit(
      order({
        status: "cancelled",
        area: "outside",
        parcel: { provider: "steadfast", outcome: "returned", collected: 0, fee: null, settled: null },
      }),
      RULES
    )
    expect(parts.end).toBe("returned")
    expect(parts.stage).toBe("sent")
    expect(parts.cashReceived).toBe(0)
    expect(parts.goodsCost).toBe(0)
    expect(parts.deliveryFee).toBe(13_000)
    expect(parts.returnFee).toBe(6_500)
    expect(parts.codCharge).toBe(0)
    expect(parts.profit).toBe(-(13_000 + 6_500 + 1_500))
  })

  it("returned after the delivery charge was paid by bKash: the advance stays, the fees go", () => {
    const parts = orderProfit(
      order({
        status: "cancelled",
        advancePaid: 60,
        parcel: { provider: "pathao", outcome: "returned", collected: 0, fee: 60, settled: null },
      }),
      RULES
    )
    expect(parts.cashReceived).toBe(6_000)
    // 6000 - 6000 fee - 6000 back (100%) - 1500 packing
    expect(parts.profit).toBe(-7_500)
  })

  it("partly delivered: one shirt kept, the courier collected ৳810; the rest comes back at the return rate", () => {
    const parts = orderProfit(
      order({
        status: "delivered",
        lines: [
          { productId: "shirt", title: "Shirt", quantity: 2, returned: 1, unitPrice: 500, unitCost: 300 },
          { productId: "cap", title: "Cap", quantity: 1, returned: 1, unitPrice: 250, unitCost: 100 },
        ],
        parcel: { provider: "steadfast", outcome: "partial", collected: 810, fee: null, settled: null },
      }),
      RULES
    )
    expect(parts.end).toBe("partial")
    expect(parts.cashReceived).toBe(81_000)
    expect(parts.goodsCost).toBe(30_000)
    expect(parts.codCharge).toBe(810)
    expect(parts.returnFee).toBe(3_500)
    // 81000 - 30000 - 7000 - 810 - 3500 - 1500
    expect(parts.profit).toBe(38_190)
    expect(parts.lines.map((l) => l.kept)).toEqual([1, 0])
  })

  it("paid in full by bKash and delivered: nothing to collect, so no COD charge, and settled at once", () => {
    const parts = orderProfit(
      order({
        status: "delivered",
        advancePaid: 1310,
        parcel: { provider: "steadfast", outcome: "delivered", collected: null, fee: null, settled: null },
      }),
      RULES
    )
    expect(parts.cashReceived).toBe(131_000)
    expect(parts.codCharge).toBe(0)
    expect(parts.stage).toBe("settled")
    expect(parts.profit).toBe(131_000 - 70_000 - 7_000 - 1_500)
  })

  it("cancelled before sending and fake orders earn and cost nothing; the fake one keeps no advance as profit", () => {
    const cancelled = orderProfit(order({ status: "cancelled", parcel: null }), RULES)
    expect([cancelled.end, cancelled.stage, cancelled.profit, cancelled.deliveryFee]).toEqual([
      "cancelled",
      "placed",
      0,
      0,
    ])
    const fake = orderProfit(order({ status: "cancelled", fake: true, parcel: null }), RULES)
    expect([fake.end, fake.stage, fake.profit]).toEqual(["fake", "placed", 0])
  })

  it("held for the call: placed; released and not yet sent: confirmed; open parcel: sent, profit not yet counted", () => {
    expect(orderProfit(order({ status: "pending", held: true, parcel: null }), RULES).stage).toBe("placed")
    expect(orderProfit(order({ status: "pending", parcel: null }), RULES).stage).toBe("confirmed")
    const open = orderProfit(order(), RULES)
    expect([open.stage, open.end, open.profit]).toEqual(["sent", "open", 0])
  })

  it("delivered by hand (no parcel): no courier costs, the whole total received, the packing spent", () => {
    const parts = orderProfit(order({ status: "delivered", parcel: null }), RULES)
    expect([parts.deliveryFee, parts.codCharge, parts.packaging, parts.stage]).toEqual([0, 0, 1_500, "settled"])
    expect(parts.profit).toBe(131_000 - 70_000 - 1_500)
  })

  it("a product without a cost: its goods count as free and the order says how many lines lack one", () => {
    const parts = orderProfit(
      order({
        status: "delivered",
        lines: [{ productId: "shirt", title: "Shirt", quantity: 2, returned: 0, unitPrice: 500, unitCost: null }],
        total: 1060,
        parcel: { provider: "manual", outcome: "open", collected: null, fee: null, settled: null },
      }),
      RULES
    )
    expect(parts.missingCosts).toBe(1)
    expect(parts.goodsCost).toBe(0)
    // manual courier: 80 fee by the rule, 0% COD
    expect(parts.profit).toBe(106_000 - 8_000 - 1_500)
  })

  it("fractions of a taka are kept to the paisa", () => {
    const parts = orderProfit(
      order({
        status: "delivered",
        total: 333.33,
        lines: [{ productId: "x", title: "X", quantity: 3, returned: 0, unitPrice: 91.11, unitCost: 45.55 }],
        parcel: { provider: "pathao", outcome: "delivered", collected: 333.33, fee: 60, settled: null },
      }),
      RULES
    )
    // 33333 - 13665 - 6000 - round(333.33) - 1500
    expect(parts.profit).toBe(33_333 - 13_665 - 6_000 - 333 - 1_500)
  })
})

describe("profit settings", () => {
  it("accepts the defaults and refuses what is not a rate", () => {
    expect(profitSettingsProblem(DEFAULT_PROFIT_SETTINGS)).toBeNull()
    expect(profitSettingsProblem({ ...DEFAULT_PROFIT_SETTINGS, packagingCost: -1 })).toMatch(/packagingCost/)
    expect(
      profitSettingsProblem({
        ...DEFAULT_PROFIT_SETTINGS,
        couriers: {
          ...DEFAULT_PROFIT_SETTINGS.couriers,
          pathao: { ...DEFAULT_PROFIT_SETTINGS.couriers.pathao, codPercent: 101 },
        },
      })
    ).toMatch(/pathao\.codPercent/)
    expect(
      profitSettingsProblem({ ...DEFAULT_PROFIT_SETTINGS, couriers: { ...DEFAULT_PROFIT_SETTINGS.couriers, dhl: {} } })
    ).toMatch(/dhl/)
    expect(profitSettingsProblem("60")).toMatch(/object/)
  })

  it("a cost price is taka from 0 with at most two decimals", () => {
    expect([isCostPrice(0), isCostPrice(212.5), isCostPrice(99.99)]).toEqual([true, true, true])
    expect([isCostPrice(-1), isCostPrice(1.005), isCostPrice("12"), isCostPrice(Number.NaN)]).toEqual([
      false,
      false,
      false,
      false,
    ])
  })
})

describe("adAttributionOf", () => {
  it("reads the ids Meta fills into the ad's URL parameters", () => {
    expect(
      adAttributionOf(
        "https://shop.example/lp/panjabi?utm_source=fb&utm_campaign=120210000000001&utm_term=120210000000002&utm_content=120210000000003&fbclid=x"
      )
    ).toEqual({ campaignId: "120210000000001", adsetId: "120210000000002", adId: "120210000000003" })
  })

  it("drops what is missing, malformed or not a URL, never throwing", () => {
    expect(adAttributionOf("https://shop.example/lp/x?utm_campaign=<script>&utm_content=")).toEqual({
      campaignId: null,
      adsetId: null,
      adId: null,
    })
    expect(adAttributionOf("not a url")).toEqual({ campaignId: null, adsetId: null, adId: null })
    expect(adAttributionOf(`https://s.example/?utm_content=${"9".repeat(65)}`).adId).toBeNull()
  })
})

describe("districtOf", () => {
  it.each([
    ["House 12, Road 5, Dhanmondi, Dhaka-1209", "Dhaka"],
    ["মিরপুর ১০, ঢাকা", "Dhaka"],
    ["Savar bazar", "Dhaka"],
    ["Mirpur, Kushtia", "Kushtia"],
    ["Fatullah, Narayanganj, Dhaka", "Narayanganj"],
    ["Sherpur, Bogura", "Bogura"],
    ["বাড়ি ৫, কুমিল্লায়", "Cumilla"],
    ["Station road, Tongi", "Gazipur"],
    ["Agrabad, CTG", "Chattogram"],
    ["Kolatoli, Cox's Bazar", "Cox's Bazar"],
    ["chittagong", "Chattogram"],
    ["Village Char, upazila somewhere", null],
    ["", null],
  ])("%s -> %s", (address, district) => {
    expect(districtOf(address)).toBe(district)
  })
})

describe("profitPeriod", () => {
  // 2026-11-29 02:00 in Dhaka is 2026-11-28 20:00 UTC
  const now = new Date("2026-11-28T20:00:00Z")
  it("defaults to this month in Dhaka, not in UTC", () => {
    expect(profitPeriod({}, now)).toEqual({ from: "2026-11-01", to: "2026-11-29" })
    expect(profitPeriod({ to: "2026-02-14" }, now)).toEqual({ from: "2026-02-01", to: "2026-02-14" })
  })
  it("refuses days that do not exist, a reversed period and one over a year", () => {
    expect(profitPeriod({ from: "2026-02-30" }, now)).toEqual({ problem: "from must be a day written YYYY-MM-DD" })
    expect(profitPeriod({ from: "2026-11-10", to: "2026-11-09" }, now)).toEqual({
      problem: "from must not be after to",
    })
    expect(profitPeriod({ from: "2025-01-01", to: "2026-01-02" }, now)).toMatchObject({
      problem: expect.stringMatching(/366/),
    })
    expect(profitPeriod({ from: "2025-01-02", to: "2026-01-02" }, now)).toEqual({
      from: "2025-01-02",
      to: "2026-01-02",
    })
  })
})
