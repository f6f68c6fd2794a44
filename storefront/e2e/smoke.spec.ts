import { expect, test } from "@playwright/test"

/**
 * Smoke: the built storefront, served by its own server and proxying /api to
 * the real backend on a freshly seeded database, shows the seeded catalog.
 */
test("the product list shows the seeded products with images, prices and Sale badges", async ({ page, request }) => {
  const api = await request.get("/api/shop/products/get")
  expect(api.ok()).toBe(true)
  const { products } = (await api.json()) as { products: { title: string; saleprice: number; image: string }[] }
  expect(products.length).toBeGreaterThanOrEqual(40)

  await page.goto("/shop/list")
  await expect(page.getByRole("heading", { name: "All Products" })).toBeVisible()
  const cards = page.getByTestId("product-card")
  await expect(cards).toHaveCount(products.length)
  await expect(page.getByTestId("product-count")).toHaveText(`${products.length} Products`)

  // cheapest first by default; the first card is the first product of the API's default order
  await expect(cards.first().getByRole("heading")).toHaveText(products[0].title)

  const onSale = products.filter((p) => p.saleprice > 0).length
  await expect(page.locator('[data-testid="product-card"]', { hasText: "Sale" })).toHaveCount(onSale)
  await expect(cards.first()).toContainText("৳")

  // images load through the storefront's proxy of the File module's URLs
  const first = cards.first().getByRole("img")
  await first.scrollIntoViewIfNeeded()
  await expect
    .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)
})

test("filters and sort live in the URL and narrow the list", async ({ page }) => {
  await page.goto("/shop/list?category=footwear&sortBy=price-hightolow")
  const cards = page.getByTestId("product-card")
  await expect(cards.first()).toBeVisible()
  const count = await cards.count()
  expect(count).toBeGreaterThan(3)
  await expect(page.getByRole("checkbox", { name: "Footwear" })).toBeChecked()

  // the filters live in the URL: the box shows checked once the navigation has run
  const nike = page.getByRole("checkbox", { name: "Nike" })
  await nike.click()
  await expect(nike).toBeChecked()
  await expect(page).toHaveURL(/brand=nike/)
  await expect(page).toHaveURL(/category=footwear/)
  await expect.poll(() => cards.count()).toBeLessThan(count)
  for (const text of await cards.allTextContents()) {
    expect(text).toContain("Nike")
  }
})

test("the storefront is handed the seeded publishable key, and Medusa's store API accepts it", async ({ request }) => {
  const script = await (await request.get("/shop-config.js")).text()
  const key = script.match(/"publishableKey":"(pk_[^"]+)"/)?.[1]
  expect(key).toBeTruthy()
  const store = await request.get("/store/product-categories", { headers: { "x-publishable-api-key": key! } })
  expect(store.status()).toBe(200)
  const { product_categories } = (await store.json()) as { product_categories: { handle: string }[] }
  expect(product_categories.map((c) => c.handle).sort()).toEqual(["accessories", "footwear", "kids", "men", "women"])
})

test("the storefront answers with its security headers and the shop header", async ({ page }) => {
  const response = await page.goto("/")
  expect(response?.headers()["x-content-type-options"]).toBe("nosniff")
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'")
  await expect(page.getByRole("banner")).toBeVisible()
  await expect(page.getByRole("link", { name: /login/i })).toBeVisible()
})
