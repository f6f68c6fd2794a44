import { act, fireEvent, screen, waitFor, within } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { leave } from "@/lib/bkash"
import { loadTrip } from "@/lib/bkash-status"
import { CONFIRMATION, CUSTOMER, fakeApi, makeProduct } from "@/testing/fake-api"
import { renderApp } from "@/testing/test-utils"
import type { Address } from "@shop/contract"

const POLO = makeProduct({ _id: "p1", title: "Polo", price: 1850, saleprice: 1490, stock: 10 })
const TEE = makeProduct({ _id: "p2", title: "Tee", image: "tee.png", price: 990, saleprice: 0, stock: 10 })

const ADDRESSES: Address[] = [
  {
    _id: "addr_1",
    userId: "cus_1",
    address: "House 1, Road 2",
    city: "Dhaka",
    pincode: "1207",
    number: "01711111111",
    notes: "Gate A",
  },
  {
    _id: "addr_2",
    userId: "cus_1",
    address: "Flat 5B",
    city: "Chattogram",
    pincode: "4000",
    number: "01822222222",
    notes: "Ring",
  },
]

function seedGuestCart() {
  window.localStorage.setItem(
    "guestCart",
    JSON.stringify({
      items: [
        { productId: POLO, quantity: 2, _id: "i1" },
        { productId: TEE, quantity: 1, _id: "i2" },
      ],
    })
  )
}

function fillGuest(values: Partial<Record<string, string>> = {}) {
  const form = within(screen.getByTestId("guest-form"))
  const all = {
    "Full Name": "Karim Ahmed",
    Email: "karim@example.com",
    Phone: "01712345678",
    Address: "House 1, Road 2",
    City: "Dhaka",
    Pincode: "1207",
    ...values,
  }
  for (const [label, value] of Object.entries(all)) {
    fireEvent.change(form.getByLabelText(label), { target: { value } })
  }
}

const checkoutButton = () => screen.getByRole("button", { name: "Checkout with bKash" })

afterEach(() => {
  vi.useRealTimers()
})

describe("/checkout as a guest", () => {
  it("shows the banner, the 'Delivery Information' form, the items and the 'Total'", async () => {
    seedGuestCart()
    fakeApi()
    renderApp("/checkout")
    expect(await screen.findByRole("heading", { name: "Delivery Information" })).toBeInTheDocument()
    expect(screen.getByRole("img", { name: /checkout/i })).toBeInTheDocument()
    const summary = within(screen.getByRole("region", { name: "Your Order" }))
    expect(summary.getAllByTestId("cart-item")).toHaveLength(2)
    expect(summary.getByText("Total")).toBeInTheDocument()
    expect(summary.getByTestId("cart-total")).toHaveTextContent("৳3,970")
    expect(checkoutButton()).toBeEnabled()
    expect(screen.getByLabelText("Notes (optional)")).toBeInTheDocument()
  })

  it("shows the delivery the server will charge by the city, and adds it to the Total", async () => {
    seedGuestCart()
    fakeApi()
    renderApp("/checkout")
    await screen.findByRole("heading", { name: "Delivery Information" })
    const summary = within(screen.getByRole("region", { name: "Your Order" }))
    // no city yet: the rates, and the items' total
    expect(summary.getByTestId("cart-delivery-hint")).toHaveTextContent("Delivery: ৳60 inside Dhaka, ৳120 outside")
    expect(summary.getByTestId("cart-total")).toHaveTextContent("৳3,970")
    fillGuest({ City: "Mirpur, Dhaka" })
    expect(summary.getByText("Delivery (Inside Dhaka)")).toBeInTheDocument()
    expect(summary.getByTestId("cart-delivery")).toHaveTextContent("৳60")
    expect(summary.getByTestId("cart-subtotal")).toHaveTextContent("৳3,970")
    expect(summary.getByTestId("cart-total")).toHaveTextContent("৳4,030")
    fillGuest({ City: "Sylhet" })
    expect(summary.getByText("Delivery (Outside Dhaka)")).toBeInTheDocument()
    expect(summary.getByTestId("cart-delivery")).toHaveTextContent("৳120")
    expect(summary.getByTestId("cart-total")).toHaveTextContent("৳4,090")
  })

  it("disables the button on an empty cart: 'No items in cart'", async () => {
    fakeApi()
    renderApp("/checkout")
    expect(await screen.findByText("No items in cart")).toBeInTheDocument()
    expect(checkoutButton()).toBeDisabled()
  })

  it("checks the delivery information before ordering", async () => {
    seedGuestCart()
    const api = fakeApi()
    renderApp("/checkout")
    await screen.findByRole("heading", { name: "Delivery Information" })
    fireEvent.click(checkoutButton())
    expect(await screen.findByRole("alert")).toHaveTextContent("Please fill in all delivery information!")
    fillGuest({ Email: "karim@example" })
    fireEvent.click(checkoutButton())
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Please enter a valid email address!"))
    expect(api.callsTo("/api/shop/order/create-order")).toHaveLength(0)
  })

  it("keeps what the guest typed in localStorage guestAddress, and prefills from it", async () => {
    seedGuestCart()
    fakeApi()
    const first = renderApp("/checkout")
    await screen.findByRole("heading", { name: "Delivery Information" })
    fillGuest({ City: "Sylhet" })
    expect(screen.getByTestId("delivery-area")).toHaveTextContent("Delivery area: Outside Dhaka")
    expect(JSON.parse(window.localStorage.getItem("guestAddress")!)).toMatchObject({
      address: "House 1, Road 2",
      city: "Sylhet",
      pincode: "1207",
      number: "01712345678",
      guestName: "Karim Ahmed",
    })
    first.unmount()
    renderApp("/checkout")
    await screen.findByRole("heading", { name: "Delivery Information" })
    expect(screen.getByLabelText("City")).toHaveValue("Sylhet")
  })

  it("prefills name, email, phone and address from navigation state", async () => {
    fakeApi()
    renderApp("/checkout", { name: "Salma", email: "salma@example.com", phone: "01999999999", address: "Road 9" })
    await screen.findByRole("heading", { name: "Delivery Information" })
    expect(screen.getByLabelText("Full Name")).toHaveValue("Salma")
    expect(screen.getByLabelText("Email")).toHaveValue("salma@example.com")
    expect(screen.getByLabelText("Phone")).toHaveValue("01999999999")
    expect(screen.getByLabelText("Address")).toHaveValue("Road 9")
  })

  it("places the order, clears the guest cart and after 1000 ms opens /order-confirmation with the confirmation", async () => {
    seedGuestCart()
    const api = fakeApi()
    const { router } = renderApp("/checkout")
    await screen.findByRole("heading", { name: "Delivery Information" })
    fillGuest({ Pincode: " 1207 " })
    vi.useFakeTimers({ shouldAdvanceTime: true })
    fireEvent.click(checkoutButton())
    expect(await screen.findByRole("status")).toHaveTextContent("Order created successfully!")

    const [call] = api.callsTo("/api/shop/order/create-order", "POST")
    expect(call!.body).toMatchObject({
      isGuest: true,
      guestName: "Karim Ahmed",
      guestEmail: "karim@example.com",
      guestPhone: "01712345678",
      landingPageSlug: null,
      cartItems: [
        { productId: "p1", title: "Polo", image: POLO.image, price: 1490, quantity: 2 },
        { productId: "p2", title: "Tee", image: "tee.png", price: 990, quantity: 1 },
      ],
      addressInfo: [{ address: "House 1, Road 2", city: "Dhaka", pincode: "1207", number: "01712345678", notes: "" }],
      TotalAmount: 3970,
      orderStatus: "pending",
    })
    expect(window.localStorage.getItem("guestCart")).toBeNull()
    expect(window.localStorage.getItem("guestAddress")).toBeNull()
    expect(router.state.location.pathname).toBe("/checkout")

    await act(async () => {
      vi.advanceTimersByTime(1000)
    })
    await waitFor(() => expect(router.state.location.pathname).toBe("/order-confirmation"))
    expect(router.state.location.state).toEqual({ orderData: CONFIRMATION })
  })

  it("stays on checkout with 'Failed to create order. Please try again.' when the order is refused", async () => {
    seedGuestCart()
    fakeApi({
      override: (call) =>
        call.path === "/api/shop/order/create-order"
          ? { status: 409, body: { success: false, message: "Only 1 left of Polo" } }
          : undefined,
    })
    const { router } = renderApp("/checkout")
    await screen.findByRole("heading", { name: "Delivery Information" })
    fillGuest()
    fireEvent.click(checkoutButton())
    const alert = await screen.findByRole("alert")
    expect(alert).toHaveTextContent("Failed to create order. Please try again.")
    expect(alert).toHaveTextContent("Only 1 left of Polo")
    expect(router.state.location.pathname).toBe("/checkout")
    expect(JSON.parse(window.localStorage.getItem("guestCart")!).items).toHaveLength(2)
    expect(checkoutButton()).toBeEnabled()
  })
})

describe("/checkout paying by bKash", () => {
  const PAY_URL = "https://bkash.example/pay?paymentID=TR0011CK"
  const bkashShop = (options: Record<string, unknown> = { bkash: true, bkashRequiredFor: "never", offerBkash: true }) =>
    fakeApi({
      override: (call) => {
        if (call.path === "/api/shop/order/payment-options") return { body: { success: true, data: options } }
        if (call.path === "/api/shop/order/create-order") {
          return {
            status: 201,
            body: {
              success: true,
              message: "Order created successfully!",
              data: { _id: "order_01", orderNumber: CONFIRMATION.orderNumber },
              confirmation: CONFIRMATION,
              payment: { method: "bkash_full", dueNow: 4030, dueOnDelivery: 0, bkashURL: PAY_URL, paid: false },
            },
          }
        }
        return undefined
      },
    })

  it("the button really pays with bKash: the chosen way is sent, and the shopper leaves for bKash's page", async () => {
    const gone = vi.spyOn(leave, "to").mockImplementation(() => undefined)
    seedGuestCart()
    const api = bkashShop()
    renderApp("/checkout")
    await screen.findByRole("heading", { name: "Delivery Information" })
    const payment = within(await screen.findByTestId("payment-options"))
    expect(await payment.findByRole("radio", { name: /bKash \(full payment\)/ })).toBeInTheDocument()
    expect(payment.getByRole("radio", { name: /Cash on delivery/ })).toBeChecked()
    fillGuest({ City: "Dhaka" })
    expect(payment.getByText("৳4,030 now by bKash")).toBeInTheDocument()
    expect(payment.getByText("৳60 now by bKash, ৳3,970 on delivery")).toBeInTheDocument()
    fireEvent.click(payment.getByRole("radio", { name: /bKash \(full payment\)/ }))
    fireEvent.click(checkoutButton())
    await waitFor(() => expect(gone).toHaveBeenCalledWith(PAY_URL), { timeout: 3000 })
    expect(api.callsTo("/api/shop/order/create-order")[0]!.body).toMatchObject({ paymentMethod: "bkash_full" })
    expect(loadTrip("order_01")).toEqual(CONFIRMATION)
    gone.mockRestore()
  })

  it("bKash required for every order: no cash on delivery to choose; no bKash account: cash only", async () => {
    seedGuestCart()
    bkashShop({ bkash: true, bkashRequiredFor: "all", offerBkash: false })
    const first = renderApp("/checkout")
    const payment = within(await screen.findByTestId("payment-options"))
    await waitFor(() => expect(payment.getAllByRole("radio")).toHaveLength(2))
    expect(payment.getByRole("radio", { name: /Delivery charge by bKash/ })).toBeChecked()
    first.unmount()
    bkashShop({ bkash: false, bkashRequiredFor: "all", offerBkash: false })
    renderApp("/checkout")
    const cashOnly = within(await screen.findByTestId("payment-options"))
    await waitFor(() => expect(cashOnly.getAllByRole("radio").map((r) => r.getAttribute("value"))).toEqual(["cod"]))
  })
})

describe("/checkout signed in", () => {
  const cart = { _id: "cart_1", items: [{ productId: POLO, quantity: 2, _id: "cali_1" }] }

  it("preselects a customer's only saved address, and orders to it without a click", async () => {
    const api = fakeApi({ user: CUSTOMER, cart, addresses: [ADDRESSES[1]!] })
    renderApp("/checkout")
    const book = within(await screen.findByRole("list", { name: "Choose a delivery address" }))
    await waitFor(() => expect(book.getByTestId("address-card")).toHaveClass("is-selected"))
    expect(book.getByRole("radio", { name: "Deliver to Flat 5B, Chattogram" })).toBeChecked()
    fireEvent.click(checkoutButton())
    expect(await screen.findByRole("status")).toHaveTextContent("Order created successfully!")
    expect(api.callsTo("/api/shop/order/create-order", "POST")[0]!.body).toMatchObject({
      addressInfo: { addressId: "addr_2" },
    })
  })

  it("asks for an address, marks the chosen card, and orders the server cart to it", async () => {
    const api = fakeApi({ user: CUSTOMER, cart, addresses: ADDRESSES })
    const { router } = renderApp("/checkout")
    const book = within(await screen.findByRole("list", { name: "Choose a delivery address" }))
    await waitFor(() => expect(screen.getByTestId("cart-total")).toHaveTextContent("৳2,980"))
    expect(screen.queryByRole("heading", { name: "Delivery Information" })).not.toBeInTheDocument()

    fireEvent.click(checkoutButton())
    expect(await screen.findByRole("alert")).toHaveTextContent("Please select a delivery address before checkout!")

    const cards = book.getAllByTestId("address-card")
    fireEvent.click(cards[1]!)
    expect(cards[1]).toHaveClass("is-selected")
    expect(cards[0]).not.toHaveClass("is-selected")
    expect(book.getByRole("radio", { name: "Deliver to Flat 5B, Chattogram" })).toBeChecked()
    // Chattogram is outside Dhaka: ৳120 delivery, added to the Total before ordering
    expect(screen.getByTestId("cart-delivery")).toHaveTextContent("৳120")
    expect(screen.getByTestId("cart-total")).toHaveTextContent("৳3,100")

    vi.useFakeTimers({ shouldAdvanceTime: true })
    fireEvent.click(checkoutButton())
    expect(await screen.findByRole("status")).toHaveTextContent("Order created successfully!")
    expect(api.callsTo("/api/shop/order/create-order", "POST")[0]!.body).toMatchObject({
      userId: "cus_1",
      cartId: "cart_1",
      addressInfo: { addressId: "addr_2" },
      TotalAmount: 2980,
      orderStatus: "pending",
      cartItems: [{ productId: "p1", title: "Polo", price: 1490, quantity: 2 }],
    })
    await act(async () => {
      vi.advanceTimersByTime(1000)
    })
    await waitFor(() => expect(router.state.location.pathname).toBe("/order-confirmation"))
  })
})
