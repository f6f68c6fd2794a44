import { describe, expect, it } from "vitest"
import {
  BRAND_CHOICES,
  CATEGORY_CHOICES,
  DELIVERY_CHARGE,
  deliveryAreaOf,
  isBrandAllowed,
  isEmail,
  orderConfirmation,
  SORT_CHOICES,
  type Order,
} from "./index"

describe("catalog vocabulary", () => {
  it("offers the spec's categories, brands and sorts in order", () => {
    expect(CATEGORY_CHOICES.map((c) => c.label)).toEqual(["Men", "Women", "Kids", "Accessories", "Footwear"])
    expect(BRAND_CHOICES.map((b) => b.id)).toEqual(["nike", "adidas", "puma", "levi", "zara", "h&m", "no-brand"])
    expect(SORT_CHOICES[0]).toEqual({ id: "price-lowtohigh", label: "Price: Low to High" })
  })

  it("allows a brand only in its categories", () => {
    expect(isBrandAllowed("women", "zara")).toBe(true)
    expect(isBrandAllowed("men", "zara")).toBe(false)
    expect(isBrandAllowed("toys", "nike")).toBe(false)
  })
})

describe("delivery", () => {
  it("charges 60 in Dhaka and 120 outside, and reads the area from a city", () => {
    expect(DELIVERY_CHARGE).toEqual({ dhaka: 60, outside: 120 })
    expect(deliveryAreaOf("Dhaka North")).toBe("dhaka")
    expect(deliveryAreaOf("Sylhet")).toBe("outside")
    expect(deliveryAreaOf("DHAKA")).toBe("dhaka")
    expect(deliveryAreaOf("North Dhaka Cantonment")).toBe("dhaka")
    expect(deliveryAreaOf("ঢাকা")).toBe("dhaka")
    expect(deliveryAreaOf("মিরপুর, ঢাকা")).toBe("dhaka")
    expect(deliveryAreaOf("চট্টগ্রাম")).toBe("outside")
    expect(deliveryAreaOf("")).toBe("outside")
    expect(deliveryAreaOf(undefined)).toBe("outside")
    expect(deliveryAreaOf(null)).toBe("outside")
  })
})

describe("isEmail", () => {
  it("is the spec's rule, read in one pass", () => {
    expect(isEmail("rahim@example.com")).toBe(true)
    for (const bad of [
      "",
      "rahim",
      "@example.com",
      "rahim@example",
      "a@b@c.com",
      "ra him@example.com",
      "rahim@.com",
      "rahim@example.",
    ]) {
      expect(isEmail(bad), bad).toBe(false)
    }
    expect(isEmail("a@" + "b".repeat(200_000))).toBe(false)
    expect(isEmail("a@" + ".".repeat(200_000))).toBe(true) // as /^[^\s@]+@[^\s@]+\.[^\s@]+$/ reads it
  })
})

describe("orderConfirmation", () => {
  it("names the guest, joins the address and totals the lines", () => {
    const order: Order = {
      _id: "order_1",
      orderNumber: "ORD-1",
      orderDate: "2026-11-22T10:00:00.000Z",
      orderUpdateDate: "2026-11-22T10:00:00.000Z",
      orderStatus: "pending",
      TotalAmount: 3100,
      isGuest: true,
      guestName: "Rahima",
      guestEmail: null,
      guestPhone: "01712345678",
      userId: null,
      cartId: null,
      cartItems: [
        { productId: "p1", title: "Kameez", image: "", price: 1490, quantity: 2 },
        { productId: "p2", title: "Orna", image: "", price: 0, quantity: 1 },
      ],
      addressInfo: [{ address: "House 1", city: "Sylhet", pincode: "3100", number: "", notes: "" }],
      landingPageSlug: "offer",
      deliveryArea: "outside",
      deliveryCharge: 120,
      paymentMethod: "cod",
    }
    expect(orderConfirmation(order)).toEqual({
      orderNumber: "ORD-1",
      orderId: "order_1",
      customerName: "Rahima",
      customerPhone: "01712345678",
      customerEmail: "",
      customerAddress: "House 1, Sylhet, 3100",
      deliveryArea: "outside",
      items: order.cartItems,
      productTotal: 2980,
      deliveryCharge: 120,
      totalAmount: 3100,
    })
  })
})
