import { fireEvent, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { PHONE_CHECK_WORDS as WORDS } from "@/features/landing/components/phone-check-words"
import { CONFIRMATION } from "@/features/landing/testing/fixtures"
import { config } from "@/lib/config"
import { renderLandingApp, stubFetch } from "@/testing/test-utils"
import { PHONE_CHECK_BN, type PhoneCheckView } from "@shop/contract"

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

  describe("a held order's phone check", () => {
    const check = (over: Partial<PhoneCheckView> = {}): PhoneCheckView => ({
      orderId: "order_01HELD",
      state: "waiting",
      phone: "017•••••678",
      expiresAt: new Date(Date.now() + 300_000).toISOString(),
      resendAt: new Date(Date.now() + 60_000).toISOString(),
      triesLeft: 3,
      message: PHONE_CHECK_BN.sent("017•••••678"),
      ...over,
    })

    it("reads the check again, takes the code, and says what the server said: wrong, then right", async () => {
      const answers = [
        { status: 400, body: { success: false, message: PHONE_CHECK_BN.badCode, data: check() } },
        { status: 400, body: { success: false, message: PHONE_CHECK_BN.wrong(2), data: check({ triesLeft: 2 }) } },
        {
          status: 200,
          body: {
            success: true,
            message: PHONE_CHECK_BN.verified,
            data: check({ state: "verified", message: PHONE_CHECK_BN.verified }),
          },
        },
      ]
      const sent: unknown[] = []
      stubFetch((url, init) => {
        if (init?.method === "POST") {
          sent.push(JSON.parse(String(init.body)))
          expect(url.pathname).toBe("/api/shop/order/phone-check/order_01HELD/verify")
          return answers.shift()!
        }
        expect(url.pathname).toBe("/api/shop/order/phone-check/order_01HELD")
        return { status: 200, body: { success: true, message: "", data: check() } }
      })
      renderLandingApp("/order-confirmation", { state: { orderData: { ...CONFIRMATION, phoneCheck: check() } } })
      const panel = await screen.findByTestId("phone-check", {}, { timeout: 5000 })
      expect(panel).toHaveTextContent(PHONE_CHECK_BN.sent("017•••••678"))
      expect(within(panel).getByRole("button", { name: /সেকেন্ড পর নতুন কোড/ })).toBeDisabled()

      const input = within(panel).getByLabelText(WORDS.codeLabel)
      // not six digits: the server's words
      fireEvent.change(input, { target: { value: "12" } })
      fireEvent.click(within(panel).getByRole("button", { name: WORDS.verify }))
      expect(await within(panel).findByText(PHONE_CHECK_BN.badCode)).toBeInTheDocument()

      fireEvent.change(input, { target: { value: "123456" } })
      fireEvent.click(within(panel).getByRole("button", { name: WORDS.verify }))
      expect(await within(panel).findByText(PHONE_CHECK_BN.wrong(2))).toBeInTheDocument()
      fireEvent.change(input, { target: { value: "৬৫৪৩২১" } })
      fireEvent.click(within(panel).getByRole("button", { name: WORDS.verify }))
      expect(await screen.findByText(PHONE_CHECK_BN.verified)).toBeInTheDocument()
      expect(sent).toEqual([{ code: "12" }, { code: "123456" }, { code: "৬৫৪৩২১" }])
    })

    it("a locked check reads as such, with no field to type in", async () => {
      stubFetch(() => ({
        status: 200,
        body: {
          success: true,
          message: "",
          data: check({ state: "locked", resendAt: null, message: PHONE_CHECK_BN.locked }),
        },
      }))
      renderLandingApp("/order-confirmation", { state: { orderData: { ...CONFIRMATION, phoneCheck: check() } } })
      // the panel's own chunk loads first (lazily), then it reads the check again
      await screen.findByTestId("phone-check", {}, { timeout: 5000 })
      expect(await screen.findByText(PHONE_CHECK_BN.locked)).toBeInTheDocument()
      expect(screen.queryByLabelText(WORDS.codeLabel)).not.toBeInTheDocument()
    })

    it("an order without a check shows none and asks nothing", () => {
      const { fetchMock } = renderConfirmation({ orderData: CONFIRMATION })
      expect(screen.queryByTestId("phone-check")).not.toBeInTheDocument()
      expect(fetchMock).not.toHaveBeenCalled()
    })
  })
})
