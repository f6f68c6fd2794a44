import { dispatchLine, printedLabel, printRequest, takenLabel } from "../dispatch"

describe("the dispatch desk's words in the admin", () => {
  const shop = { source: "shop" as const, takenBy: null, printedAt: null, printCount: 0 }

  it("badges an order staff took and one printed, and says nothing of a shop order never printed", () => {
    expect(takenLabel(shop)).toBeNull()
    expect(printedLabel(shop)).toBeNull()
    expect(dispatchLine(shop)).toBeNull()
    expect(takenLabel({ ...shop, source: "messenger" })).toBe("Messenger")
    expect(printedLabel({ ...shop, printedAt: "2026-11-29T05:00:00.000Z", printCount: 1 })).toBe("Printed")
    expect(printedLabel({ ...shop, printedAt: "2026-11-29T05:00:00.000Z", printCount: 3 })).toBe("Printed ×3")
  })

  it("tells who took an order and when it was printed, in Dhaka's time", () => {
    expect(
      dispatchLine({
        source: "phone",
        takenBy: "rina@shop.local",
        printedAt: "2026-11-29T05:00:00.000Z",
        printCount: 2,
      })
    ).toBe("Taken by phone (rina@shop.local) · Printed 29 Nov 2026, 11:00 AM (2 times)")
  })

  it("asks for the orders chosen or today's, reprinting only when told", () => {
    expect(printRequest(["order_1"])).toEqual({ orderIds: ["order_1"] })
    expect(printRequest(["order_1"], true)).toEqual({ orderIds: ["order_1"], reprint: true })
    expect(printRequest("today")).toEqual({ today: true })
  })
})
