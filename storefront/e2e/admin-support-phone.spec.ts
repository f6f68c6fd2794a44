import type { Product } from "@shop/contract"
import { expect, test, type APIRequestContext, type Page } from "@playwright/test"

/**
 * SPEC.md section 1: the customer-support line is shown in the admin orders
 * context, on the Shop Orders screen and in an order's details dialog.
 * scripts/e2e.ts sets no SHOP_SUPPORT_PHONE, so the stack shows the default
 * line, 01700-000000.
 */

const ADMIN = { email: "admin@shop.local", password: "admin12345" }
const PHONE = "01700-000000"
const TEL = "tel:01700000000"
const RUN = Date.now().toString(36).slice(-5)

/** A guest shop order, placed without any session (as a shopper would). */
async function placeGuestOrder(request: APIRequestContext) {
  const list = await request.get("/api/shop/products/get")
  expect(list.ok()).toBe(true)
  const { products } = (await list.json()) as { products: Product[] }
  const product = products.find((p) => p.stock > 2)!
  const guestName = `E2E Support Buyer ${RUN}`
  const res = await request.post("/api/shop/order/create-order", {
    data: {
      isGuest: true,
      guestName,
      guestEmail: `support-${RUN}@example.com`,
      guestPhone: "01711000333",
      landingPageSlug: null,
      cartItems: [{ productId: product._id, title: product.title, quantity: 1 }],
      addressInfo: [{ address: "House 3, Road 4, Gulshan", city: "Dhaka", pincode: "1212", number: "01711000333", notes: "" }],
      orderStatus: "pending",
    },
  })
  expect(res.status(), await res.text()).toBeLessThan(300)
  const { data } = (await res.json()) as { data: { orderNumber: string } }
  return { orderNumber: data.orderNumber, guestName }
}

/** Signs in through the storefront's login form and lands in Medusa Admin. */
async function signIn(page: Page) {
  await page.goto("/auth/login")
  const email = page.getByLabel("Email")
  await expect(email).toBeVisible()
  await email.fill(ADMIN.email)
  await page.getByLabel("Password").fill(ADMIN.password)
  await page.getByRole("button", { name: "Sign In" }).click()
  await expect(page).toHaveURL(/\/app\/shop-dashboard(?:[?#]|$)/, { timeout: 30_000 })
}

test("the Shop Orders screen and an order's details dialog show the support phone as a tel: link", async ({ page, request }) => {
  const order = await placeGuestOrder(request)
  await signIn(page)

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
