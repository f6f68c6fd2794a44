import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { CONFIRMATION, landingPage } from "@/features/landing/testing/fixtures"
import { leave, saveTrip } from "@/lib/bkash"
import { loadTrip } from "@/lib/bkash-status"
import { renderLandingApp, stubFetch } from "@/testing/test-utils"
import type { BkashStatus, OrderPayment, PaymentOptions } from "@shop/contract"

type Posted = { path: string; body: unknown }

const OFFERED: PaymentOptions = { bkash: true, bkashRequiredFor: "never", offerBkash: true }
const ORDER_ID = "order_01ABC"
const PAYMENT: OrderPayment = {
  method: "bkash_advance",
  dueNow: 120,
  dueOnDelivery: 2390,
  bkashURL: "https://bkash.example/pay?paymentID=TR0011AB",
  paid: false,
}

/** The shop's API as the landing app and the page back from bKash call it. */
function bkashApi(
  options: {
    payment?: PaymentOptions | null
    paymentFailures?: number
    status?: BkashStatus[]
    pay?: OrderPayment
  } = {}
) {
  const posted: Posted[] = []
  let paymentFailures = options.paymentFailures ?? 0
  const statuses = [...(options.status ?? [])]
  const fetchMock = stubFetch((url, init) => {
    const post = init?.method === "POST"
    if (post) posted.push({ path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined })
    if (url.pathname.startsWith("/api/landing/")) return { body: { success: true, data: landingPage() } }
    if (url.pathname === "/api/shop/order/payment-options") {
      return options.payment === null || paymentFailures-- > 0
        ? { status: 503, body: { success: false, message: "down" } }
        : { body: { success: true, data: options.payment ?? OFFERED } }
    }
    if (url.pathname === "/api/shop/order/create-order") {
      return {
        status: 201,
        body: {
          success: true,
          message: "আপনার অর্ডার সফলভাবে সম্পন্ন হয়েছে",
          data: { _id: ORDER_ID, orderNumber: CONFIRMATION.orderNumber },
          confirmation: CONFIRMATION,
          payment: PAYMENT,
        },
      }
    }
    if (url.pathname === `/api/shop/order/bkash/status/${ORDER_ID}`) {
      // GET reads the first; POST ("check again": the shop asks bKash) answers the next
      const status = post ? (statuses[1] ?? statuses[0]) : statuses[0]
      return status
        ? { body: { success: true, data: status } }
        : { status: 404, body: { success: false, message: "x" } }
    }
    if (url.pathname === `/api/shop/order/bkash/pay/${ORDER_ID}`) {
      return { body: { success: true, data: options.pay ?? PAYMENT } }
    }
    if (url.pathname === `/api/shop/order/bkash/cash/${ORDER_ID}`) {
      return {
        body: {
          success: true,
          message: "The order will be paid in cash on delivery",
          data: { _id: ORDER_ID },
          confirmation: CONFIRMATION,
        },
      }
    }
    return { status: 404, body: { success: false, message: "Not found" } }
  })
  return { fetchMock, posted }
}

const form = () => within(screen.getByTestId("order-form"))
const choice = (name: RegExp) => form().getByRole("radio", { name })

afterEach(() => {
  vi.restoreAllMocks()
  window.sessionStorage.clear()
})

describe("the landing form with bKash", () => {
  async function openForm(payment?: PaymentOptions | null, paymentFailures = 0) {
    const api = bkashApi({ payment, paymentFailures })
    const view = renderLandingApp("/landing/demo")
    await screen.findByTestId("landing-page")
    // the options are read once the shopper starts on the form, never with the page
    expect(api.fetchMock.mock.calls.some(([u]) => String(u).includes("payment-options"))).toBe(false)
    fireEvent.focus(form().getByLabelText(/আপনার নাম/))
    return { ...api, ...view }
  }

  it("offers cash, the advance and full payment with what is due now and at the door, in Bengali", async () => {
    await openForm()
    expect(await form().findByRole("radio", { name: /বিকাশে অগ্রিম ডেলিভারি চার্জ/ })).not.toBeChecked()
    expect(choice(/ক্যাশ অন ডেলিভারি/)).toBeChecked()
    fireEvent.click(form().getByRole("radio", { name: /ঢাকার বাইরে/ }))
    // ৳2,390 and ৳120 delivery outside Dhaka
    expect(screen.getByTestId("payment-hint-bkash_advance")).toHaveTextContent(
      "এখন বিকাশে পরিশোধ: ৳120, ডেলিভারির সময় পরিশোধ: ৳2,390"
    )
    expect(screen.getByTestId("payment-hint-bkash_full")).toHaveTextContent("এখন বিকাশে পরিশোধ: ৳2,510")
    expect(screen.queryByTestId("summary-due-now")).toBeNull()
    fireEvent.click(choice(/বিকাশে অগ্রিম/))
    expect(screen.getByTestId("summary-due-now")).toHaveTextContent("৳120")
    expect(screen.getByTestId("summary-due-on-delivery")).toHaveTextContent("৳2,390")
    expect(form().getByRole("button", { name: "অর্ডার করুন ও বিকাশে পেমেন্ট দিন" })).toBeEnabled()
  })

  it("sends the chosen method, keeps the confirmation for the way back and leaves for bKash's page", async () => {
    const gone = vi.spyOn(leave, "to").mockImplementation(() => undefined)
    const { posted } = await openForm()
    fireEvent.click(await form().findByRole("radio", { name: /বিকাশে সম্পূর্ণ পেমেন্ট/ }))
    fireEvent.change(form().getByLabelText(/আপনার নাম/), { target: { value: "রহিম" } })
    fireEvent.change(form().getByLabelText(/মোবাইল নম্বর/), { target: { value: "01712345678" } })
    fireEvent.change(form().getByLabelText(/সম্পূর্ণ ঠিকানা/), { target: { value: "বাড়ি ১২, রাজশাহী" } })
    fireEvent.click(form().getByRole("button", { name: "অর্ডার করুন ও বিকাশে পেমেন্ট দিন" }))
    await waitFor(() => expect(gone).toHaveBeenCalledWith(PAYMENT.bkashURL), { timeout: 3000 })
    const order = posted.find((p) => p.path === "/api/shop/order/create-order")!
    expect(order.body).toMatchObject({ paymentMethod: "bkash_full", deliveryArea: "dhaka" })
    expect(loadTrip(ORDER_ID)).toEqual(CONFIRMATION)
    expect(form().getByRole("button", { name: "বিকাশে নিয়ে যাওয়া হচ্ছে..." })).toBeDisabled()
  })

  it("bKash required outside Dhaka: cash on delivery goes away there, and the advance is chosen", async () => {
    await openForm({ bkash: true, bkashRequiredFor: "outside_dhaka", offerBkash: false })
    // in Dhaka: cash only (the merchant offers bKash to no one else)
    await waitFor(() => expect(form().getAllByRole("radio", { name: /ক্যাশ|বিকাশ/ })).toHaveLength(1))
    fireEvent.click(form().getByRole("radio", { name: /ঢাকার বাইরে/ }))
    expect(form().queryByRole("radio", { name: /ক্যাশ অন ডেলিভারি/ })).toBeNull()
    expect(choice(/বিকাশে অগ্রিম/)).toBeChecked()
    expect(choice(/বিকাশে সম্পূর্ণ/)).not.toBeChecked()
  })

  it("options lost once on the way (a flaky network): read again, and bKash is offered", async () => {
    const { fetchMock } = await openForm(OFFERED, 1)
    expect(await form().findByRole("radio", { name: /বিকাশে অগ্রিম/ }, { timeout: 3000 })).toBeInTheDocument()
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes("payment-options"))).toHaveLength(2)
  })

  it("options that cannot be read, or no bKash account: cash on delivery only, as before", async () => {
    const { fetchMock } = await openForm(null)
    // read three times in all, then cash on delivery alone
    await waitFor(
      () => expect(fetchMock.mock.calls.filter(([u]) => String(u).includes("payment-options"))).toHaveLength(3),
      { timeout: 3000 }
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(
      form()
        .getAllByRole("radio", { name: /ক্যাশ|বিকাশ/ })
        .map((r) => r.getAttribute("value"))
    ).toEqual(["cod"])
  })
})

describe("/payment/bkash/{orderId}: back from bKash", () => {
  const status = (overrides: Partial<BkashStatus> = {}): BkashStatus => ({
    orderId: ORDER_ID,
    orderNumber: CONFIRMATION.orderNumber!,
    method: "bkash_advance",
    state: "awaiting",
    total: 2510,
    deliveryCharge: 120,
    dueNow: 120,
    dueOnDelivery: 2390,
    paid: 0,
    trxId: null,
    canPay: true,
    canPayCash: true,
    language: "bn",
    ...overrides,
  })

  it("paid: the confirmation kept before leaving, with what bKash received and what the courier collects", async () => {
    bkashApi({ status: [status({ state: "advance_paid", paid: 120, trxId: "TRX9AB12CD", canPay: false })] })
    saveTrip(ORDER_ID, CONFIRMATION)
    renderLandingApp(`/payment/bkash/${ORDER_ID}?result=advance_paid`)
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent(
      "বিকাশে অগ্রিম ডেলিভারি চার্জ পরিশোধ হয়েছে"
    )
    expect(screen.getByTestId("order-number")).toHaveTextContent(CONFIRMATION.orderNumber!)
    expect(screen.getByTestId("bkash-trx")).toHaveTextContent("TRX9AB12CD")
    expect(screen.getByTestId("bkash-due-on-delivery")).toHaveTextContent("৳2,390")
    expect(screen.getByText(CONFIRMATION.customerName!)).toBeInTheDocument()
  })

  it("paid, opened where the trip was not kept (another device): the shop's number and amounts, no made-up lines", async () => {
    bkashApi({ status: [status({ state: "advance_paid", paid: 120, trxId: "TRX9AB12CD", canPay: false })] })
    renderLandingApp(`/payment/bkash/${ORDER_ID}?result=advance_paid`)
    expect(await screen.findByTestId("order-number")).toHaveTextContent(CONFIRMATION.orderNumber!)
    expect(screen.getByTestId("confirmation-product-total")).toHaveTextContent("৳2,390")
    expect(screen.getByTestId("confirmation-delivery")).toHaveTextContent("৳120")
    expect(screen.getByTestId("confirmation-total")).toHaveTextContent("৳2,510")
    expect(screen.queryByText("৳0")).toBeNull()
    expect(screen.queryByText(CONFIRMATION.customerName!)).toBeNull()
  })

  it("the address cannot claim a payment: result=paid with an order still waiting says it is not paid", async () => {
    bkashApi({ status: [status()] })
    renderLandingApp(`/payment/bkash/${ORDER_ID}?result=paid`)
    expect(await screen.findByTestId("bkash-return")).toHaveAttribute("data-state", "awaiting")
    expect(screen.queryByTestId("bkash-paid")).toBeNull()
  })

  it("failed: paying again goes to bKash's new page; cash on delivery shows the order's confirmation", async () => {
    const gone = vi.spyOn(leave, "to").mockImplementation(() => undefined)
    const { posted } = bkashApi({ status: [status({ state: "failed" })] })
    const { router } = renderLandingApp(`/payment/bkash/${ORDER_ID}?result=failed`)
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent("বিকাশ পেমেন্ট সম্পন্ন হয়নি")
    fireEvent.click(screen.getByRole("button", { name: "আবার বিকাশে পেমেন্ট করুন" }))
    await waitFor(() => expect(gone).toHaveBeenCalledWith(PAYMENT.bkashURL))
    fireEvent.click(screen.getByRole("button", { name: "ক্যাশ অন ডেলিভারিতে নিন" }))
    await waitFor(() => expect(router.state.location.pathname).toBe("/order-confirmation"))
    expect(router.state.location.state).toEqual({ orderData: CONFIRMATION })
    expect(posted.map((p) => p.path)).toEqual([
      `/api/shop/order/bkash/pay/${ORDER_ID}`,
      `/api/shop/order/bkash/cash/${ORDER_ID}`,
    ])
  })

  it("cancelled on bKash's page says so; bKash down again when paying again: said in Bengali, cash still offered", async () => {
    bkashApi({ status: [status()], pay: { ...PAYMENT, bkashURL: null, problem: "bKash cannot be reached" } })
    renderLandingApp(`/payment/bkash/${ORDER_ID}?result=cancelled`)
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent("বিকাশ পেমেন্ট বাতিল করা হয়েছে")
    fireEvent.click(screen.getByRole("button", { name: "আবার বিকাশে পেমেন্ট করুন" }))
    expect(await screen.findByRole("alert")).toHaveTextContent("এই মুহূর্তে সম্ভব হয়নি। একটু পরে আবার চেষ্টা করুন।")
    expect(screen.getByRole("button", { name: "ক্যাশ অন ডেলিভারিতে নিন" })).toBeEnabled()
  })

  it("pending: no second payment offered, only 'check again', which asks the shop to ask bKash", async () => {
    const { posted } = bkashApi({ status: [status(), status({ state: "paid", paid: 2510, canPay: false })] })
    renderLandingApp(`/payment/bkash/${ORDER_ID}?result=pending`)
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent("পেমেন্ট যাচাই করা হচ্ছে...")
    expect(screen.queryByRole("button", { name: "আবার বিকাশে পেমেন্ট করুন" })).toBeNull()
    fireEvent.click(screen.getByRole("button", { name: "আবার চেষ্টা করুন" }))
    expect(await screen.findByTestId("bkash-paid")).toBeInTheDocument()
    expect(posted.map((p) => p.path)).toEqual([`/api/shop/order/bkash/status/${ORDER_ID}`])
  })

  it("an order cancelled for want of payment: said so, nothing to pay; an unknown order: not found", async () => {
    bkashApi({ status: [status({ state: "expired", canPay: false })] })
    renderLandingApp(`/payment/bkash/${ORDER_ID}?result=failed`)
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent("অর্ডারটি বাতিল হয়েছে")
    expect(screen.queryByRole("button")).toBeNull()
  })

  it("cash not allowed for the order (the merchant requires bKash): only bKash again is offered", async () => {
    bkashApi({ status: [status({ state: "failed", canPayCash: false })] })
    renderLandingApp(`/payment/bkash/${ORDER_ID}?result=failed`)
    expect(await screen.findByRole("button", { name: "আবার বিকাশে পেমেন্ট করুন" })).toBeEnabled()
    expect(screen.queryByRole("button", { name: "ক্যাশ অন ডেলিভারিতে নিন" })).toBeNull()
  })

  it("refunded (the order was cancelled after paying): said so, never 'paid, shipping soon'", async () => {
    bkashApi({ status: [status({ state: "refunded", paid: 0, canPay: false })] })
    renderLandingApp(`/payment/bkash/${ORDER_ID}?result=paid`)
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent(
      "অর্ডারটি বাতিল হয়েছে, টাকা ফেরত দেওয়া হয়েছে"
    )
    expect(screen.queryByTestId("bkash-paid")).toBeNull()
  })

  it("an order the shop does not know: 'order not found'", async () => {
    bkashApi({ status: [] })
    renderLandingApp(`/payment/bkash/${ORDER_ID}?result=paid`)
    expect(await screen.findByText("অর্ডারের তথ্য পাওয়া যায়নি")).toBeInTheDocument()
  })
})
