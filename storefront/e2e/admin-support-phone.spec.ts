import { expect, test } from "@playwright/test"
import { placeGuestOrder, signInAdmin } from "./shop-helpers"

/**
 * SPEC.md section 1: the customer-support line is shown in the admin orders
 * context, on the Shop Orders screen and in an order's details dialog.
 * scripts/e2e.ts sets no SHOP_SUPPORT_PHONE, so the stack shows the default
 * line, 01700-000000.
 */

const PHONE = "01700-000000"
const TEL = "tel:01700000000"
const RUN = Date.now().toString(36).slice(-5)

test("the Shop Orders screen and an order's details dialog show the support phone as a tel: link", async ({
  page,
  request,
}) => {
  const order = await placeGuestOrder(request, {
    name: `E2E Support Buyer ${RUN}`,
    email: `support-${RUN}@example.com`,
    phone: "01711000333",
    address: "House 3, Road 4, Gulshan",
    pincode: "1212",
  })
  await signInAdmin(page)

  await page.goto("/app/shop-orders")
  await expect(page.getByRole("heading", { name: "All Orders" })).toBeVisible({ timeout: 30_000 })
  const header = page.getByTestId("support-phone").first()
  await expect(header).toHaveText(`Customer support: ${PHONE}`)
  await expect(header.getByRole("link", { name: PHONE })).toHaveAttribute("href", TEL)

  await page.getByPlaceholder(/Search by Order Number/).fill(order.guestName)
  const row = page.getByRole("row").filter({ hasText: order.orderNumber })
  await expect(row).toHaveCount(1)
  await row.getByRole("button", { name: "View Details" }).click()
  const dialog = page.getByRole("dialog")
  await expect(dialog.getByRole("heading", { name: `Order ${order.orderNumber}` })).toBeVisible()
  const inDialog = dialog.getByTestId("support-phone")
  await expect(inDialog).toHaveText(`Customer support: ${PHONE}`)
  await expect(inDialog.getByRole("link", { name: PHONE })).toHaveAttribute("href", TEL)
})

test("the support route refuses anyone but an admin", async ({ request }) => {
  const res = await request.get("/api/admin/support")
  expect(res.status()).toBe(401)
  expect(await res.json()).toEqual({ success: false, message: expect.any(String) })
})
