import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { CUSTOMER, fakeApi } from "@/testing/fake-api"
import { renderApp } from "@/testing/test-utils"
import type { Address, Order } from "@shop/contract"

const ADDRESS: Address = {
  _id: "addr_1",
  userId: "cus_1",
  address: "House 1, Road 2",
  city: "Dhaka",
  pincode: "1207",
  number: "01711111111",
  notes: "Gate A",
}

// the second and third orders are older answers: no number, a partial address (read defensively)
const ORDERS = [
  {
    _id: "order_01jxyzabc123",
    orderNumber: "ORD-261122-7KQ4XM",
    orderDate: "2026-11-22T09:05:00.000Z",
    orderStatus: "pending",
    TotalAmount: 2980,
    isGuest: false,
    userId: { _id: "cus_1", username: "Rahim Uddin" },
    cartItems: [{ productId: "p1", title: "Polo", image: "", price: 1490, quantity: 2 }],
    addressInfo: [
      { address: "House 1, Road 2", city: "Dhaka", pincode: "1207", number: "01711111111", notes: "Gate A" },
    ],
  },
  {
    _id: "order_01jqqqqq9f8e7d",
    orderNumber: null,
    orderDate: "2026-11-20T09:05:00.000Z",
    orderStatus: "delivered",
    TotalAmount: 990,
    isGuest: false,
    courier: {
      provider: "steadfast",
      courierName: "Steadfast",
      consignmentId: "1424107",
      trackingCode: "15BAEB8A",
      courierStatus: "delivered",
      trackingUrl: "https://steadfast.com.bd/t/15BAEB8A",
      collectedAmount: null,
      deliveryCharge: null,
      settledAmount: null,
      payoutId: null,
      onHold: false,
      outcome: "delivered",
      updatedAt: "2026-11-21T09:05:00.000Z",
    },
    cartItems: [],
    addressInfo: [{ address: "Flat 5B", city: "Chattogram", pincode: "4000" }],
  },
  {
    _id: "order_3",
    orderNumber: "ORD-3",
    orderDate: "2026-11-19T09:05:00.000Z",
    orderStatus: "cancelled",
    TotalAmount: 100,
    isGuest: false,
    cartItems: [],
    addressInfo: [],
  },
] as unknown as Order[]

const fill = (values: Record<string, string>) => {
  for (const [placeholder, value] of Object.entries(values)) {
    fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } })
  }
}

const FULL = {
  "Enter your address": "Flat 5B",
  "Enter your city": "Chattogram",
  "Enter your pincode": "4000",
  "Enter your phone number": "01822222222",
  "Enter any additional notes": "Ring twice",
}

describe("/profile", () => {
  it("opens on the 'Address' tab with the add form; submit stays disabled until all five fields are filled", async () => {
    const api = fakeApi({ user: CUSTOMER })
    renderApp("/profile")
    expect(await screen.findByRole("tab", { name: "Address" })).toHaveAttribute("aria-selected", "true")
    expect(screen.getByRole("tab", { name: "Orders" })).toHaveAttribute("aria-selected", "false")
    expect(await screen.findByRole("heading", { name: "Add New Address" })).toBeInTheDocument()
    const submit = screen.getByRole("button", { name: "Add Address" })
    expect(submit).toBeDisabled()
    fill({ ...FULL, "Enter any additional notes": "" })
    expect(submit).toBeDisabled()
    fill(FULL)
    expect(submit).toBeEnabled()
    fireEvent.click(submit)
    expect(await screen.findByRole("status")).toHaveTextContent("Address added successfully")
    expect(api.callsTo("/api/shop/address/add", "POST")[0]!.body).toEqual({
      userId: "cus_1",
      address: "Flat 5B",
      city: "Chattogram",
      pincode: "4000",
      number: "01822222222",
      notes: "Ring twice",
    })
    expect(await screen.findByRole("heading", { name: "Flat 5B" })).toBeInTheDocument()
    expect(screen.getByPlaceholderText("Enter your address")).toHaveValue("")
  })

  it("Edit switches to 'Edit Address' / 'Update Address'; a successful update goes back to add mode", async () => {
    const api = fakeApi({ user: CUSTOMER, addresses: [ADDRESS] })
    renderApp("/profile")
    const card = await screen.findByTestId("address-card")
    fireEvent.click(within(card).getByRole("button", { name: "Edit" }))
    expect(screen.getByRole("heading", { name: "Edit Address" })).toBeInTheDocument()
    expect(screen.getByPlaceholderText("Enter your city")).toHaveValue("Dhaka")
    fill({ "Enter your city": "Dhaka North" })
    fireEvent.click(screen.getByRole("button", { name: "Update Address" }))
    expect(await screen.findByRole("status")).toHaveTextContent("Address updated successfully")
    expect(api.callsTo("/api/shop/address/update/cus_1/addr_1", "PUT")[0]!.body).toEqual({
      address: "House 1, Road 2",
      city: "Dhaka North",
      pincode: "1207",
      number: "01711111111",
      notes: "Gate A",
    })
    expect(await screen.findByRole("heading", { name: "Add New Address" })).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Add Address" })).toBeDisabled()
    expect(await screen.findByText("Dhaka North")).toBeInTheDocument()
  })

  it("deletes an address; a failed update shows the server message", async () => {
    fakeApi({
      user: CUSTOMER,
      addresses: [ADDRESS],
      override: (call) =>
        call.method === "PUT" ? { status: 400, body: { success: false, message: "City is required" } } : undefined,
    })
    renderApp("/profile")
    const card = await screen.findByTestId("address-card")
    fireEvent.click(within(card).getByRole("button", { name: "Edit" }))
    fireEvent.click(screen.getByRole("button", { name: "Update Address" }))
    expect(await screen.findByRole("alert")).toHaveTextContent("City is required")
    expect(screen.getByRole("heading", { name: "Edit Address" })).toBeInTheDocument()

    fireEvent.click(within(card).getByRole("button", { name: "Delete" }))
    expect(await screen.findByRole("status")).toHaveTextContent("Address deleted successfully")
    await waitFor(() => expect(screen.queryByTestId("address-card")).not.toBeInTheDocument())
    expect(screen.getByRole("heading", { name: "Add New Address" })).toBeInTheDocument()
  })

  it("Orders tab: 'Your Orders' table with id, date, coloured status, price and the details dialog", async () => {
    fakeApi({ user: CUSTOMER, orders: ORDERS })
    renderApp("/profile")
    fireEvent.click(await screen.findByRole("tab", { name: "Orders" }))
    expect(screen.getByRole("heading", { name: "Your Orders" })).toBeInTheDocument()
    const table = await screen.findByRole("table")
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent)
    ).toEqual(["Order ID", "Order Date", "Order Status", "Order Price", "Details"])
    const rows = within(table).getAllByTestId("order-row")
    expect(within(rows[0]!).getByText("ORD-261122-7KQ4XM")).toBeInTheDocument()
    expect(within(rows[0]!).getByText("22 Nov 2026")).toBeInTheDocument()
    expect(within(rows[0]!).getByText("pending")).toHaveClass("badge--warning")
    expect(within(rows[0]!).getByText("৳2,980")).toBeInTheDocument()
    expect(within(rows[1]!).getByText("9F8E7D")).toBeInTheDocument()
    expect(within(rows[1]!).getByText("delivered")).toHaveClass("badge--success")
    expect(within(rows[2]!).getByText("cancelled")).toHaveClass("badge--danger")

    fireEvent.click(within(rows[0]!).getByRole("button", { name: "View Details" }))
    const dialog = within(screen.getByRole("dialog", { name: "Order Details" }))
    expect(dialog.getByText("Order Id")).toBeInTheDocument()
    expect(dialog.getByText("22 Nov 2026, 3:05 PM")).toBeInTheDocument()
    expect(dialog.getByText("Polo")).toBeInTheDocument()
    // a line shows '× 2' and its line total (2 x ৳1,490), not the unit price
    expect(dialog.getByText("× 2")).toBeInTheDocument()
    expect(dialog.getByTestId("order-item-total")).toHaveTextContent("৳2,980")
    expect(dialog.getByText("Shipping Info")).toBeInTheDocument()
    expect(dialog.getByText("Rahim Uddin")).toBeInTheDocument()
    expect(dialog.getByText("1207")).toBeInTheDocument()
    fireEvent.click(dialog.getByRole("button", { name: "Close" }))
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument()

    fireEvent.click(within(rows[1]!).getByRole("button", { name: "View Details" }))
    const second = within(screen.getByRole("dialog"))
    expect(second.getByText("nothing here")).toBeInTheDocument()
    // a parcel with a courier: its name, tracking code and the courier's tracking page
    const delivery = within(second.getByTestId("order-courier"))
    expect(delivery.getByText("Steadfast")).toBeInTheDocument()
    expect(delivery.getByText("15BAEB8A")).toBeInTheDocument()
    expect(delivery.getByRole("link", { name: "Track your parcel" })).toHaveAttribute(
      "href",
      "https://steadfast.com.bd/t/15BAEB8A"
    )
    fireEvent.click(second.getByRole("button", { name: "Close" }))
    // an order not yet with a courier has no delivery section
    fireEvent.click(within(rows[0]!).getByRole("button", { name: "View Details" }))
    expect(within(screen.getByRole("dialog")).queryByTestId("order-courier")).not.toBeInTheDocument()
  })

  it("Orders tab: 'No orders found' without orders, or when the load is rejected", async () => {
    fakeApi({
      user: CUSTOMER,
      override: (call) =>
        call.path.startsWith("/api/shop/order/get-orders/")
          ? { status: 500, body: { success: false, message: "down" } }
          : undefined,
    })
    renderApp("/profile")
    fireEvent.click(await screen.findByRole("tab", { name: "Orders" }))
    expect(await screen.findByText("No orders found")).toBeInTheDocument()
  })
})
