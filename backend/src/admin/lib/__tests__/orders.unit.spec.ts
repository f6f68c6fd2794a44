import { ORDER_STATUSES } from "@shop/contract"
import {
  customerNameOf,
  firstAddress,
  isNewOrder,
  lineTotal,
  normalizeSearch,
  orderNumberOf,
  ORDER_STATUS_CLASSES,
  phoneOf,
  shortOrderId,
  statusLabel,
  type ShopOrder,
} from "../orders"

const order = (over: Partial<ShopOrder> = {}): ShopOrder => ({
  _id: "order_01JABCDEF0123456789XYZW",
  orderNumber: "ORD-261122-7KQ4XM",
  orderDate: "2026-11-22T10:00:00.000Z",
  orderUpdateDate: "2026-11-22T10:00:00.000Z",
  orderStatus: "pending",
  TotalAmount: 1060,
  isGuest: true,
  guestName: "Rahima Akter",
  guestEmail: "rahima@example.com",
  guestPhone: "01712345678",
  userId: null,
  cartItems: [],
  addressInfo: [{ address: "House 12, Road 5", city: "Dhaka", pincode: "1207", number: "01812345678", notes: "" }],
  landingPageSlug: null,
  cartId: null,
  deliveryArea: "dhaka",
  deliveryCharge: 60,
  paymentMethod: "cod",
  courier: null,
  ...over,
})

describe("order statuses", () => {
  it("are the spec's five, with its badge colours", () => {
    expect([...ORDER_STATUSES]).toEqual(["pending", "completed", "cancelled", "shipped", "delivered"])
    expect(ORDER_STATUS_CLASSES.delivered).toContain("green")
    expect(ORDER_STATUS_CLASSES.shipped).toContain("blue")
    expect(ORDER_STATUS_CLASSES.pending).toContain("yellow")
    expect(ORDER_STATUS_CLASSES.completed).toContain("emerald")
    expect(ORDER_STATUS_CLASSES.cancelled).toContain("red")
    expect(statusLabel("shipped")).toBe("Shipped")
    expect(statusLabel("weird")).toBe("weird")
  })
})

describe("the NEW badge", () => {
  const now = Date.parse("2026-11-23T09:59:59.000Z")

  it("marks orders under 24 hours old", () => {
    expect(isNewOrder("2026-11-22T10:00:00.000Z", now)).toBe(true)
    expect(isNewOrder("2026-11-23T09:59:59.000Z", now)).toBe(true)
  })

  it("does not mark orders of 24 hours or more, nor missing dates", () => {
    expect(isNewOrder("2026-11-22T09:59:59.000Z", now)).toBe(false)
    expect(isNewOrder("2026-11-22T09:59:58.000Z", now)).toBe(false)
    expect(isNewOrder(null, now)).toBe(false)
    expect(isNewOrder("garbage", now)).toBe(false)
  })
})

describe("how an order is shown", () => {
  it("uses the order number, else the last 6 characters of the id uppercased", () => {
    expect(orderNumberOf(order())).toBe("ORD-261122-7KQ4XM")
    expect(orderNumberOf(order({ orderNumber: null, _id: "order_01abcdefxyz123" }))).toBe("XYZ123")
  })

  it("shows the id as # and its last 8 characters", () => {
    expect(shortOrderId("order_01JABCDEF0123456789XYZW")).toBe("#6789XYZW")
  })

  it("names the guest, or the account", () => {
    expect(customerNameOf(order())).toBe("Rahima Akter")
    expect(
      customerNameOf(order({ isGuest: false, guestName: null, userId: { _id: "cus_1", username: "karim" } }))
    ).toBe("karim")
    expect(customerNameOf(order({ guestName: "  " }))).toBe("Guest")
  })

  it("takes the guest phone, else the first address's number", () => {
    expect(phoneOf(order())).toBe("01712345678")
    expect(phoneOf(order({ guestPhone: null }))).toBe("01812345678")
    expect(phoneOf(order({ guestPhone: null, addressInfo: [] }))).toBe("")
  })

  it("reads the first address entry, or a signed-in order's single object", () => {
    expect(firstAddress(order())?.city).toBe("Dhaka")
    const single = { address: "a", city: "Sylhet", pincode: "3100", number: "017", notes: "" }
    expect(firstAddress(order({ addressInfo: single }))?.city).toBe("Sylhet")
    expect(firstAddress(order({ addressInfo: null }))).toBeNull()
  })

  it("multiplies line totals to 2 decimals", () => {
    expect(lineTotal({ price: 450, quantity: 2 })).toBe(900)
    expect(lineTotal({ price: 19.99, quantity: 3 })).toBe(59.97)
  })
})

describe("the order search term", () => {
  it("trims the term; empty means not searching", () => {
    expect(normalizeSearch("  ORD-26  ")).toBe("ORD-26")
    expect(normalizeSearch("   ")).toBe("")
    expect(normalizeSearch(undefined)).toBe("")
  })
})
