import { expect, test, type Page } from "@playwright/test"
import type { Product } from "@shop/contract"
import { holdTheApp, hydrated, pays, taka } from "./shop-helpers"

/**
 * The landing page's app starts after the page's first picture is on the
 * screen (src/lib/late-start.ts). A shopper on a slow line may act before it
 * has: here the app's code is held back on the wire while the shopper types,
 * chooses the area outside Dhaka and taps "+"; once the code arrives, the
 * order placed carries all of it.
 */
const DEMO = "salwar-kameez-offer"

/** The app's code, held back on the wire by holdTheApp. */
const APP_CHUNK = /\/assets\/landing-hydrate-[\w-]+\.js$/

/** Opens the demo page and fills the form's name, phone and address (the app may not have arrived yet). */
async function openAndFill(page: Page, shopper: { name: string; phone: string; address: string }) {
  await page.goto(`/landing/${DEMO}`)
  const form = page.getByTestId("order-form")
  await form.getByLabel(/আপনার নাম/).fill(shopper.name)
  await form.getByLabel(/মোবাইল নম্বর/).fill(shopper.phone)
  await form.getByLabel(/সম্পূর্ণ ঠিকানা/).fill(shopper.address)
  return form
}

test("the app's code comes after the first picture, and is not preloaded with the page", async ({ page }) => {
  const order: string[] = []
  page.on("requestfinished", (req) => {
    const url = new URL(req.url())
    if (req.resourceType() === "image" && /-\d+w\.\w+$/.test(url.pathname)) order.push("picture")
    if (/\/assets\/landing-hydrate-/.test(url.pathname)) order.push("app")
  })
  const res = await page.goto(`/landing/${DEMO}`)
  const html = (await res!.text()) ?? ""
  expect(html).not.toMatch(/rel="modulepreload"[^>]*landing-hydrate/)
  expect(html).toMatch(/<img [^>]*fetchpriority="high"/)
  await expect.poll(() => hydrated(page, "order-form")).toBe(true)
  expect(order.indexOf("picture")).toBeGreaterThanOrEqual(0)
  expect(order.indexOf("app")).toBeGreaterThan(order.indexOf("picture"))
})

test("the app's code is asked for once the first picture is on the screen, not in the frame that draws it", async ({
  page,
}) => {
  await page.goto(`/landing/${DEMO}`)
  await expect.poll(() => hydrated(page, "order-form")).toBe(true)
  // the browser's own record: when the picture (not its placeholder) was shown, when the app's code was asked for
  const { shown, asked } = await page.evaluate(
    () =>
      new Promise<{ shown: number; asked: number }>((resolve) => {
        type Shown = PerformanceEntry & { identifier: string; url: string; renderTime: number }
        new PerformanceObserver((list, observer) => {
          const entry = list
            .getEntries()
            .find((e): e is Shown => (e as Shown).identifier === "first-picture" && /^https?:/.test((e as Shown).url))
          if (!entry) return
          observer.disconnect()
          const app = performance.getEntriesByType("resource").find((r) => /\/assets\/landing-hydrate-/.test(r.name))
          resolve({ shown: entry.renderTime, asked: app?.startTime ?? -1 })
        }).observe({ type: "element", buffered: true })
      })
  )
  expect(shown).toBeGreaterThan(0)
  expect(asked).toBeGreaterThanOrEqual(shown)
})

test("what a shopper types, chooses and taps before the app arrives is in the order it places", async ({
  page,
  request,
}) => {
  const landing = await request.get(`/api/landing/${DEMO}`)
  const product = ((await landing.json()) as { data: { productId: Product } }).data.productId
  const unit = pays(product)
  const app = await holdTheApp(page, APP_CHUNK)

  const form = await openAndFill(page, {
    name: "আগে টাইপ করা ক্রেতা",
    phone: "01712345679",
    address: "বাড়ি ৯, রোড ৪, উত্তরা, ঢাকা",
  })
  await form.getByRole("radio", { name: /ঢাকার বাইরে/ }).check()
  // the tap on "+" is held while the app is on its way
  await form.getByRole("button", { name: "পরিমাণ বাড়ান" }).click()
  await expect.poll(app.asked).toBe(true)
  expect(await hydrated(page, "order-form")).toBe(false)

  app.release()
  await expect.poll(() => hydrated(page, "order-form")).toBe(true)
  await expect(form.getByRole("spinbutton", { name: "পরিমাণ" })).toHaveValue("2")
  await expect(form.getByRole("radio", { name: /ঢাকার বাইরে/ })).toBeChecked()
  await expect(page.getByTestId("summary-delivery")).toHaveText("৳120")
  await expect(page.getByTestId("summary-total")).toHaveText(taka(unit * 2 + 120))
  await expect(form.getByLabel(/আপনার নাম/)).toHaveValue("আগে টাইপ করা ক্রেতা")

  const answer = page.waitForResponse((res) => res.url().includes("/api/shop/order/create-order"))
  await form.getByRole("button", { name: "এখনই অর্ডার করুন" }).click()
  const response = await answer
  expect(response.status()).toBe(201)
  expect(response.request().postDataJSON()).toMatchObject({
    guestName: "আগে টাইপ করা ক্রেতা",
    guestPhone: "01712345679",
    deliveryArea: "outside",
    cartItems: [{ productId: product._id, quantity: 2 }],
  })
  const sent = response.request().postDataJSON() as { addressInfo: { address: string }[] }
  expect(sent.addressInfo[0]!.address).toContain("বাড়ি ৯, রোড ৪, উত্তরা")
  await expect(page).toHaveURL(/\/order-confirmation$/)
})

test("a tap on the order button before the app arrives places the order once it has", async ({ page }) => {
  const app = await holdTheApp(page, APP_CHUNK)
  const form = await openAndFill(page, {
    name: "তাড়াতাড়ি ক্রেতা",
    phone: "01712345680",
    address: "বাড়ি ১২, রোড ৩, মিরপুর, ঢাকা",
  })
  const sent: string[] = []
  page.on("request", (req) => {
    if (req.url().includes("/api/shop/order/create-order")) sent.push(req.method())
  })
  // the tap comes while the app's code is still on the wire: held, not lost
  await form.getByRole("button", { name: "এখনই অর্ডার করুন" }).click()
  await expect.poll(app.asked).toBe(true)
  expect(await hydrated(page, "order-form")).toBe(false)
  expect(sent).toEqual([])

  const answer = page.waitForResponse((res) => res.url().includes("/api/shop/order/create-order"))
  app.release()
  const response = await answer
  expect(response.status()).toBe(201)
  expect(response.request().postDataJSON()).toMatchObject({
    guestName: "তাড়াতাড়ি ক্রেতা",
    guestPhone: "01712345680",
  })
  await expect(page).toHaveURL(/\/order-confirmation$/)
  expect(sent).toEqual(["POST"])
})

test("a shopper who filled the form before the app arrived is offered bKash once it has, without touching it again", async ({
  page,
}) => {
  const app = await holdTheApp(page, APP_CHUNK)
  const form = await openAndFill(page, {
    name: "আগেভাগে ক্রেতা",
    phone: "01712345681",
    address: "বাড়ি ৫, রোড ২, রাজশাহী",
  })
  await form.getByRole("radio", { name: /ঢাকার বাইরে/ }).check()
  await expect.poll(app.asked).toBe(true)
  expect(await hydrated(page, "order-form")).toBe(false)

  app.release()
  await expect.poll(() => hydrated(page, "order-form")).toBe(true)
  // the stack offers bKash (scripts/lib/test-stack.ts): the choices come without another tap or key
  await expect(form.getByRole("radio", { name: /বিকাশে অগ্রিম ডেলিভারি চার্জ/ })).toBeVisible()
  await expect(form.getByRole("radio", { name: /ঢাকার বাইরে/ })).toBeChecked()
})
