import { readFileSync } from "node:fs"
import { expect, test, type BrowserContext, type Download, type Locator, type Page } from "@playwright/test"
import { placeGuestOrder, signInAdmin, type PlacedOrder } from "./shop-helpers"

/**
 * The dispatch desk in the shop's Orders screen: two orders picked in the
 * list are printed (one PDF), marked Printed, printed again only after the
 * admin says so, exported as CSV and cancelled together.
 */

const RUN = Date.now().toString(36).slice(-5)
const SEARCH_PLACEHOLDER = "Search by Order Number, Customer Name, Phone, or Status..."
const BUYER = `E2E Desk ${RUN}`

test.describe.configure({ mode: "serial" })

let context: BrowserContext
let page: Page
let orders: PlacedOrder[]

const rowOf = (order: PlacedOrder): Locator => page.getByRole("row").filter({ hasText: order.orderNumber })
const toast = (text: string | RegExp) => page.getByText(text, { exact: true }).first()

async function openOrders() {
  await page.goto("/app/shop-orders")
  await expect(page.getByRole("heading", { name: "All Orders" })).toBeVisible({ timeout: 30_000 })
  await page.getByPlaceholder(SEARCH_PLACEHOLDER).fill(BUYER)
  await expect(page.getByTestId("orders-found")).toHaveText("Found: 2")
}

async function pickBoth() {
  for (const order of orders) {
    await rowOf(order)
      .getByRole("checkbox", { name: `Select order ${order.orderNumber}` })
      .click()
  }
  await expect(page.getByText("2 selected", { exact: true })).toBeVisible()
}

const downloaded = async (download: Download) => readFileSync((await download.path())!)

test.beforeAll(async ({ browser, request, baseURL }) => {
  orders = [
    await placeGuestOrder(request, {
      name: `${BUYER} A`,
      email: `desk-a-${RUN}@example.com`,
      phone: "01711000555",
      address: "বাড়ি ১২, রোড ৫, মিরপুর ১০",
      city: "ঢাকা",
      pincode: "1216",
    }),
    await placeGuestOrder(request, {
      name: `${BUYER} B`,
      email: `desk-b-${RUN}@example.com`,
      phone: "01811000555",
      address: "House 7, Road 2, Agrabad",
      city: "Chattogram",
      pincode: "4100",
    }),
  ]
  context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 }, acceptDownloads: true })
  page = await context.newPage()
  await signInAdmin(page)
})

test.afterAll(async () => {
  await context?.close()
})

test("two picked orders print as one PDF and are marked Printed", async () => {
  await openOrders()
  await pickBoth()
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: /^Print(?! today)/ }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.pdf$/)
  const pdf = await downloaded(download)
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-")
  await expect(toast("Printed 2 orders")).toBeVisible()
  for (const order of orders) await expect(rowOf(order).getByTestId("printed-badge")).toHaveText("Printed")
  await page.screenshot({ path: "test-results/admin-dispatch-printed.png", animations: "disabled" })
})

test("printing them again asks first, then marks them twice", async () => {
  await pickBoth()
  await page.getByRole("button", { name: /^Print(?! today)/ }).click()
  const ask = page.getByRole("alertdialog")
  await expect(ask).toContainText("2 of these orders were printed before. Print again?")
  await page.screenshot({ path: "test-results/admin-dispatch-reprint.png" })
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    ask.getByRole("button", { name: "Print again" }).click(),
  ])
  expect((await downloaded(download)).subarray(0, 5).toString("latin1")).toBe("%PDF-")
  for (const order of orders) await expect(rowOf(order).getByTestId("printed-badge")).toHaveText("Printed ×2")
})

test("the picked orders export as CSV and are cancelled together", async () => {
  await pickBoth()
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: /^Export CSV/ }).click(),
  ])
  const csv = (await downloaded(download)).toString("utf8")
  for (const order of orders) expect(csv).toContain(order.orderNumber)
  expect(csv).toContain("বাড়ি ১২, রোড ৫, মিরপুর ১০, ঢাকা, 1216")

  // an export keeps the selection: the next action takes the same orders
  await expect(page.getByText("2 selected", { exact: true })).toBeVisible()
  await page.getByRole("button", { name: /^Change status/ }).click()
  const dialog = page.getByRole("dialog")
  await expect(dialog.getByRole("heading", { name: "Change the status of 2 orders" })).toBeVisible()
  await dialog.getByRole("combobox", { name: "New status" }).click()
  await page.getByRole("option", { name: "Cancelled" }).click()
  await page.screenshot({ path: "test-results/admin-dispatch-status.png" })
  await dialog.getByRole("button", { name: "Update 2 orders" }).click()
  await expect(toast("2 orders updated")).toBeVisible()
  for (const order of orders) await expect(rowOf(order).getByTestId("order-status")).toHaveText("Cancelled")
})

test("a Messenger order: the pasted chat fills the form, the phone's orders show, and a double click saves it once", async () => {
  await page.goto("/app/shop-orders/new")
  await expect(page.getByRole("heading", { name: "Add order" })).toBeVisible({ timeout: 30_000 })
  const chat = page.getByLabel("Chat or call note")
  await chat.fill("ভাই অর্ডার করতে চাই, দাম কত?")
  await page.getByRole("button", { name: "Read the text" }).click()
  await expect(page.getByTestId("chat-notice")).toHaveText("No phone number found in the text: type it in")
  await expect(page.getByTestId("order-problem")).toHaveText("Enter the customer's phone")
  await expect(page.getByRole("button", { name: "Save order" })).toBeDisabled()

  await chat.fill(`আসসালামু আলাইকুম\nনাম: ${BUYER} C\nমোবাইল: ০১৭১১-০০০৫৫৫\nঠিকানা: বাড়ি ৩, রোড ৭, ধানমন্ডি, ঢাকা`)
  await page.getByRole("button", { name: "Read the text" }).click()
  await expect(page.getByLabel("Phone")).toHaveValue("01711000555")
  await expect(page.getByLabel("Name")).toHaveValue(`${BUYER} C`)
  await expect(page.getByLabel("Address")).toHaveValue("বাড়ি ৩, রোড ৭, ধানমন্ডি, ঢাকা")
  await page.getByRole("combobox", { name: "Taken by" }).click()
  await page.getByRole("option", { name: "Messenger" }).click()
  // the phone's earlier order (placed above, cancelled since) and the guard's view
  const panel = page.getByTestId("phone-panel")
  await expect(panel.getByTestId("phone-orders")).toContainText(orders[0]!.orderNumber)
  await expect(panel.getByTestId("phone-summary")).toContainText("1 earlier order")

  await page.getByRole("combobox", { name: "Product 1" }).click()
  await page.getByRole("option").first().click()
  await expect(page.getByTestId("order-problem")).toHaveCount(0)
  await expect(page.getByTestId("order-summary")).toContainText("Inside Dhaka")
  await page.screenshot({ path: "test-results/admin-add-order.png", fullPage: true })
  const save = page.getByRole("button", { name: "Save order" })
  await save.dblclick()
  await expect(toast(/^Order added: ORD-/)).toBeVisible()
  const number = /ORD-\S+/.exec((await toast(/^Order added: ORD-/).textContent())!)![0]

  await page.goto("/app/shop-orders")
  await page.getByPlaceholder(SEARCH_PLACEHOLDER).fill(`${BUYER} C`)
  await expect(page.getByTestId("orders-found")).toHaveText("Found: 1")
  const row = page.getByRole("row").filter({ hasText: number })
  await expect(row.getByTestId("taken-badge")).toHaveText("Messenger")
  await row.getByRole("button", { name: "View Details" }).click()
  await expect(page.getByRole("dialog").getByTestId("order-dispatch")).toHaveText(
    "Taken by messenger (admin@shop.local)"
  )
  await page.keyboard.press("Escape")
})

test("the screen fits a 360 px phone with its print button", async () => {
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto("/app/shop-orders")
  await expect(page.getByRole("heading", { name: "All Orders" })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId("print-today")).toBeVisible()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await page.screenshot({ path: "test-results/admin-dispatch-360.png", fullPage: false })
  await page.goto("/app/shop-orders/new")
  await expect(page.getByRole("heading", { name: "Add order" })).toBeVisible({ timeout: 30_000 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
  await page.screenshot({ path: "test-results/admin-add-order-360.png", fullPage: true })
})
