import { describe, expect, it } from "vitest"
import { courierOutcome, courierTrackingUrl, isCourierProvider } from "./courier"

describe("courierOutcome", () => {
  it("maps Steadfast's final statuses; approval-pending forms stay open", () => {
    expect(courierOutcome("steadfast", "delivered")).toBe("delivered")
    expect(courierOutcome("steadfast", "partial_delivered")).toBe("partial")
    expect(courierOutcome("steadfast", "cancelled")).toBe("returned")
    expect(courierOutcome("steadfast", "hold")).toBe("hold")
    for (const open of [
      "in_review",
      "pending",
      "unknown",
      "delivered_approval_pending",
      "partial_delivered_approval_pending",
      "cancelled_approval_pending",
      "unknown_approval_pending",
    ]) {
      expect(courierOutcome("steadfast", open)).toBe("open")
    }
  })

  it("maps Pathao's words whatever their case and separators", () => {
    expect(courierOutcome("pathao", "Delivered")).toBe("delivered")
    expect(courierOutcome("pathao", "Partial Delivery")).toBe("partial")
    expect(courierOutcome("pathao", "order.partial-delivery")).toBe("partial")
    expect(courierOutcome("pathao", "Return")).toBe("returned")
    expect(courierOutcome("pathao", "Paid_Return")).toBe("returned")
    expect(courierOutcome("pathao", "On_Hold")).toBe("hold")
    for (const open of ["Pending", "Pickup_Requested", "In_Transit", "Delivery_Failed", "", null])
      expect(courierOutcome("pathao", open)).toBe("open")
    expect(courierOutcome("manual", "delivered")).toBe("open")
  })
})

describe("courier links and names", () => {
  it("builds each courier's public tracking page", () => {
    expect(courierTrackingUrl("steadfast", "15BAEB8A", "1424107")).toBe("https://steadfast.com.bd/t/15BAEB8A")
    expect(courierTrackingUrl("pathao", "DL121224VS8TTJ", "DL121224VS8TTJ")).toBe(
      "https://merchant.pathao.com/tracking?consignment_id=DL121224VS8TTJ"
    )
    expect(courierTrackingUrl("steadfast", null, "1424107")).toBeNull()
    expect(courierTrackingUrl("manual", "X1", "X1")).toBeNull()
  })

  it("knows its providers", () => {
    expect(["steadfast", "pathao", "manual"].every(isCourierProvider)).toBe(true)
    expect(isCourierProvider("dhl")).toBe(false)
    expect(isCourierProvider(undefined)).toBe(false)
  })
})
