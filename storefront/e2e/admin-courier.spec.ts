import { expect, test, type APIRequestContext, type BrowserContext, type Locator, type Page } from "@playwright/test"
import type { CourierCash } from "@shop/contract"
import { placeGuestOrder, signInAdmin, type PlacedOrder } from "./shop-helpers"

/**
 * Couriers in the shop's Orders screen. scripts/e2e.ts starts a
 * fake Steadfast and Pathao (backend/integration-tests/utils/fake-couriers.ts)
 * and gives the backend their settings, so both are set up. The admin sends
 * one order to Steadfast from its details dialog, two selected orders to
 * Pathao from the list, and one to another courier typed by hand.
 */

const RUN = Date.now().toString(36).slice(-5)
const SEARCH_PLACEHOLDER = "Search by Order Number, Customer Name, Phone, or Status..."
const BUYER = `E2E Courier ${RUN}`

// the first test opens Medusa Admin cold (its bundle, then the screen), up to 30 s on a loaded machine
test.describe.configure({ mode: "serial", timeout: 60_000 })

type Placed = PlacedOrder

let context: BrowserContext
let page: Page
let steadfastOrder: Placed
let bulkOrders: Placed[]
let manualOrder: Placed

const placeCourierOrder = (request: APIRequestContext, label: string) =>
  placeGuestOrder(request, {
    name: `${BUYER} ${label}`,
    email: `courier-${label.toLowerCase().replace(/\W+/g, "-")}-${RUN}@example.com`,
    phone: "01711000444",
    address: "House 9, Road 3, Uttara",
    pincode: "1230",
    minStock: 5,
  })

/** The Shop Orders screen, searched for `term`. */
async function openOrders(term: string) {
  await page.goto("/app/shop-orders")
  await expect(page.getByRole("heading", { name: "All Orders" })).toBeVisible({ timeout: 30_000 })
  await page.getByPlaceholder(SEARCH_PLACEHOLDER).fill(term)
}

const rowOf = (order: Placed): Locator => page.getByRole("row").filter({ hasText: order.orderNumber })
const toast = (text: string | RegExp) => page.getByText(text, { exact: true }).first()

async function openDetails(order: Placed): Promise<Locator> {
  await openOrders(order.orderNumber)
  await expect(page.getByTestId("orders-found")).toHaveText("Found: 1")
  await expect(rowOf(order)).toHaveCount(1)
  await rowOf(order).getByRole("button", { name: "View Details" }).click()
  const dialog = page.getByRole("dialog")
  await expect(dialog.getByRole("heading", { name: "Courier", exact: true })).toBeVisible()
  return dialog
}

test.beforeAll(async ({ browser, request, baseURL }) => {
  steadfastOrder = await placeCourierOrder(request, "Steadfast")
  bulkOrders = [await placeCourierOrder(request, "Bulk A"), await placeCourierOrder(request, "Bulk B")]
  manualOrder = await placeCourierOrder(request, "Manual")
  context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 } })
  page = await context.newPage()
  await signInAdmin(page)
})

test.afterAll(async () => {
  await context?.close()
})

test("the details dialog sends an order to Steadfast and shows its parcel", async () => {
  const dialog = await openDetails(steadfastOrder)
  const form = dialog.getByRole("form", { name: "Send to courier" })
  await form.getByRole("combobox", { name: "Courier" }).click()
  // both couriers are set up by scripts/e2e.ts: no "not set up" entry
  await expect(page.getByRole("option")).toHaveText(["Steadfast", "Pathao", "Other courier"])
  await page.getByRole("option", { name: "Steadfast" }).click()
  await form.getByRole("button", { name: "Send to courier" }).click()

  await expect(toast("Sent to Steadfast")).toBeVisible()
  const section = dialog.getByTestId("courier-section")
  await expect(section.getByTestId("courier-name")).toHaveText("Steadfast")
  await expect(section.getByTestId("courier-tracking-code")).toHaveText(/^15BAEB[0-9A-F]+$/)
  const code = (await section.getByTestId("courier-tracking-code").textContent())!.trim()
  const link = section.getByRole("link", { name: "Track the parcel" })
  await expect(link).toHaveAttribute("href", `https://steadfast.com.bd/t/${code}`)
  await expect(link).toHaveAttribute("target", "_blank")
  await expect(section.getByTestId("courier-status")).toHaveText("in_review")
  await expect(section.getByTestId("courier-outcome")).toHaveText("On its way")
  await expect(section.getByTestId("courier-cash")).toContainText("Cash to collect")
  await expect(section.getByRole("form", { name: "Send to courier" })).toHaveCount(0)
  await expect(dialog.getByTestId("order-status").first()).toHaveText("Shipped")
  await page.screenshot({ path: "test-results/admin-courier-dialog.png" })

  await page.keyboard.press("Escape")
  await expect(dialog).toBeHidden()
  const row = rowOf(steadfastOrder)
  await expect(row.getByTestId("order-status")).toHaveText("Shipped")
  await expect(row.getByTestId("order-courier-name")).toHaveText("Steadfast")
  await expect(row.getByTestId("order-courier")).toContainText("in_review")
  // a booked order can still be picked (to print, export or change its status); "Send to courier" leaves it out
  await expect(row.getByRole("checkbox")).toBeEnabled()
})

test("two orders picked in the list go to Pathao together", async () => {
  await openOrders(BUYER)
  await expect(page.getByTestId("orders-found")).toHaveText("Found: 4")
  for (const order of bulkOrders) {
    await rowOf(order)
      .getByRole("checkbox", { name: `Select order ${order.orderNumber}` })
      .click()
  }
  await expect(page.getByText("2 selected", { exact: true })).toBeVisible()
  await page.screenshot({ path: "test-results/admin-courier-selected.png", animations: "disabled" })
  await page.getByRole("button", { name: /^Send to courier/ }).click()

  const dialog = page.getByRole("dialog")
  await expect(dialog.getByRole("heading", { name: "Send 2 orders to a courier" })).toBeVisible()
  await dialog.getByRole("combobox", { name: "Courier" }).click()
  // another courier needs a tracking code per order: not offered here
  await expect(page.getByRole("option")).toHaveText(["Steadfast", "Pathao"])
  await page.getByRole("option", { name: "Pathao" }).click()
  await page.screenshot({ path: "test-results/admin-courier-bulk-dialog.png" })
  await dialog.getByRole("button", { name: "Send to courier" }).click()

  await expect(toast("2 sent")).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(page.getByText("2 selected", { exact: true })).toBeHidden()
  for (const order of bulkOrders) {
    const row = rowOf(order)
    await expect(row.getByTestId("order-courier-name")).toHaveText("Pathao")
    await expect(row.getByTestId("order-status")).toHaveText("Shipped")
  }
  await page.screenshot({ path: "test-results/admin-courier-list.png", animations: "disabled" })
})

test("another courier, typed by hand, from the details dialog", async () => {
  const dialog = await openDetails(manualOrder)
  const form = dialog.getByRole("form", { name: "Send to courier" })
  await form.getByRole("combobox", { name: "Courier" }).click()
  await page.getByRole("option", { name: "Other courier" }).click()
  const send = form.getByRole("button", { name: "Send to courier" })
  await expect(send).toBeDisabled()
  await form.getByLabel("Courier name", { exact: true }).fill("Sundarban Courier")
  await expect(send).toBeDisabled()
  await form.getByLabel("Tracking code", { exact: true }).fill(`SC-${RUN}`)
  await expect(send).toBeEnabled()
  // the button's colour fades in (a CSS transition): let it end before the picture
  await send.scrollIntoViewIfNeeded()
  await page.waitForTimeout(300)
  await page.screenshot({ path: "test-results/admin-courier-manual-form.png" })
  await send.click()

  await expect(toast("Sent to Sundarban Courier")).toBeVisible()
  const section = dialog.getByTestId("courier-section")
  await expect(section.getByTestId("courier-name")).toHaveText("Sundarban Courier")
  await expect(section.getByTestId("courier-tracking-code")).toHaveText(`SC-${RUN}`)
  await expect(section.getByRole("link", { name: "Track the parcel" })).toHaveCount(0)
  await expect(dialog.getByTestId("order-status").first()).toHaveText("Shipped")
  await page.keyboard.press("Escape")
  await expect(rowOf(manualOrder).getByTestId("order-courier-name")).toHaveText("Sundarban Courier")
})

test("the cash with couriers adds up the parcels, and Steadfast's payouts can be read", async () => {
  await page.goto("/app/shop-orders")
  const summary = page.getByTestId("courier-cash-summary")
  await expect(summary.getByRole("heading", { name: "Cash with couriers" })).toBeVisible({ timeout: 30_000 })
  const res = await page.request.get("/api/admin/couriers/cash")
  expect(res.status()).toBe(200)
  const cash = ((await res.json()) as { data: CourierCash }).data
  expect(cash.parcels).toBeGreaterThanOrEqual(4)
  expect(cash.toCollect).toBeGreaterThan(0)
  await expect(summary.getByTestId("courier-cash-parcels")).toHaveText(`${cash.parcels} parcels`)
  await expect(summary.getByTestId("courier-cash-toCollect")).toContainText("৳")
  await expect(summary.getByTestId("courier-cash-owed")).toContainText("Still owed")

  await summary.getByRole("button", { name: "Read Steadfast payouts" }).click()
  await expect(toast(/payout\(s\) read, \d+ parcel\(s\) settled/)).toBeVisible()
  await page.screenshot({ path: "test-results/admin-courier-cash.png", animations: "disabled" })
})
