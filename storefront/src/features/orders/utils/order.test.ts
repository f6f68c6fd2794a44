import { describe, expect, it } from "vitest"
import { orderLabel, recipientName, shippingAddress, statusTone } from "./order"

describe("order helpers", () => {
  it("shows the order number, else the last 6 characters of the id uppercased", () => {
    expect(orderLabel({ _id: "order_01jabcdef", orderNumber: "ORD-1" })).toBe("ORD-1")
    expect(orderLabel({ _id: "order_01jabcdef", orderNumber: null })).toBe("ABCDEF")
    expect(orderLabel({ _id: "order_01jabcdef" })).toBe("ABCDEF")
  })

  it("colours the status: green delivered, yellow pending, red anything else", () => {
    expect(statusTone("delivered")).toBe("success")
    expect(statusTone("pending")).toBe("warning")
    for (const status of ["cancelled", "shipped", "completed", "weird"]) expect(statusTone(status)).toBe("danger")
  })

  it("reads the first address entry", () => {
    expect(shippingAddress({ addressInfo: [{ address: "A", city: "B" }, { address: "C" }] })).toEqual({
      address: "A",
      city: "B",
    })
    expect(shippingAddress({ addressInfo: { addressId: "addr_1" } })).toEqual({})
    expect(shippingAddress({ addressInfo: [] })).toEqual({})
  })

  it("names the recipient from the order", () => {
    expect(recipientName({ guestName: "Karim", userId: null })).toBe("Karim")
    expect(recipientName({ guestName: null, userId: { _id: "c", username: "Rahim" } })).toBe("Rahim")
    expect(recipientName({ guestName: null, userId: null })).toBe("—")
  })
})
