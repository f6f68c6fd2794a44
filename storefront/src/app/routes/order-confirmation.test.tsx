import { screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { CONFIRMATION } from "@/features/landing/testing/fixtures"
import { config } from "@/lib/config"
import { renderLandingApp, stubFetch } from "@/testing/test-utils"

/** The real route table at /order-confirmation with `state` as the navigation state. */
function renderConfirmation(state?: unknown) {
  // a public page: it asks the API nothing
  const fetchMock = stubFetch(() => ({ status: 401, body: { success: false, message: "Unauthorised user!" } }))
  const view = renderLandingApp("/order-confirmation", { state })
  return { ...view, fetchMock }
}

describe("/order-confirmation", () => {
  it('without order data: a Bengali "order information not found" and a way home', () => {
    const { fetchMock } = renderConfirmation()
    expect(screen.getByRole("heading", { name: "অর্ডারের তথ্য পাওয়া যায়নি" })).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "হোমপেজে ফিরে যান" })).toHaveAttribute("href", "/")
    expect(screen.queryByTestId("order-number")).not.toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("ignores state that is not order data", () => {
    renderConfirmation({ orderData: "ORD-1" })
    expect(screen.getByRole("heading", { name: "অর্ডারের তথ্য পাওয়া যায়নি" })).toBeInTheDocument()
  })

  it("shows the confirmation: badge, number, customer, area, items and totals in taka, support phone", () => {
    renderConfirmation({ orderData: CONFIRMATION })
    expect(screen.getByRole("heading", { level: 1, name: "ধন্যবাদ! আপনার অর্ডারটি গ্রহণ করা হয়েছে" })).toBeInTheDocument()
    expect(screen.getByTestId("confirmation-badge")).toHaveTextContent("অর্ডার কনফার্মড")
    expect(screen.getByTestId("order-number")).toHaveTextContent("ORD-261122-7KQ4XM")

    const details = within(screen.getByRole("region", { name: "গ্রাহকের তথ্য" }))
    expect(details.getByText("রহিম উদ্দিন")).toBeInTheDocument()
    expect(details.getByText("01712345678")).toBeInTheDocument()
    expect(details.getByText("বাড়ি ১২, রোড ৫, ধানমন্ডি, ঢাকা")).toBeInTheDocument()
    expect(details.getByText("ঢাকার বাইরে")).toBeInTheDocument()
    // no email given: no email row
    expect(details.queryByText("ইমেইল")).not.toBeInTheDocument()

    const [item] = screen.getAllByTestId("confirmation-item")
    expect(item).toHaveTextContent("Cotton Salwar Kameez")
    expect(item).toHaveTextContent("পরিমাণ: 2 × ৳2,390")
    expect(item).toHaveTextContent("৳4,780")
    expect(screen.getByTestId("confirmation-product-total")).toHaveTextContent("৳4,780")
    expect(screen.getByTestId("confirmation-delivery")).toHaveTextContent("৳120")
    expect(screen.getByTestId("confirmation-total")).toHaveTextContent("৳4,900")

    expect(screen.getByRole("link", { name: config.supportPhone })).toHaveAttribute(
      "href",
      `tel:${config.supportPhone.replace(/[^0-9+]/g, "")}`
    )
    expect(screen.getByRole("link", { name: "হোমপেজে ফিরে যান" })).toHaveAttribute("href", "/")
    expect(document.querySelector(".shop-header")).toBeNull()
  })

  it("shop checkout data: email shown, no delivery area, charge 0; number falls back to the id, then N/A", () => {
    renderConfirmation({
      orderData: {
        ...CONFIRMATION,
        orderNumber: "",
        customerEmail: "rahim@example.com",
        deliveryArea: null,
        deliveryCharge: 0,
        productTotal: 4780,
        totalAmount: 4780,
      },
    })
    expect(screen.getByTestId("order-number")).toHaveTextContent("order_01ABC")
    const details = within(screen.getByRole("region", { name: "গ্রাহকের তথ্য" }))
    expect(details.getByText("rahim@example.com")).toBeInTheDocument()
    expect(details.queryByText("ডেলিভারি এলাকা")).not.toBeInTheDocument()
    expect(screen.getByTestId("confirmation-delivery")).toHaveTextContent("৳0")
    expect(screen.getByTestId("confirmation-total")).toHaveTextContent("৳4,780")
  })

  it("shows 'N/A' without any number, and dhaka as inside Dhaka", () => {
    renderConfirmation({ orderData: { ...CONFIRMATION, orderNumber: null, orderId: null, deliveryArea: "dhaka" } })
    expect(screen.getByTestId("order-number")).toHaveTextContent("N/A")
    expect(screen.getByText("ঢাকার ভিতরে")).toBeInTheDocument()
  })

  it("renders order text as text, never as HTML", () => {
    const evil = "<img src=x onerror=alert(1)>"
    renderConfirmation({
      orderData: {
        ...CONFIRMATION,
        customerName: evil,
        items: [{ title: evil, image: "javascript:x", price: 1, quantity: 1 }],
      },
    })
    expect(screen.getAllByText(evil)).toHaveLength(2)
    expect(document.querySelector('img[src="x"]')).toBeNull()
    expect(document.querySelector('img[src^="javascript"]')).toBeNull()
  })
})
