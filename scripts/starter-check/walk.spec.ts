import { expect, test } from "@playwright/test"

/**
 * The integrator's check: Medusa's own Next.js storefront starter,
 * unchanged, pointed at this shop, walked as a shopper: the catalog in BDT,
 * a product into the cart, address, "Inside Dhaka" delivery, "Manual Payment",
 * the order placed and its confirmation page. Run by scripts/starter-check/run.ts
 * (docs/architecture.md, "Medusa's own routes"), not by npm test.
 */

const STARTER = process.env.STARTER_URL ?? "http://localhost:8000"
const SHOP = process.env.SHOP_URL ?? "http://localhost:5173"
const PHONE = `017${String(Date.now()).slice(-8)}`

test("a shopper orders through Medusa's starter and the order is the shop's", async ({ page, request }) => {
  test.setTimeout(180_000)
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
  await page.getByTestId("shipping-phone-input").fill(PHONE)
  await page.getByTestId("submit-address-button").click()

  await page.getByTestId("delivery-option-radio").filter({ hasText: "Inside Dhaka" }).click()
  await page.getByTestId("submit-delivery-option-button").click()
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

  // the shop's own list has it, with its number, the shop's delivery charge and cash on delivery
  const login = await request.post(`${SHOP}/api/auth/login`, {
    data: {
      email: process.env.ADMIN_EMAIL ?? "admin@shop.local",
      password: process.env.ADMIN_PASSWORD ?? "admin12345",
    },
  })
  expect(login.status()).toBe(200)
  const details = await request.get(`${SHOP}/api/admin/order/order-details/${orderId}`)
  expect(details.status()).toBe(200)
  const { data } = (await details.json()) as {
    data: { orderNumber: string; deliveryCharge: number; paymentMethod: string; guestPhone: string }
  }
  expect(data.orderNumber).toMatch(/^ORD-/)
  expect(data).toMatchObject({ deliveryCharge: 60, paymentMethod: "cod", guestPhone: PHONE })
  // one order for the double tap
  const found = await request.get(`${SHOP}/api/admin/order/all-orders?q=${PHONE}`)
  expect(found.status()).toBe(200)
  expect(((await found.json()) as { data: { _id: string }[] }).data.map((o) => o._id)).toEqual([orderId])
})
