import {
  expect,
  request as requests,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from "@playwright/test"
import type { Product } from "@shop/contract"
import { ADMIN, signInAdmin } from "./shop-helpers"

/**
 * The fake-order guard in the admin. A shopper orders the same
 * product twice from one phone: the second order is a duplicate and waits in
 * To confirm. The admin calls (No answer with a note, then Confirmed), marks
 * a third one fake with its phone blocklisted, and the phone's next order is
 * refused. The orders list and the order dialog show the risk.
 */

const RUN = Date.now().toString(36).slice(-5)
const SEARCH_PLACEHOLDER = "Search by Order Number, Customer Name, Phone, or Status..."
// a fresh phone per run: its history starts empty
const PHONE = `0171${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`
const BUYER = `E2E Guard ${RUN}`

test.describe.configure({ mode: "serial" })

let admin: APIRequestContext
let shopper: APIRequestContext
let context: BrowserContext
let page: Page
let product: Product
let first: string
let duplicate: string
let fake: string

/** A guest order from PHONE, placed without any session; answers the response. */
async function placeOrder(label: string) {
  return shopper.post("/api/shop/order/create-order", {
    data: {
      isGuest: true,
      guestName: `${BUYER} ${label}`,
      guestEmail: `guard-${label.toLowerCase()}-${RUN}@example.com`,
      guestPhone: PHONE,
      landingPageSlug: null,
      cartItems: [{ productId: product._id, title: product.title, quantity: 1 }],
      addressInfo: [{ address: "House 5, Road 7, Mirpur", city: "Dhaka", pincode: "1216", number: PHONE, notes: "" }],
      orderStatus: "pending",
    },
  })
}

async function placed(label: string): Promise<string> {
  const res = await placeOrder(label)
  expect(res.status(), await res.text()).toBeLessThan(300)
  return ((await res.json()) as { data: { orderNumber: string } }).data.orderNumber
}

const toast = (text: string) => page.getByText(text, { exact: true }).first()
const card = (orderNumber: string): Locator =>
  page.locator(`[data-testid="held-order"][data-order-number="${orderNumber}"]`)

async function openQueue() {
  await page.goto("/app/to-confirm")
  await expect(page.getByRole("heading", { name: "Waiting for a call" })).toBeVisible({ timeout: 30_000 })
}

async function openOrders(term: string) {
  await page.goto("/app/shop-orders")
  await expect(page.getByRole("heading", { name: "All Orders" })).toBeVisible({ timeout: 30_000 })
  await page.getByPlaceholder(SEARCH_PLACEHOLDER).fill(term)
}

const rowOf = (orderNumber: string): Locator => page.getByRole("row").filter({ hasText: orderNumber })

test.beforeAll(async ({ browser, baseURL }) => {
  admin = await requests.newContext({ baseURL })
  shopper = await requests.newContext({ baseURL })
  const login = await admin.post("/api/auth/login", { data: ADMIN })
  expect(login.status(), await login.text()).toBe(200)
  // duplicates wait for a call (the default, set again in case another spec changed it)
  const rules = await admin.put("/api/admin/order-guard/rules", {
    data: { holdDuplicates: true, duplicateWindowHours: 24 },
  })
  expect(rules.status(), await rules.text()).toBe(200)
  expect(((await rules.json()) as { message: string }).message).toBe("Rules saved")

  const list = await shopper.get("/api/shop/products/get")
  expect(list.ok()).toBe(true)
  product = ((await list.json()) as { products: Product[] }).products.find((p) => p.stock > 5)!
  first = await placed("First")
  duplicate = await placed("Again")

  context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 } })
  page = await context.newPage()
  await signInAdmin(page)
})

test.afterAll(async () => {
  await context?.close()
  await admin?.dispose()
  await shopper?.dispose()
})

test("the orders list and the dialog show a duplicate's risk and that it waits for a call", async () => {
  await openOrders(PHONE)
  await expect(page.getByTestId("orders-found")).toHaveText("Found: 2")
  // the first order is low risk: no badge in the list
  await expect(rowOf(first).getByTestId("risk-badge")).toHaveCount(0)
  await expect(rowOf(duplicate).getByTestId("risk-badge")).toHaveText("Medium risk")
  // the table fits at 1366 px: nothing to scroll sideways
  const overflow = await page
    .locator("table")
    .first()
    .evaluate((table) => {
      let box = table.parentElement
      while (box && getComputedStyle(box).overflowX === "visible") box = box.parentElement
      return box ? box.scrollWidth - box.clientWidth : 0
    })
  expect(overflow).toBeLessThanOrEqual(0)
  await page.screenshot({ path: "test-results/admin-guard-orders.png" })

  await rowOf(duplicate).getByRole("button", { name: "View Details" }).click()
  const dialog = page.getByRole("dialog")
  const risk = dialog.getByTestId("risk-section")
  await expect(risk.getByTestId("risk-badge")).toHaveText("Medium risk")
  await expect(risk.getByTestId("needs-confirmation")).toHaveText("Waiting for a confirmation call")
  await expect(risk.getByTestId("risk-reasons")).toContainText(
    `The same phone ordered the same product within 24 hours (${first})`
  )
  await expect(risk.getByTestId("call-log-empty")).toHaveText("No calls yet")
  await page.screenshot({ path: "test-results/admin-guard-dialog.png" })
  await page.keyboard.press("Escape")
  await expect(dialog).toBeHidden()
})

test("To confirm shows the held order; No answer is logged, Confirmed releases it", async () => {
  await openQueue()
  const held = card(duplicate)
  await expect(held).toBeVisible()
  await expect(card(first)).toHaveCount(0)
  await expect(held.getByTestId("risk-badge")).toHaveText("Medium risk")
  await expect(held.getByTestId("risk-reasons")).toContainText(
    `The same phone ordered the same product within 24 hours (${first})`
  )
  await expect(held.getByTestId("held-order-customer")).toHaveText(`${BUYER} Again`)
  await expect(held.getByTestId("held-order-age")).toHaveText(/^waiting (just now|\d+ min)$/)
  const call = held.getByRole("link", { name: PHONE })
  await expect(call).toHaveAttribute("href", `tel:${PHONE}`)
  // big enough to tap: at least 44 px high
  expect((await call.boundingBox())!.height).toBeGreaterThanOrEqual(44)
  await expect(held.getByTestId("phone-order").filter({ hasText: first })).toContainText("Pending")
  await page.screenshot({ path: "test-results/admin-guard-queue.png" })

  await held.getByLabel("Note about the call").fill("Rang twice, will try after 5 pm")
  await held.getByRole("button", { name: "No answer" }).click()
  await expect(toast("No answer recorded")).toBeVisible()
  const entry = held.getByTestId("call-log-entry")
  await expect(entry).toHaveCount(1)
  await expect(entry.first()).toContainText("No answer")
  await expect(entry.first()).toContainText("Rang twice, will try after 5 pm")
  await expect(held.getByLabel("Note about the call")).toHaveValue("")
  await page.screenshot({ path: "test-results/admin-guard-log.png" })

  await held.getByRole("button", { name: "Confirmed" }).click()
  await expect(toast("Confirmed recorded")).toBeVisible()
  await expect(card(duplicate)).toHaveCount(0)

  // the dialog keeps the calls and no longer says it waits
  await openOrders(duplicate)
  await expect(page.getByTestId("orders-found")).toHaveText("Found: 1")
  await rowOf(duplicate).getByRole("button", { name: "View Details" }).click()
  const risk = page.getByRole("dialog").getByTestId("risk-section")
  await expect(risk.getByTestId("call-log-entry")).toHaveCount(2)
  await expect(risk.getByTestId("call-log-entry").first()).toContainText("Confirmed")
  await expect(risk.getByTestId("needs-confirmation")).toHaveCount(0)
  await page.keyboard.press("Escape")
})

test("a fake order is cancelled and its phone blocklisted; the phone's next order is refused", async () => {
  fake = await placed("Fake")
  await openQueue()
  const held = card(fake)
  await expect(held).toBeVisible()
  // the phone's earlier orders are listed beside it
  await expect(held.getByTestId("phone-order")).toHaveCount(2)
  await held.getByRole("button", { name: "Fake order" }).click()
  const prompt = page.getByRole("alertdialog")
  await expect(prompt.getByText(`Mark ${fake} as a fake order?`)).toBeVisible()
  const blocklist = prompt.getByRole("checkbox", { name: new RegExp(`Also blocklist ${PHONE}`) })
  await expect(blocklist).toBeChecked()
  await page.screenshot({ path: "test-results/admin-guard-fake-prompt.png" })
  await prompt.getByRole("button", { name: "Mark as fake" }).click()
  await expect(toast("Fake order recorded")).toBeVisible()
  await expect(card(fake)).toHaveCount(0)
  await page.screenshot({ path: "test-results/admin-guard-queue-after.png" })

  await openOrders(fake)
  await expect(page.getByTestId("orders-found")).toHaveText("Found: 1")
  await expect(rowOf(fake).getByTestId("order-status")).toHaveText("Cancelled")

  await page.goto("/app/order-guard")
  await expect(page.getByRole("heading", { name: "Blocklist" })).toBeVisible({ timeout: 30_000 })
  const row = page.locator(`[data-testid="blocklist-row"][data-value="${PHONE}"]`)
  await expect(row).toContainText(`Fake order ${fake}`)
  await expect(page.getByLabel("Lowest delivered share")).toHaveValue("50")
  await page.screenshot({ path: "test-results/admin-guard-rules.png" })
  await row.scrollIntoViewIfNeeded()
  await page.screenshot({ path: "test-results/admin-guard-blocklist.png" })

  const refused = await placeOrder("Refused")
  expect(refused.status()).toBe(403)
  expect(((await refused.json()) as { message: string }).message).toBe(
    "We could not take this order. Please call us to order."
  )
})

test("the rules save from the form and the blocklist takes and removes an address", async () => {
  await page.goto("/app/order-guard")
  const rules = page.getByRole("form", { name: "Guard rules" })
  await expect(rules.getByLabel("Duplicate window")).toHaveValue("24")
  await rules.getByLabel("Duplicate window").fill("0")
  await rules.getByRole("button", { name: "Save rules" }).click()
  await expect(rules.getByText("Enter a whole number, 1 or more")).toBeVisible()
  await rules.getByLabel("Duplicate window").fill("48")
  await rules.getByRole("button", { name: "Save rules" }).click()
  await expect(toast("Rules saved")).toBeVisible()
  const saved = await admin.get("/api/admin/order-guard/rules")
  expect(((await saved.json()) as { data: { duplicateWindowHours: number } }).data.duplicateWindowHours).toBe(48)
  // back to the default for the specs after this one
  expect((await admin.put("/api/admin/order-guard/rules", { data: { duplicateWindowHours: 24 } })).status()).toBe(200)

  const add = page.getByRole("form", { name: "Add to the blocklist" })
  await add.getByRole("combobox", { name: "Kind" }).click()
  await page.getByRole("option", { name: "Internet address" }).click()
  const address = `203.0.113.${Math.floor(Math.random() * 200) + 1}`
  await add.getByLabel("Address").fill(address)
  await add.getByLabel("Reason").fill(`Bots ${RUN}`)
  await add.getByRole("button", { name: "Add" }).click()
  await expect(toast("Blocklisted")).toBeVisible()
  const row = page.locator(`[data-testid="blocklist-row"][data-value="${address}"]`)
  await expect(row).toContainText(`Bots ${RUN}`)
  await row.getByRole("button", { name: `Remove ${address}` }).click()
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click()
  await expect(toast("Removed from the blocklist")).toBeVisible()
  await expect(row).toHaveCount(0)
})
