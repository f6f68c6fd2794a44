import { act, fireEvent, screen, waitFor, within } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { DRAFT_SAVE_DELAY_MS } from "@/features/landing/hooks/use-landing-draft"
import { CONFIRMATION, landingPage } from "@/features/landing/testing/fixtures"
import { renderLandingApp, stubFetch } from "@/testing/test-utils"

/**
 * Incomplete orders: the landing form saves a draft once the phone
 * is valid, DRAFT_SAVE_DELAY_MS after the shopper stops typing, and on leaving
 * the page with navigator.sendBeacon.
 */

type Sent = { url: URL; body: unknown; headers: Headers }

function landingApi(
  order: { status: number; body: unknown } = {
    status: 201,
    body: {
      success: true,
      message: "আপনার অর্ডার সফলভাবে সম্পন্ন হয়েছে",
      data: { _id: "order_01ABC" },
      confirmation: CONFIRMATION,
    },
  }
) {
  const drafts: Sent[] = []
  const orders: Sent[] = []
  const fetchMock = stubFetch((url, init) => {
    const sent = () => ({ url, body: JSON.parse(String(init?.body)), headers: new Headers(init?.headers) })
    if (url.pathname === "/api/landing/demo/draft" && init?.method === "POST") {
      drafts.push(sent())
      // the server answers 204 with no body; the form reads nothing from it
      return { status: 200, body: {} }
    }
    if (url.pathname === "/api/landing/demo") return { body: { success: true, data: landingPage() } }
    if (url.pathname === "/api/shop/order/create-order") {
      orders.push(sent())
      return order
    }
    return { status: 404, body: { success: false, message: "Not found" } }
  })
  return { fetchMock, drafts, orders }
}

/** A sendBeacon that records what it was given. */
function stubBeacon(accept = true) {
  const beacons: { url: string; data: Blob }[] = []
  const sendBeacon = vi.fn((url: string, data: Blob) => {
    beacons.push({ url, data })
    return accept
  })
  Object.defineProperty(navigator, "sendBeacon", { value: sendBeacon, configurable: true, writable: true })
  return { sendBeacon, beacons }
}

async function openPage(order?: Parameters<typeof landingApi>[0]) {
  const api = landingApi(order)
  const view = renderLandingApp("/landing/demo")
  await screen.findByTestId("landing-page")
  // from here on the debounce runs on fake time
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] })
  return { ...api, ...view }
}

const form = () => within(screen.getByTestId("order-form"))
function type(values: { name?: string; phone?: string; address?: string }) {
  if (values.name !== undefined)
    fireEvent.change(form().getByLabelText(/আপনার নাম/), { target: { value: values.name } })
  if (values.phone !== undefined)
    fireEvent.change(form().getByLabelText(/মোবাইল নম্বর/), { target: { value: values.phone } })
  if (values.address !== undefined)
    fireEvent.change(form().getByLabelText(/সম্পূর্ণ ঠিকানা/), { target: { value: values.address } })
}
/** Lets `ms` of fake time pass, and the requests it starts reach the fake API. */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))

afterEach(() => {
  vi.useRealTimers()
  delete (navigator as { sendBeacon?: unknown }).sendBeacon
})

describe("landing drafts (incomplete orders)", () => {
  it("saves nothing until the phone is a valid Bangladeshi mobile", async () => {
    const { drafts } = await openPage()
    type({ name: "রহিম", address: "ধানমন্ডি" })
    await wait(DRAFT_SAVE_DELAY_MS * 3)
    type({ phone: "0171234567" }) // one digit short
    await wait(DRAFT_SAVE_DELAY_MS * 3)
    type({ phone: "01212345678" }) // no such operator
    await wait(DRAFT_SAVE_DELAY_MS * 3)
    expect(drafts).toEqual([])
  })

  it("saves once the shopper stops typing, then again only when something changed", async () => {
    const { drafts } = await openPage()
    type({ phone: "+880 1712-345678" })
    await wait(DRAFT_SAVE_DELAY_MS - 100)
    type({ name: "  রহিম উদ্দিন " }) // typing again waits again
    await wait(DRAFT_SAVE_DELAY_MS - 100)
    expect(drafts).toEqual([])
    await wait(100)
    expect(drafts).toHaveLength(1)
    expect(drafts[0]!.body).toEqual({ phone: "01712345678", name: "রহিম উদ্দিন", quantity: 1, deliveryArea: "dhaka" })
    expect(drafts[0]!.headers.get("content-type")).toBe("application/json")

    // nothing new: nothing sent
    await wait(DRAFT_SAVE_DELAY_MS * 3)
    expect(drafts).toHaveLength(1)

    type({ address: "বাড়ি ১২, ধানমন্ডি" })
    fireEvent.click(form().getByRole("radio", { name: /ঢাকার বাইরে/ }))
    fireEvent.click(form().getByRole("button", { name: "পরিমাণ বাড়ান" }))
    await wait(DRAFT_SAVE_DELAY_MS)
    expect(drafts).toHaveLength(2)
    expect(drafts[1]!.body).toEqual({
      phone: "01712345678",
      name: "রহিম উদ্দিন",
      address: "বাড়ি ১২, ধানমন্ডি",
      quantity: 2,
      deliveryArea: "outside",
    })
  })

  it("on leaving the page sends what is unsaved with sendBeacon, as a JSON Blob, once", async () => {
    const { drafts } = await openPage()
    const { sendBeacon, beacons } = stubBeacon()
    type({ phone: "01812345678", name: "করিম" })
    await wait(DRAFT_SAVE_DELAY_MS / 2)

    act(() => {
      window.dispatchEvent(new Event("pagehide"))
    })
    expect(sendBeacon).toHaveBeenCalledTimes(1)
    expect(beacons[0]!.url).toBe("/api/landing/demo/draft")
    expect(beacons[0]!.data.type).toBe("application/json")
    expect(JSON.parse(await beacons[0]!.data.text())).toEqual({
      phone: "01812345678",
      name: "করিম",
      quantity: 1,
      deliveryArea: "dhaka",
    })

    // the pending save was the beacon's: no second copy
    await wait(DRAFT_SAVE_DELAY_MS * 2)
    expect(drafts).toEqual([])
    act(() => {
      window.dispatchEvent(new Event("pagehide"))
    })
    expect(sendBeacon).toHaveBeenCalledTimes(1)

    // the tab hidden (a phone switching apps) counts as leaving too
    type({ address: "মিরপুর ১০" })
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true })
    try {
      act(() => {
        document.dispatchEvent(new Event("visibilitychange"))
      })
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState
    }
    expect(sendBeacon).toHaveBeenCalledTimes(2)
    expect(JSON.parse(await beacons[1]!.data.text())).toMatchObject({ address: "মিরপুর ১০" })
  })

  it("falls back to a request when the browser refuses the beacon", async () => {
    const { drafts } = await openPage()
    stubBeacon(false)
    type({ phone: "01912345678" })
    act(() => {
      window.dispatchEvent(new Event("pagehide"))
    })
    await wait(0)
    expect(drafts).toHaveLength(1)
    expect(drafts[0]!.body).toEqual({ phone: "01912345678", quantity: 1, deliveryArea: "dhaka" })
  })

  it("leaving for another page of the shop saves what is unsaved", async () => {
    const { drafts, router } = await openPage()
    type({ phone: "01512345678", name: "Nila" })
    await act(() => router.navigate("/"))
    await wait(0)
    expect(drafts).toHaveLength(1)
    expect(drafts[0]!.body).toMatchObject({ phone: "01512345678", name: "Nila" })
  })

  it("saves nothing while the order is sent or after it was placed, not even on leaving", async () => {
    const { drafts, orders, router } = await openPage()
    const { sendBeacon } = stubBeacon()
    type({ name: "রহিম", phone: "01712345678", address: "ধানমন্ডি" })
    fireEvent.click(form().getByRole("button", { name: "এখনই অর্ডার করুন" }))
    await wait(3000)
    expect(orders).toHaveLength(1)
    act(() => {
      window.dispatchEvent(new Event("pagehide"))
    })
    vi.useRealTimers()
    await waitFor(() => expect(router.state.location.pathname).toBe("/order-confirmation"), { timeout: 5000 })
    expect(drafts).toEqual([])
    expect(sendBeacon).not.toHaveBeenCalled()
  })

  it("a refused order leaves the form saving its draft again", async () => {
    const message = "দুঃখিত, স্টক শেষ"
    const { drafts, orders } = await openPage({ status: 409, body: { success: false, message } })
    type({ name: "রহিম", phone: "01712345678", address: "ধানমন্ডি" })
    fireEvent.click(form().getByRole("button", { name: "এখনই অর্ডার করুন" }))
    await wait(0)
    expect(orders).toHaveLength(1)
    expect(screen.getByRole("alert")).toHaveTextContent(message)
    await wait(DRAFT_SAVE_DELAY_MS)
    expect(drafts).toHaveLength(1)
    expect(drafts[0]!.body).toMatchObject({ phone: "01712345678", name: "রহিম", address: "ধানমন্ডি" })
  })
})
