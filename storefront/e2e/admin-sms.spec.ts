import { expect, test } from "@playwright/test"
import { placeGuestOrder, signInAdmin } from "./shop-helpers"

/**
 * The shopper's text messages in Medusa Admin's order dialog. scripts/e2e.ts
 * starts a fake SSL Wireless SMS Plus and points the backend at it
 * (SMS_GATEWAY=sslwireless, SMS_PART_COST=0.35), so every order sends its
 * Bengali message when it is placed and another when it is shipped.
 */

const RUN = Date.now().toString(36).slice(-5)
const SEARCH_PLACEHOLDER = "Search by Order Number, Customer Name, Phone, or Status..."

test("the order dialog lists the order's text messages with their state, text, parts and cost", async ({
  page,
  request,
}) => {
  const order = await placeGuestOrder(request, {
    name: `E2E SMS ${RUN}`,
    email: `sms-${RUN}@example.com`,
    phone: "01711000555",
    address: "House 4, Road 8, Mirpur",
  })
  await page.setViewportSize({ width: 1366, height: 768 })
  await signInAdmin(page)
  await page.goto("/app/shop-orders")
  await expect(page.getByRole("heading", { name: "All Orders" })).toBeVisible({ timeout: 30_000 })
  await page.getByPlaceholder(SEARCH_PLACEHOLDER).fill(order.orderNumber)
  const row = page.getByRole("row").filter({ hasText: order.orderNumber })
  await expect(row).toHaveCount(1)
  await row.getByRole("button", { name: "View Details" }).click()
  const dialog = page.getByRole("dialog")

  const section = dialog.getByTestId("sms-messages")
  await expect(section.getByRole("heading", { name: "Text messages" })).toBeVisible()
  const placed = section.locator('[data-testid="sms-message"][data-event="order_placed"]')
  await expect(placed.getByTestId("sms-state")).toHaveText("Sent")
  await expect(placed).toContainText(order.orderNumber)
  await expect(placed).toContainText("অর্ডার")
  // Bengali is UCS-2: the shop's words fit one part (70 characters) at ৳0.35
  await expect(placed).toContainText(/1 part · 1 attempt · ৳0\.35 · Taken by sslwireless/)
  await section.scrollIntoViewIfNeeded()
  await page.screenshot({ path: "test-results/admin-sms-dialog.png" })
})

test("Text messages: the merchant rewords an event with a live count, switches one off, and sends a test", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 })
  await signInAdmin(page)
  await page.getByRole("link", { name: "Text messages" }).click()
  await expect(page.getByRole("heading", { name: "Text messages" })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId("sms-gateway")).toHaveText("Sending through sslwireless, ৳0.35 a part.")

  const confirmed = page.locator('[data-testid="sms-template"][data-event="order_confirmed"]')
  const words = confirmed.getByRole("textbox")
  const count = confirmed.getByTestId("sms-count")
  // the count follows each keystroke: 70 Bengali characters are one part, one more makes two
  await words.fill("ক".repeat(70))
  await expect(count).toHaveText(/^70 \/ 70 characters · 1 part \(Bengali/)
  await words.pressSequentially("খ")
  await expect(count).toHaveText(/^71 \/ 134 characters · 2 parts/)
  // placeholders count as a typical order fills them (ORD-261128-7KQ4XM: 17 characters)
  const mine = `{shop}: অর্ডার {orderNumber} নিশ্চিত ${RUN}`
  await words.fill(mine)
  await expect(count).toHaveText(/^\d+ \/ 70 characters · 1 part/)

  const delivered = page.locator('[data-testid="sms-template"][data-event="order_delivered"]')
  await delivered.getByRole("switch").click()
  await expect(delivered.getByRole("textbox")).toBeDisabled()
  await page.getByRole("button", { name: "Save messages" }).click()
  await expect(page.getByText("Messages saved")).toBeVisible()
  await page.screenshot({ path: "test-results/admin-sms-templates.png", fullPage: true })

  // what was saved is what the page reads again
  await page.reload()
  await expect(confirmed.getByRole("textbox")).toHaveValue(mine)
  await expect(delivered.getByRole("switch")).toHaveAttribute("aria-checked", "false")
  await expect(confirmed.getByRole("button", { name: "Use the shop's words" })).toBeVisible()

  // a test message: the gateway's answer, and today's totals count it
  await page.getByLabel("Your mobile").fill("01711000777")
  await page.getByRole("button", { name: "Send test" }).click()
  await expect(page.getByTestId("sms-test-answer")).toContainText("Deshi Bazar")
  await expect(page.getByTestId("sms-test-answer")).toContainText("Taken by sslwireless")
  await expect(page.getByTestId("sms-day").first()).toBeVisible()

  await page.setViewportSize({ width: 360, height: 780 })
  await page.screenshot({ path: "test-results/admin-sms-templates-360.png", fullPage: true })

  // the shop's words again for the files after this one
  await confirmed.getByRole("button", { name: "Use the shop's words" }).click()
  await delivered.getByRole("switch").click()
  await page.getByRole("button", { name: "Save messages" }).click()
  await expect(page.getByText("Messages saved").last()).toBeVisible()
  const res = await page.request.get("/api/admin/sms")
  const templates = ((await res.json()) as { data: { templates: { custom: boolean; enabled: boolean }[] } }).data
    .templates
  expect(templates.every((t) => !t.custom && t.enabled)).toBe(true)
})
