import { expect, test } from "@playwright/test"
import { allProducts, pays, productByTitle, taka } from "./shop-helpers"

/** Home (SPEC 2.4) and the product page (SPEC 2.6). */

test("home: the banner carousel turns by itself and with its arrows", async ({ page }) => {
  await page.goto("/")
  const banner = page.getByTestId("banner")
  await expect(banner).toHaveAttribute("aria-label", "1 of 5")
  await expect(banner).toHaveAttribute("aria-label", "2 of 5", { timeout: 5_000 })
  await page.getByRole("button", { name: "Previous banner" }).click()
  await expect(banner).toHaveAttribute("aria-label", "1 of 5")
  await page.getByRole("button", { name: "Previous banner" }).click()
  await expect(banner).toHaveAttribute("aria-label", "5 of 5")
  await page.getByRole("button", { name: "Next banner" }).click()
  await expect(banner).toHaveAttribute("aria-label", "1 of 5")
})

test("home: featured products, cheapest first, with Add to Cart and Sale badges", async ({ page, request }) => {
  const products = await allProducts(request)
  await page.goto("/")
  const featured = page.getByRole("region", { name: "Featured products" })
  const cards = featured.getByTestId("product-card")
  await expect(cards).toHaveCount(8)
  await expect(cards.first().getByRole("heading")).toHaveText(products[0]!.title)
  const onSale = products.slice(0, 8).filter((p) => p.saleprice > 0).length
  await expect(featured.getByText("Sale", { exact: true })).toHaveCount(onSale)
  await expect(cards.first().getByRole("button", { name: "Add to Cart" })).toBeEnabled()
})

test("home: category and brand tiles open the listing with that filter", async ({ page }) => {
  await page.goto("/")
  await page.getByRole("region", { name: "Shop by category" }).getByRole("button", { name: "Footwear" }).click()
  await expect(page).toHaveURL(/\/shop\/list\?category=footwear&sortBy=price-lowtohigh$/)
  await expect(page.getByRole("checkbox", { name: "Footwear" })).toBeChecked()
  expect(await page.evaluate(() => sessionStorage.getItem("filters"))).toBe('{"category":["footwear"]}')
  const cards = page.getByTestId("product-card")
  await expect(cards.first()).toBeVisible()
  for (const text of await cards.allTextContents()) expect(text).toContain("Footwear")

  await page.goto("/")
  await page.getByRole("region", { name: "Shop by brand" }).getByRole("button", { name: "Levi's" }).click()
  await expect(page).toHaveURL(/\/shop\/list\?brand=levi&sortBy=price-lowtohigh$/)
  await expect(page.getByRole("checkbox", { name: "Levi's" })).toBeChecked()
  await expect(page.getByRole("checkbox", { name: "Footwear" })).not.toBeChecked()
  await expect(cards.first()).toBeVisible()
  for (const text of await cards.allTextContents()) expect(text).toContain("Levi's")
})

test("a listing card opens the product page with every text of the spec", async ({ page, request }) => {
  const polo = await productByTitle(request, "Classic Cotton Polo")
  await page.goto("/shop/list?category=men&sortBy=price-lowtohigh")
  await page.getByTestId("product-card").filter({ hasText: polo.title }).getByRole("link").click()
  await expect(page).toHaveURL(new RegExp(`/shop/product/${polo._id}$`))

  const article = page.getByRole("article")
  await expect(article.getByRole("heading", { level: 1 })).toHaveText(polo.title)
  const percent = Math.round(((polo.price - polo.saleprice) / polo.price) * 100)
  await expect(article.getByText(`${percent}% OFF`)).toBeVisible()
  await expect(article.getByText("Men", { exact: true })).toBeVisible()
  await expect(article.getByText("Nike", { exact: true })).toBeVisible()
  await expect(page.getByTestId("product-price")).toHaveText(taka(polo.saleprice))
  await expect(article.getByText(`Save ${taka(polo.price - polo.saleprice)}`)).toBeVisible()
  await expect(article.getByText("Inclusive of all taxes")).toBeVisible()
  await expect(page.getByTestId("availability")).toHaveText(`In Stock (${polo.stock} available)`)
  await expect(article.getByText(polo.description)).toBeVisible()
  for (const note of ["Cash on Delivery", "Easy Returns & Exchange", "Secure Checkout"]) {
    await expect(article.getByText(note, { exact: true })).toBeVisible()
  }
  await expect(article.getByRole("button", { name: "Add to Cart" })).toBeEnabled()
  await article.getByRole("button", { name: "Back to Products" }).click()
  await expect(page).toHaveURL(/\/shop\/list/)
})

test("out-of-stock products cannot be added; unknown products are not found", async ({ page, request }) => {
  const out = (await allProducts(request)).filter((p) => p.stock <= 0)
  expect(out.length).toBeGreaterThan(0)
  await page.goto(`/shop/product/${out[0]!._id}`)
  const article = page.getByRole("article")
  await expect(article.getByRole("heading", { level: 1 })).toHaveText(out[0]!.title)
  await expect(article.getByRole("button", { name: "Out of Stock" })).toBeDisabled()
  await expect(page.getByTestId("availability")).toHaveText("Out of Stock")
  await expect(page.getByTestId("product-price")).toHaveText(taka(pays(out[0]!)))

  await page.goto("/shop/product/prod_01NOSUCHPRODUCT000000000000")
  await expect(page.getByRole("heading", { name: "Product Not Found" })).toBeVisible()
  await expect(page.getByText("The product you're looking for doesn't exist.")).toBeVisible()
})
