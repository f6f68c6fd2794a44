import { expect, test, type Browser, type Page, type Request } from "@playwright/test"
import type { Order } from "@shop/contract"
import { fillGuestDelivery, hydrated, notice, productByTitle, signInAdmin } from "./shop-helpers"

/**
 * One tap, one order: a shopper who taps the order button twice,
 * or taps again after the answer was lost on a flaky connection, gets one
 * order. Each tap really reaches the server here (the client sends the
 * attempt's Idempotency-Key with every one), so the server's exactly-once is
 * what is proven, not only a disabled button.
 */

const DEMO = "salwar-kameez-offer"
const TEE = "Classic Cotton Polo"
const CREATE_ORDER = "/api/shop/order/create-order"

/** The shop's orders for a phone, as the merchant's admin sees them. */
async function ordersOfPhone(browser: Browser, phone: string): Promise<Order[]> {
  const context = await browser.newContext()
  try {
    const admin = await context.newPage()
    await signInAdmin(admin)
    const found = await admin.request.get(`/api/admin/order/all-orders?q=${phone}`)
    expect(found.status()).toBe(200)
    return ((await found.json()) as { data: Order[] }).data
  } finally {
    await context.close()
  }
}

/** Every create-order request the page sends. */
function orderRequests(page: Page): Request[] {
  const sent: Request[] = []
  page.on("request", (req) => {
    if (req.url().endsWith(CREATE_ORDER) && req.method() === "POST") sent.push(req)
  })
  return sent
}

/** Two taps in one go, as a thumb does on a slow phone: both before the page can redraw. */
async function doubleTap(page: Page, name: string) {
  await page
    .getByRole("button", { name, exact: true })
    .last()
    .evaluate((button: HTMLButtonElement) => {
      button.click()
      button.click()
    })
}

async function fillLandingForm(page: Page, phone: string) {
  const form = page.getByTestId("order-form")
  // taps before the app has started are held and made again as one (landing-late-start.spec.ts):
  // here each tap must reach the server, so the app is let start first
  await expect.poll(() => hydrated(page, "order-form")).toBe(true)
  await form.getByLabel(/আপনার নাম/).fill("ডাবল ট্যাপ")
  await form.getByLabel(/মোবাইল নম্বর/).fill(phone)
  await form.getByLabel(/সম্পূর্ণ ঠিকানা/).fill("বাড়ি ৯, রোড ৪, উত্তরা, ঢাকা")
}

test("landing form: a double tap on the order button makes one order", async ({ page, browser }) => {
  const phone = "01910000001"
  const sent = orderRequests(page)
  await page.goto(`/landing/${DEMO}`)
  await fillLandingForm(page, phone)
  const answered = page.waitForResponse((r) => r.url().endsWith(CREATE_ORDER))
  await doubleTap(page, "এখনই অর্ডার করুন")
  expect((await answered).status()).toBe(201)
  await expect(page).toHaveURL(/\/order-confirmation$/)
  const number = await page.getByTestId("order-number").textContent()

  // both taps went out, each with the one attempt's key
  expect(sent).toHaveLength(2)
  const keys = new Set(await Promise.all(sent.map(async (r) => (await r.allHeaders())["idempotency-key"])))
  expect(keys.size).toBe(1)
  expect([...keys][0]).toMatch(/^[0-9a-f]{32}$/)
  const orders = await ordersOfPhone(browser, phone)
  expect(orders.map((o) => o.orderNumber)).toEqual([number])
})

test("landing form: the answer is lost, the shopper taps again, and gets the same one order", async ({
  page,
  browser,
}) => {
  const phone = "01910000002"
  const sent = orderRequests(page)
  await page.goto(`/landing/${DEMO}`)
  await fillLandingForm(page, phone)
  // the first order reaches the shop, its answer never reaches the phone
  let lost = false
  await page.route(`**${CREATE_ORDER}`, async (route) => {
    if (lost) return route.continue()
    lost = true
    await route.fetch()
    await route.abort("connectionreset")
  })
  await page.getByRole("button", { name: "এখনই অর্ডার করুন", exact: true }).last().click()
  await expect(page.getByRole("alert")).toBeVisible()
  expect(await ordersOfPhone(browser, phone)).toHaveLength(1)

  const answered = page.waitForResponse((r) => r.url().endsWith(CREATE_ORDER))
  await page.getByRole("button", { name: "এখনই অর্ডার করুন", exact: true }).last().click()
  expect((await answered).status()).toBe(201)
  await expect(page).toHaveURL(/\/order-confirmation$/)
  const number = await page.getByTestId("order-number").textContent()

  expect(sent).toHaveLength(2)
  const [first, second] = await Promise.all(sent.map((r) => r.allHeaders()))
  expect(second["idempotency-key"]).toBe(first["idempotency-key"])
  expect((await ordersOfPhone(browser, phone)).map((o) => o.orderNumber)).toEqual([number])
})

test("shop checkout: a double tap on 'Checkout with bKash' makes one order", async ({ page, request, browser }) => {
  const phone = "01910000003"
  const tee = await productByTitle(request, TEE)
  await page.goto(`/shop/product/${tee._id}`)
  await page.getByRole("article").getByRole("button", { name: "Add to Cart" }).click()
  await expect(notice(page)).toHaveText(/Product added to cart successfully/)
  await page.goto("/checkout")
  const form = page.getByRole("region", { name: "Delivery Information" })
  await fillGuestDelivery(form, { Phone: phone, "Full Name": "Double Tap" })
  const sent = orderRequests(page)
  const answered = page.waitForResponse((r) => r.url().endsWith(CREATE_ORDER))
  await doubleTap(page, "Checkout with bKash")
  expect((await answered).status()).toBe(201)
  await expect(page).toHaveURL(/\/order-confirmation$/, { timeout: 15_000 })

  expect(sent).toHaveLength(2)
  const keys = new Set(await Promise.all(sent.map(async (r) => (await r.allHeaders())["idempotency-key"])))
  expect(keys.size).toBe(1)
  const orders = await ordersOfPhone(browser, phone)
  expect(orders).toHaveLength(1)
  expect(orders[0]).toMatchObject({ guestName: "Double Tap", guestPhone: phone })
})
