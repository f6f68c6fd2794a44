import { describe, expect, it } from "vitest"
import { makeProduct } from "@/testing/fake-api"
import { makePicture } from "@/testing/pictures"
import {
  dispatchGuestCart,
  EMPTY_GUEST_CART,
  getGuestCart,
  GUEST_ADDRESS_KEY,
  GUEST_CART_KEY,
  guestCartReducer,
  loadGuestAddress,
  parseGuestCart,
  resetGuestCartCache,
  saveGuestAddress,
  type GuestCart,
} from "./guest-cart"

const polo = makeProduct({ _id: "p1", title: "Polo" })
const tee = makeProduct({ _id: "p2", title: "Tee", saleprice: 0, price: 990 })

describe("guestCartReducer", () => {
  it("adds a new product with quantity 1 by default, as the product object", () => {
    const cart = guestCartReducer(EMPTY_GUEST_CART, { type: "add", product: polo, itemId: "i1" })
    expect(cart).toEqual({ items: [{ productId: polo, quantity: 1, _id: "i1" }] })
  })

  it("increments the quantity of a product already in the cart, keeping its line id", () => {
    let cart = guestCartReducer(EMPTY_GUEST_CART, { type: "add", product: polo, itemId: "i1" })
    cart = guestCartReducer(cart, { type: "add", product: tee, itemId: "i2" })
    cart = guestCartReducer(cart, { type: "add", product: polo, itemId: "i3" })
    cart = guestCartReducer(cart, { type: "add", product: polo, quantity: 3, itemId: "i4" })
    expect(cart.items.map((i) => [i._id, i.productId._id, i.quantity])).toEqual([
      ["i1", "p1", 5],
      ["i2", "p2", 1],
    ])
  })

  it("updates a quantity; 0 or less removes the item", () => {
    const start: GuestCart = {
      items: [
        { productId: polo, quantity: 2, _id: "i1" },
        { productId: tee, quantity: 1, _id: "i2" },
      ],
    }
    expect(guestCartReducer(start, { type: "update", productId: "p1", quantity: 4 }).items[0]!.quantity).toBe(4)
    expect(guestCartReducer(start, { type: "update", productId: "p1", quantity: 0 }).items.map((i) => i._id)).toEqual([
      "i2",
    ])
    expect(guestCartReducer(start, { type: "update", productId: "p2", quantity: -3 }).items.map((i) => i._id)).toEqual([
      "i1",
    ])
  })

  it("removes, loads and clears", () => {
    const start: GuestCart = { items: [{ productId: polo, quantity: 2, _id: "i1" }] }
    expect(guestCartReducer(start, { type: "remove", productId: "p1" })).toEqual({ items: [] })
    expect(guestCartReducer(start, { type: "remove", productId: "nope" })).toEqual(start)
    expect(guestCartReducer(EMPTY_GUEST_CART, { type: "load", cart: start })).toEqual(start)
    expect(guestCartReducer(start, { type: "clear" })).toEqual({ items: [] })
  })

  it("never mutates the cart it is given", () => {
    const start: GuestCart = { items: [{ productId: polo, quantity: 2, _id: "i1" }] }
    const copy = structuredClone(start)
    guestCartReducer(start, { type: "add", product: polo, itemId: "x" })
    guestCartReducer(start, { type: "update", productId: "p1", quantity: 9 })
    guestCartReducer(start, { type: "remove", productId: "p1" })
    expect(start).toEqual(copy)
  })
})

describe("parseGuestCart", () => {
  it("keeps well-formed lines and drops the rest", () => {
    expect(parseGuestCart(undefined)).toEqual({ items: [] })
    expect(parseGuestCart({ items: "nope" })).toEqual({ items: [] })
    expect(
      parseGuestCart({
        items: [
          { productId: polo, quantity: 2, _id: "i1" },
          { productId: "p2", quantity: 1, _id: "i2" },
          { productId: tee, quantity: 0, _id: "i3" },
          { productId: tee, quantity: 1.5, _id: "i4" },
          null,
        ],
      })
    ).toEqual({ items: [{ productId: polo, quantity: 2, _id: "i1" }] })
  })
})

describe("the stored guest cart", () => {
  it('is written to localStorage "guestCart" as { items: [{ productId: <product>, quantity, _id }] }', () => {
    dispatchGuestCart({ type: "add", product: polo, itemId: "i1" })
    dispatchGuestCart({ type: "add", product: polo, itemId: "i2" })
    expect(JSON.parse(window.localStorage.getItem(GUEST_CART_KEY)!)).toEqual({
      items: [{ productId: polo, quantity: 2, _id: "i1" }],
    })
  })

  it("is read back from storage", () => {
    window.localStorage.setItem(GUEST_CART_KEY, JSON.stringify({ items: [{ productId: tee, quantity: 3, _id: "a" }] }))
    resetGuestCartCache()
    expect(getGuestCart()).toEqual({ items: [{ productId: tee, quantity: 3, _id: "a" }] })
  })

  it("clear removes both the cart and the address", () => {
    dispatchGuestCart({ type: "add", product: polo, itemId: "i1" })
    saveGuestAddress({ address: "House 1", city: "Dhaka", pincode: "1207", number: "017", notes: "" })
    expect(loadGuestAddress()).toMatchObject({ city: "Dhaka" })
    dispatchGuestCart({ type: "clear" })
    expect(window.localStorage.getItem(GUEST_CART_KEY)).toBeNull()
    expect(window.localStorage.getItem(GUEST_ADDRESS_KEY)).toBeNull()
    expect(getGuestCart()).toEqual({ items: [] })
  })

  it("survives corrupt storage", () => {
    window.localStorage.setItem(GUEST_CART_KEY, "{oops")
    window.localStorage.setItem(GUEST_ADDRESS_KEY, "[1,2]")
    resetGuestCartCache()
    expect(getGuestCart()).toEqual({ items: [] })
    expect(loadGuestAddress()).toBeNull()
  })
})

describe("a guest cart's pictures", () => {
  const polo1 = makeProduct({ _id: "p1", title: "Polo", image: "https://img.example/polo.png" })
  const tee1 = makeProduct({ _id: "p2", title: "Tee", image: "https://img.example/tee.png" })
  const picture = makePicture("https://img.example/polo.png")

  it("keeps the picture a line was added with, and lets it go with the line", () => {
    let cart = guestCartReducer(EMPTY_GUEST_CART, { type: "add", product: polo1, itemId: "i1", picture })
    cart = guestCartReducer(cart, { type: "add", product: tee1, itemId: "i2" })
    expect(cart.pictures).toEqual({ [polo1.image]: picture })
    cart = guestCartReducer(cart, { type: "update", productId: "p1", quantity: 2 })
    expect(cart.pictures).toEqual({ [polo1.image]: picture })
    cart = guestCartReducer(cart, { type: "remove", productId: "p1" })
    expect(cart).toEqual({ items: [{ productId: tee1, quantity: 1, _id: "i2" }] })
  })

  it("reads stored pictures back, dropping any not shaped like one", () => {
    const stored = {
      items: [{ productId: polo1, quantity: 1, _id: "i1" }],
      pictures: { [polo1.image]: picture, "https://img.example/x.png": { url: 1 } },
    }
    expect(parseGuestCart(JSON.parse(JSON.stringify(stored)))).toEqual({
      items: stored.items,
      pictures: { [polo1.image]: picture },
    })
  })
})
