import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { CUSTOMER, fakeApi, makeProduct } from "@/testing/fake-api"
import { renderApp } from "@/testing/test-utils"

const POLO = makeProduct({ _id: "p1", title: "Polo", price: 1850, saleprice: 1490, stock: 3 })
const TEE = makeProduct({ _id: "p2", title: "Tee", price: 990, saleprice: 0, stock: 10 })

function seedGuestCart() {
  window.localStorage.setItem(
    "guestCart",
    JSON.stringify({
      items: [
        { productId: POLO, quantity: 1, _id: "i1" },
        { productId: TEE, quantity: 2, _id: "i2" },
      ],
    })
  )
}

async function openDrawer() {
  fireEvent.click(await screen.findByRole("button", { name: /^Cart, / }))
  return within(screen.getByRole("dialog", { name: "Your Cart" }))
}

describe("cart drawer", () => {
  it("guest: lists the lines with the total from the effective unit price", async () => {
    seedGuestCart()
    fakeApi()
    renderApp("/")
    expect(await screen.findByTestId("cart-count")).toHaveTextContent("3")
    const drawer = await openDrawer()
    expect(drawer.getAllByTestId("cart-item")).toHaveLength(2)
    // 1490 x 1 + 990 x 2
    expect(drawer.getByTestId("cart-total")).toHaveTextContent("৳3,470")
    expect(drawer.getByText("Total")).toBeInTheDocument()
  })

  it("guest: minus is disabled at 1, plus stops at the stock, remove takes the line out", async () => {
    seedGuestCart()
    fakeApi()
    renderApp("/")
    const drawer = await openDrawer()
    expect(drawer.getByRole("button", { name: "Decrease quantity of Polo" })).toBeDisabled()
    fireEvent.click(drawer.getByRole("button", { name: "Increase quantity of Polo" }))
    fireEvent.click(drawer.getByRole("button", { name: "Increase quantity of Polo" }))
    expect(drawer.getByRole("button", { name: "Increase quantity of Polo" })).toBeDisabled()
    expect(drawer.getAllByTestId("cart-item-quantity")[0]).toHaveTextContent("3")
    fireEvent.click(drawer.getByRole("button", { name: "Decrease quantity of Tee" }))
    expect(drawer.getByRole("button", { name: "Decrease quantity of Tee" })).toBeDisabled()
    expect(
      JSON.parse(window.localStorage.getItem("guestCart")!).items.map((i: { quantity: number }) => i.quantity)
    ).toEqual([3, 1])

    fireEvent.click(drawer.getByRole("button", { name: "Remove Tee from cart" }))
    expect(await screen.findByRole("status")).toHaveTextContent("Item removed from cart")
    expect(drawer.getAllByTestId("cart-item")).toHaveLength(1)
    expect(screen.getByTestId("cart-count")).toHaveTextContent("3")
  })

  it("guest: an empty cart says 'No items in cart'; Checkout goes to /checkout", async () => {
    fakeApi()
    const { router } = renderApp("/")
    const drawer = await openDrawer()
    expect(drawer.getByText("No items in cart")).toBeInTheDocument()
    fireEvent.click(drawer.getByRole("button", { name: "Checkout" }))
    await waitFor(() => expect(router.state.location.pathname).toBe("/checkout"))
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument()
  })

  it("signed in: quantity changes go to updatecart, removal to deletecart and the cart reloads", async () => {
    const api = fakeApi({
      user: CUSTOMER,
      cart: { _id: "cart_1", items: [{ productId: TEE, quantity: 2, _id: "cali_1" }] },
    })
    renderApp("/")
    await waitFor(() => expect(screen.getByTestId("cart-count")).toHaveTextContent("2"))
    const drawer = await openDrawer()
    fireEvent.click(drawer.getByRole("button", { name: "Increase quantity of Tee" }))
    await waitFor(() => expect(drawer.getByTestId("cart-item-quantity")).toHaveTextContent("3"))
    expect(api.callsTo("/api/shop/products/updatecart/cus_1/p2/3", "PUT")).toHaveLength(1)

    const loadsBefore = api.callsTo("/api/shop/products/getcart/cus_1").length
    fireEvent.click(drawer.getByRole("button", { name: "Remove Tee from cart" }))
    expect(await screen.findByRole("status")).toHaveTextContent("Item removed from cart")
    expect(api.callsTo("/api/shop/products/deletecart/cus_1/p2", "DELETE")).toHaveLength(1)
    await waitFor(() => expect(api.callsTo("/api/shop/products/getcart/cus_1").length).toBeGreaterThan(loadsBefore))
    expect(drawer.getByText("No items in cart")).toBeInTheDocument()
  })

  it("signed in: a refused update says 'Failed to update cart' and reloads; a failed removal says 'Failed to remove item'", async () => {
    const api = fakeApi({
      user: CUSTOMER,
      cart: { _id: "cart_1", items: [{ productId: TEE, quantity: 2, _id: "cali_1" }] },
      override: (call) => {
        if (call.path.startsWith("/api/shop/products/updatecart/"))
          return { status: 409, body: { success: false, message: "Only 2 left of Tee" } }
        if (call.path.startsWith("/api/shop/products/deletecart/"))
          return { status: 500, body: { success: false, message: "boom" } }
        return undefined
      },
    })
    renderApp("/")
    await waitFor(() => expect(screen.getByTestId("cart-count")).toHaveTextContent("2"))
    const drawer = await openDrawer()
    const loadsBefore = api.callsTo("/api/shop/products/getcart/cus_1").length
    fireEvent.click(drawer.getByRole("button", { name: "Increase quantity of Tee" }))
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to update cart")
    await waitFor(() => expect(api.callsTo("/api/shop/products/getcart/cus_1").length).toBeGreaterThan(loadsBefore))
    expect(drawer.getByTestId("cart-item-quantity")).toHaveTextContent("2")

    fireEvent.click(drawer.getByRole("button", { name: "Remove Tee from cart" }))
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Failed to remove item"))
    expect(drawer.getAllByTestId("cart-item")).toHaveLength(1)
  })

  it("signed in: a rejected cart load leaves the cart empty", async () => {
    fakeApi({
      user: CUSTOMER,
      override: (call) =>
        call.path.startsWith("/api/shop/products/getcart/")
          ? { status: 500, body: { success: false, message: "down" } }
          : undefined,
    })
    renderApp("/")
    const drawer = await openDrawer()
    expect(await drawer.findByText("No items in cart")).toBeInTheDocument()
    expect(screen.getByTestId("cart-count")).toHaveTextContent("0")
  })
})
