import { describe, expect, it } from "vitest"
import { makeProduct } from "@/testing/fake-api"
import type { CartItem } from "@shop/contract"
import {
  buildCustomerOrder,
  buildGuestOrder,
  EMPTY_GUEST_INFO,
  isValidEmail,
  prefillFromState,
  validateCustomerCheckout,
  validateGuestCheckout,
  type GuestDeliveryInfo,
} from "./checkout"

const INFO: GuestDeliveryInfo = {
  guestName: "Karim",
  guestEmail: "karim@example.com",
  guestPhone: "01712345678",
  address: "House 1, Road 2",
  city: "Dhaka",
  pincode: "1207",
  notes: "",
}

const ITEMS: CartItem[] = [
  { productId: makeProduct({ _id: "p1", price: 1850, saleprice: 1490 }), quantity: 2, _id: "i1" },
  {
    productId: makeProduct({ _id: "p2", title: "Tee", image: "tee.png", price: 990, saleprice: 0 }),
    quantity: 1,
    _id: "i2",
  },
]

describe("guest checkout validation (SPEC 5)", () => {
  it("asks for a non-empty cart first", () => {
    expect(validateGuestCheckout(INFO, 0)).toBe("Your cart is empty!")
    expect(validateGuestCheckout(EMPTY_GUEST_INFO, 0)).toBe("Your cart is empty!")
  })

  it("needs name, email, phone, address, city and pincode; notes are optional", () => {
    expect(validateGuestCheckout(INFO, 1)).toBeNull()
    for (const key of ["guestName", "guestEmail", "guestPhone", "address", "city", "pincode"] as const) {
      expect(validateGuestCheckout({ ...INFO, [key]: "  " }, 1)).toBe("Please fill in all delivery information!")
    }
    expect(validateGuestCheckout({ ...INFO, notes: "" }, 1)).toBeNull()
  })

  it("checks the email as text@text.text", () => {
    expect(validateGuestCheckout({ ...INFO, guestEmail: "karim@example" }, 1)).toBe(
      "Please enter a valid email address!"
    )
    expect(validateGuestCheckout({ ...INFO, guestEmail: "karim example.com" }, 1)).toBe(
      "Please enter a valid email address!"
    )
    expect(isValidEmail("a@b.c")).toBe(true)
    expect(isValidEmail(" a@b.c ")).toBe(true)
    expect(isValidEmail("a@@b.c")).toBe(false)
    expect(isValidEmail("@b.c")).toBe(false)
  })
})

describe("signed-in checkout validation", () => {
  it("needs items and a selected address", () => {
    expect(validateCustomerCheckout(0, "addr_1")).toBe("Your cart is empty!")
    expect(validateCustomerCheckout(2, null)).toBe("Please select a delivery address before checkout!")
    expect(validateCustomerCheckout(2, "addr_1")).toBeNull()
  })
})

describe("order bodies (SPEC 7)", () => {
  const now = new Date("2026-11-22T10:00:00.000Z")

  it("builds the guest body with one address entry, the phone as its number and trimmed fields", () => {
    const body = buildGuestOrder({ ...INFO, guestName: " Karim ", notes: "Call first" }, ITEMS, 3970, now)
    expect(body).toEqual({
      isGuest: true,
      guestName: "Karim",
      guestEmail: "karim@example.com",
      guestPhone: "01712345678",
      landingPageSlug: null,
      cartItems: [
        {
          productId: "p1",
          title: "Classic Cotton Polo",
          image: "https://img.example/polo.png",
          price: 1490,
          quantity: 2,
        },
        { productId: "p2", title: "Tee", image: "tee.png", price: 990, quantity: 1 },
      ],
      addressInfo: [
        { address: "House 1, Road 2", city: "Dhaka", pincode: "1207", number: "01712345678", notes: "Call first" },
      ],
      deliveryArea: "dhaka",
      TotalAmount: 3970,
      orderStatus: "pending",
      orderDate: "2026-11-22T10:00:00.000Z",
      orderUpdateDate: "2026-11-22T10:00:00.000Z",
    })
    expect(buildGuestOrder(INFO, ITEMS, 1, now, "eid-offer").landingPageSlug).toBe("eid-offer")
    expect(buildGuestOrder(INFO, ITEMS, 1, now, "").landingPageSlug).toBeNull()
  })

  it("builds the signed-in body with the address id", () => {
    expect(buildCustomerOrder("cus_1", "cart_1", "addr_1", ITEMS, 3970, now)).toEqual({
      userId: "cus_1",
      cartId: "cart_1",
      addressInfo: { addressId: "addr_1" },
      TotalAmount: 3970,
      cartItems: [
        {
          productId: "p1",
          title: "Classic Cotton Polo",
          image: "https://img.example/polo.png",
          price: 1490,
          quantity: 2,
        },
        { productId: "p2", title: "Tee", image: "tee.png", price: 990, quantity: 1 },
      ],
      orderStatus: "pending",
      orderDate: "2026-11-22T10:00:00.000Z",
      orderUpdateDate: "2026-11-22T10:00:00.000Z",
    })
  })

  it("sends no cart id while the customer has no server cart (the server refuses a null one)", () => {
    const body = buildCustomerOrder("cus_1", null, "addr_1", ITEMS, 3970, now)
    expect("cartId" in body).toBe(false)
    expect(JSON.parse(JSON.stringify(body))).not.toHaveProperty("cartId")
  })
})

describe("prefillFromState", () => {
  it("reads name, email, phone, address and a landing page slug", () => {
    expect(
      prefillFromState({ name: "Karim", email: "k@x.co", phone: "017", address: "House 1", landingPageSlug: "eid" })
    ).toEqual({
      info: { guestName: "Karim", guestEmail: "k@x.co", guestPhone: "017", address: "House 1" },
      landingPageSlug: "eid",
    })
    expect(prefillFromState({ guestName: "Karim", city: "Dhaka", slug: " " })).toEqual({
      info: { guestName: "Karim", city: "Dhaka" },
      landingPageSlug: null,
    })
  })

  it("ignores anything else", () => {
    expect(prefillFromState(null)).toEqual({ info: {}, landingPageSlug: null })
    expect(prefillFromState("x")).toEqual({ info: {}, landingPageSlug: null })
    expect(prefillFromState({ name: 42 })).toEqual({ info: {}, landingPageSlug: null })
  })
})
