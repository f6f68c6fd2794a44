import { expect, test } from "@playwright/test"
import type { IncompleteOrder, Order } from "@shop/contract"
import { hydrated, signInAdmin } from "./shop-helpers"

/**
 * Incomplete orders against the real stack: a shopper types a
 * phone on the demo landing page (saved after a pause) and the rest, then
 * leaves at once (the rest goes with sendBeacon); the merchant finds the
 * draft in Medusa Admin's Incomplete orders screen, calls, and converts it
 * into an order.
 */

const DEMO = "salwar-kameez-offer"
const RUN = Date.now().toString().slice(-8)
// 019 + 8 digits: a Bangladeshi mobile no other spec uses
const PHONE = `019${RUN}`
const NAME = `খালেদা ${RUN}`
const ADDRESS = `বাড়ি ${RUN}, রোড ৪, মিরপুর, ঢাকা`

test("a phone typed on the landing page and left there becomes an incomplete order the admin converts", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)

  // the shopper
  const shopper = await browser.newContext({ baseURL })
  const landing = await shopper.newPage()
  // every navigator.sendBeacon call and the browser's answer, kept in the origin's localStorage
  // (written at once: the page is being unloaded when it calls)
  await shopper.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator)
    navigator.sendBeacon = (url, data) => {
      const log = JSON.parse(localStorage.getItem("e2e-beacons") ?? "[]") as unknown[]
      const entry = {
        url: String(url),
        type: data instanceof Blob ? data.type : typeof data,
        queued: null as boolean | null,
      }
      log.push(entry)
      localStorage.setItem("e2e-beacons", JSON.stringify(log))
      entry.queued = send(url, data)
      localStorage.setItem("e2e-beacons", JSON.stringify(log))
      return entry.queued
    }
  })
  await landing.goto(`/landing/${DEMO}`)
  const form = landing.getByTestId("order-form")
  await expect(form).toBeVisible()
  // the app, which saves the draft, starts after the picture (src/lib/late-start.ts): on a cold server it could
  // still be on its way when the clock below stops, and the pause it waits for would never end
  await expect.poll(() => hydrated(landing, "order-form")).toBe(true)
  await landing.clock.pauseAt(Date.now() + 60_000)
  await form.getByLabel(/আপনার নাম/).fill(NAME)
  // a valid phone: saved once the shopper pauses
  const saved = landing.waitForResponse((r) => r.url().endsWith(`/api/landing/${DEMO}/draft`))
  await form.getByLabel(/মোবাইল নম্বর/).fill(PHONE)
  await landing.clock.runFor(1000)
  const response = await saved
  expect(response.status()).toBe(204)
  expect(JSON.parse(response.request().postData()!)).toEqual({
    phone: PHONE,
    name: NAME,
    quantity: 1,
    deliveryArea: "dhaka",
  })
  // the address, then away before the pause is over: the beacon carries it
  await form.getByLabel(/সম্পূর্ণ ঠিকানা/).fill(ADDRESS)
  await landing.goto("about:blank")
  const check = await shopper.newPage()
  await check.goto("/")
  const beacons = JSON.parse((await check.evaluate(() => localStorage.getItem("e2e-beacons"))) ?? "[]")
  expect(beacons).toEqual([{ url: `/api/landing/${DEMO}/draft`, type: "application/json", queued: true }])
  await shopper.close()

  // the merchant
  const office = await browser.newContext({ baseURL })
  const page = await office.newPage()
  await signInAdmin(page)
  // the beacon is delivered after the page is gone: wait for it to arrive
  await expect
    .poll(
      async () => {
        const res = await page.request.get("/api/admin/incomplete-orders?limit=200")
        const list = ((await res.json()) as { data: IncompleteOrder[] }).data
        return list.find((d) => d.phone === PHONE)?.address ?? null
      },
      { timeout: 20_000 }
    )
    .toBe(ADDRESS)

  await page.getByRole("link", { name: "Incomplete orders" }).first().click()
  await expect(page).toHaveURL(/\/app\/incomplete-orders/)
  await expect(page.getByRole("heading", { name: "Incomplete orders", level: 1 })).toBeVisible({ timeout: 30_000 })
  const row = page.locator(`[data-testid="incomplete-order-row"][data-phone="${PHONE}"]`)
  await expect(row).toBeVisible()
  await expect(row).toContainText(NAME)
  await expect(row).toContainText(ADDRESS)
  await expect(row).toContainText(`/${DEMO}`)
  await expect(row).toContainText(/just now|min ago/)
  await expect(row.getByRole("link", { name: PHONE })).toHaveAttribute("href", `tel:${PHONE}`)

  await row.getByRole("button", { name: `Convert the incomplete order of ${PHONE}` }).click()
  const prompt = page.getByRole("alertdialog")
  await expect(prompt).toContainText(PHONE)
  await prompt.getByRole("button", { name: "Convert" }).click()
  await expect(page.getByText(/^Order ORD-\S+ created from the incomplete order$/).first()).toBeVisible()
  await expect(row).toHaveCount(0)

  // a real order, from the landing page, with what the shopper typed
  const found = await page.request.get(`/api/admin/order/all-orders?q=${PHONE}`)
  const orders = ((await found.json()) as { data: Order[] }).data
  expect(orders).toHaveLength(1)
  expect(orders[0]).toMatchObject({
    guestName: NAME,
    guestPhone: PHONE,
    landingPageSlug: DEMO,
    deliveryArea: "dhaka",
    orderStatus: "pending",
  })
  expect(orders[0]!.addressInfo[0]).toMatchObject({ address: ADDRESS })
  await office.close()
})
