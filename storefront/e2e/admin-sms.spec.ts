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
  // Bengali is UCS-2: the text takes two parts at ৳0.35 each
  await expect(placed).toContainText(/2 parts · 1 attempt · ৳0\.70 · Taken by sslwireless/)
  await section.scrollIntoViewIfNeeded()
  await page.screenshot({ path: "test-results/admin-sms-dialog.png" })
})
