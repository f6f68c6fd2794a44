import type { CourierBookingResult, CourierChoice, CourierInfo } from "@shop/contract"
import {
  batches,
  bookingRequest,
  bookingSummary,
  bulkCourierChoices,
  canSendToCourier,
  courierCashLines,
  courierChoiceText,
} from "../couriers"

const parcel = (over: Partial<CourierInfo> = {}): CourierInfo => ({
  provider: "steadfast",
  courierName: "Steadfast",
  consignmentId: "1424107",
  trackingCode: "15BAEB8A",
  courierStatus: "in_review",
  trackingUrl: "https://steadfast.com.bd/t/15BAEB8A",
  collectedAmount: null,
  deliveryCharge: null,
  settledAmount: null,
  payoutId: null,
  onHold: false,
  awaitingReturn: false,
  returnedUnits: 0,
  outcome: "open",
  updatedAt: "2026-11-22T10:00:00.000Z",
  ...over,
})

describe("canSendToCourier", () => {
  it("is true for an open order without a parcel", () => {
    expect(canSendToCourier({ courier: null, orderStatus: "pending" })).toBe(true)
    expect(canSendToCourier({ courier: null, orderStatus: "shipped" })).toBe(true)
  })
  it("is false once booked or once the order is over", () => {
    expect(canSendToCourier({ courier: parcel(), orderStatus: "shipped" })).toBe(false)
    for (const status of ["cancelled", "delivered", "completed"])
      expect(canSendToCourier({ courier: null, orderStatus: status })).toBe(false)
  })
})

describe("courier choices", () => {
  const choices: CourierChoice[] = [
    { provider: "steadfast", label: "Steadfast", configured: true, missing: [] },
    { provider: "pathao", label: "Pathao", configured: false, missing: ["PATHAO_CLIENT_ID", "PATHAO_STORE_ID"] },
    { provider: "manual", label: "Other courier", configured: true, missing: [] },
  ]
  it("names what a courier that is not set up needs", () => {
    expect(courierChoiceText(choices[0]!)).toBe("Steadfast")
    expect(courierChoiceText(choices[1]!)).toBe("Pathao (not set up: set PATHAO_CLIENT_ID, PATHAO_STORE_ID)")
    expect(courierChoiceText({ ...choices[1]!, missing: [] })).toBe("Pathao (not set up)")
  })
  it("leaves another courier out of the many-orders form", () => {
    expect(bulkCourierChoices(choices).map((c) => c.provider)).toEqual(["steadfast", "pathao"])
  })
})

describe("bookingRequest", () => {
  it("needs a courier", () => {
    expect(bookingRequest("", "", "")).toBeNull()
    expect(bookingRequest("steadfast", " x ", " y ")).toEqual({ provider: "steadfast" })
  })
  it("needs another courier's name and code, trimmed", () => {
    expect(bookingRequest("manual", "Sundarban", "")).toBeNull()
    expect(bookingRequest("manual", "  ", "SC-1")).toBeNull()
    expect(bookingRequest("manual", " Sundarban ", " SC-1 ")).toEqual({
      provider: "manual",
      courierName: "Sundarban",
      trackingCode: "SC-1",
    })
  })
})

describe("bookingSummary", () => {
  const ok = (orderId: string, booked = true): CourierBookingResult => ({
    orderId,
    success: true,
    booked,
    data: parcel(),
  })
  const no = (orderId: string, message: string): CourierBookingResult => ({ orderId, success: false, message })
  it("counts sent and not sent with the first refusal", () => {
    expect(
      bookingSummary([ok("a"), ok("b"), no("c", "The order is cancelled"), ok("d"), no("e", "Steadfast is down")])
    ).toEqual({
      text: "3 sent, 2 not sent: The order is cancelled",
      allSent: false,
    })
  })
  it("says when every order went, and names those already with a courier", () => {
    expect(bookingSummary([ok("a"), ok("b")])).toEqual({ text: "2 sent", allSent: true })
    expect(bookingSummary([ok("a"), ok("b", false)])).toEqual({
      text: "1 sent, 1 already with a courier",
      allSent: true,
    })
  })
})

describe("batches", () => {
  it("splits into the route's 100 a call", () => {
    const ids = Array.from({ length: 205 }, (_, i) => `o${i}`)
    expect(batches(ids).map((b) => b.length)).toEqual([100, 100, 5])
    expect(batches([])).toEqual([])
  })
})

describe("courierCashLines", () => {
  it("shows the cash to collect and only the figures the courier reported", () => {
    expect(courierCashLines(parcel(), 1060)).toEqual([{ label: "Cash to collect", amount: 1060 }])
    expect(courierCashLines(parcel({ collectedAmount: 1060, deliveryCharge: 60, settledAmount: 1000 }), 1060)).toEqual([
      { label: "Cash to collect", amount: 1060 },
      { label: "Collected", amount: 1060 },
      { label: "Courier fee", amount: 60 },
      { label: "Settled", amount: 1000 },
    ])
    expect(courierCashLines(parcel({ deliveryCharge: 0 }), 500)).toEqual([
      { label: "Cash to collect", amount: 500 },
      { label: "Courier fee", amount: 0 },
    ])
  })
})
