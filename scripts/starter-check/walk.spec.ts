import { expect, type APIRequestContext, type Page, test } from "@playwright/test"

/**
 * The integrator's check: Medusa's own Next.js storefront starter, pointed
 * at this shop, walked as a shopper: the catalog in BDT, a product into the
 * cart, address, "Inside Dhaka" delivery, "Manual Payment", the order placed
 * and its confirmation page; then the same with "bKash" (the button an
 * integrator adds: bkash-patch.ts), paid on bKash's page (the test stack's
 * fake) and back on the shop's page for the payment. Run by
 * scripts/starter-check/run.ts (docs/architecture.md, "Medusa's own routes"),
 * not by npm test.
 */

const STARTER = process.env.STARTER_URL ?? "http://localhost:8000"
const SHOP = process.env.SHOP_URL ?? "http://localhost:5173"
let phoneSeq = 0
const newPhone = () => `017${String(Date.now() + phoneSeq++).slice(-8)}`

/** A product into the starter's cart, the address and "Inside Dhaka", up to the choice of payment. */
async function toPayment(page: Page, phone: string) {
  await page.goto(`${STARTER}/bd/store`)
  await expect(page.getByText(/BDT\s[\d,]+\.\d\d/).first()).toBeVisible()
  await page.locator('a[href*="/bd/products/"]').first().click()
  await expect(page.getByTestId("add-product-button")).toBeEnabled()
  await page.getByTestId("add-product-button").click()
  await expect(page.getByRole("link", { name: /Cart \(1\)/ })).toBeVisible()

  await page.goto(`${STARTER}/bd/checkout?step=address`)
  await page.getByTestId("shipping-first-name-input").fill("Starter")
  await page.getByTestId("shipping-last-name-input").fill("Walker")
  await page.getByTestId("shipping-address-input").fill("House 3, Road 11, Banani")
  await page.getByTestId("shipping-postal-code-input").fill("1213")
  await page.getByTestId("shipping-city-input").fill("Dhaka")
  await page.getByTestId("shipping-country-select").selectOption("bd")
  await page.getByTestId("shipping-email-input").fill("starter.walker@example.com")
  await page.getByTestId("shipping-phone-input").fill(phone)
  await page.getByTestId("submit-address-button").click()

  await page.getByTestId("delivery-option-radio").filter({ hasText: "Inside Dhaka" }).click()
  await page.getByTestId("submit-delivery-option-button").click()
}

type ShopOrder = {
  orderNumber: string
  deliveryCharge: number
  paymentMethod: string
  guestPhone: string
  bkash?: { state: string; paid: number }
}

/** The shop's own admin: the orders placed with `phone`, and the details of each. */
async function shopOrders(request: APIRequestContext, phone: string): Promise<{ id: string; order: ShopOrder }[]> {
  const login = await request.post(`${SHOP}/api/auth/login`, {
    data: {
      email: process.env.ADMIN_EMAIL ?? "admin@shop.local",
      password: process.env.ADMIN_PASSWORD ?? "admin12345",
    },
  })
  expect(login.status()).toBe(200)
  const found = await request.get(`${SHOP}/api/admin/order/all-orders?q=${phone}`)
  expect(found.status()).toBe(200)
  const ids = ((await found.json()) as { data: { _id: string }[] }).data.map((o) => o._id)
  return Promise.all(
    ids.map(async (id) => {
      const details = await request.get(`${SHOP}/api/admin/order/order-details/${id}`)
      expect(details.status()).toBe(200)
      return { id, order: ((await details.json()) as { data: ShopOrder }).data }
    })
  )
}

test("a shopper orders through Medusa's starter and the order is the shop's", async ({ page, request }) => {
  test.setTimeout(180_000)
  const phone = newPhone()
  await toPayment(page, phone)
  await page.getByText("Manual Payment").click()
  await page.getByTestId("submit-payment-button").click()
  // a double tap on "Place order" (one tap, one order): two clicks before the page can redraw, two completions of one cart
  await page.getByTestId("submit-order-button").evaluate((button: HTMLButtonElement) => {
    button.click()
    button.click()
  })

  await expect(page.getByTestId("order-complete-container")).toBeVisible({ timeout: 60_000 })
  const orderId = page.url().match(/\/order\/(order_[A-Z0-9]+)\/confirmed/)?.[1]
  expect(orderId).toBeTruthy()
  await page.screenshot({ path: "test-results/starter-confirmed.png", fullPage: true })

  // the shop's own list has it (one order for the double tap), with its number, the shop's delivery charge and cash on delivery
  const orders = await shopOrders(request, phone)
  expect(orders.map((o) => o.id)).toEqual([orderId])
  expect(orders[0].order.orderNumber).toMatch(/^ORD-/)
  expect(orders[0].order).toMatchObject({ deliveryCharge: 60, paymentMethod: "cod", guestPhone: phone })
})

test("a shopper pays with bKash in Medusa's starter: the order waits, bKash's page, paid in the shop", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  const phone = newPhone()
  await toPayment(page, phone)
  await page.getByText("bKash", { exact: true }).click()
  await page.getByTestId("submit-payment-button").click()
  await page.getByTestId("submit-order-button").click()

  // bKash's page (the fake's), for the order's whole total
  await expect(page.getByRole("heading", { name: "bKash" })).toBeVisible({ timeout: 60_000 })
  await page.screenshot({ path: "test-results/starter-bkash.png", fullPage: true })
  await page.getByRole("button", { name: "Pay" }).click()
  // back on the shop's own page for the payment
  await expect(page).toHaveURL(/\/payment\/bkash\/order_[^?]+\?result=paid$/, { timeout: 60_000 })
  const orderId = page.url().match(/\/payment\/bkash\/(order_[A-Z0-9]+)/)?.[1]
  // the shop's page reads the payment from the shop: paid, with the order's number
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText(/ORD-/).first()).toBeVisible()
  await page.screenshot({ path: "test-results/starter-bkash-paid.png", fullPage: true })

  const orders = await shopOrders(request, phone)
  expect(orders.map((o) => o.id)).toEqual([orderId])
  expect(orders[0].order).toMatchObject({ paymentMethod: "bkash_full", bkash: { state: "paid" } })
})
