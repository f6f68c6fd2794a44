import { expect, test, type Locator, type Page } from "@playwright/test"
import { allProducts, fillGuestDelivery, notice } from "./shop-helpers"

/**
 * Scroll on navigation, at phone and desktop widths: a new page opens at its
 * top (product page, checkout from the cart drawer, both order confirmations),
 * and back returns to where the shopper was on the listing, also when the
 * listing has to load again.
 */

const DEMO = "salwar-kameez-offer"
const THANK_YOU = "ধন্যবাদ! আপনার অর্ডারটি গ্রহণ করা হয়েছে"
const VIEWPORTS = [
  { name: "phone", viewport: { width: 360, height: 740 } },
  { name: "desktop", viewport: { width: 1366, height: 768 } },
] as const

const scrollY = (page: Page) => page.evaluate(() => window.scrollY)
const maxScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)

/** Scrolls the window to `top` (clamped by the page) and returns where it ended. */
async function scrollWindow(page: Page, top: number): Promise<number> {
  return page.evaluate(async (y) => {
    window.scrollTo({ top: y, behavior: "instant" })
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
    return window.scrollY
  }, top)
}

/** The listing with every seeded product on it, scrolled `share` of the way down. */
async function scrolledListing(page: Page, share: number) {
  const count = (await allProducts(page.request)).length
  await page.goto("/shop/list")
  await expect(page.getByTestId("product-card")).toHaveCount(count)
  const room = await maxScroll(page)
  expect(room, "the listing is taller than the window").toBeGreaterThan(600)
  const y = await scrollWindow(page, Math.round(room * share))
  expect(y).toBeGreaterThan(500)
  return y
}

/**
 * A product card whose `part` lies wholly inside the window below the sticky
 * header, so that clicking that part scrolls nothing (on a phone a whole card
 * can be taller than the window).
 */
async function cardWithPartInView(page: Page, part: (card: Locator) => Locator): Promise<Locator> {
  const header = (await page.locator(".shop-header").boundingBox())!
  const { height } = page.viewportSize()!
  const cards = page.getByTestId("product-card")
  for (let i = 0; i < (await cards.count()); i += 1) {
    const target = part(cards.nth(i))
    if ((await target.count()) === 0) continue // an out-of-stock card has no Add to Cart
    const box = await target.boundingBox()
    if (box && box.y >= header.y + header.height && box.y + box.height <= height) return cards.nth(i)
  }
  throw new Error("no product card with that part in view")
}

const title = (card: Locator) => card.getByRole("heading")
const addToCart = (card: Locator) => card.getByRole("button", { name: "Add to Cart" })

/** Waits until the window is at `y` (within 3 px) and stays there. */
async function expectScrollAt(page: Page, y: number) {
  await expect.poll(() => scrollY(page)).toBeGreaterThanOrEqual(y - 3)
  await page.waitForTimeout(300)
  const settled = await scrollY(page)
  expect(Math.abs(settled - y), `scrollY ${settled}, expected ${y}`).toBeLessThanOrEqual(3)
}

/** The Bengali confirmation page, opened at its top with the thank-you heading in view. */
async function expectConfirmationAtTop(page: Page) {
  await expect(page).toHaveURL(/\/order-confirmation$/)
  const heading = page.getByRole("heading", { level: 1, name: THANK_YOU })
  await expect(heading).toBeVisible()
  expect(await maxScroll(page), "the confirmation is taller than the window").toBeGreaterThan(0)
  expect(await scrollY(page)).toBe(0)
  await expect(heading).toBeInViewport({ ratio: 1 })
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`${name} ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport })

    test("a product opens at its top; back returns the listing to where the shopper was", async ({ page }) => {
      await scrolledListing(page, 0.6)
      const card = await cardWithPartInView(page, title)
      const productTitle = (await title(card).textContent())!
      const leftAt = await scrollY(page)

      await title(card).click()
      await expect(page).toHaveURL(/\/shop\/product\//)
      await expect(page.getByRole("article").getByRole("heading", { level: 1 })).toHaveText(productTitle)
      expect(await scrollY(page)).toBe(0)
      await scrollWindow(page, 200)

      await page.goBack()
      await expect(page).toHaveURL(/\/shop\/list\?/)
      await expectScrollAt(page, leftAt)
      await expect(title(page.getByTestId("product-card").filter({ hasText: productTitle }))).toBeInViewport()

      // forward and back again, the product page's own position included
      await page.goForward()
      await expect(page).toHaveURL(/\/shop\/product\//)
      await expectScrollAt(page, Math.min(200, await maxScroll(page)))
      await page.goBack()
      await expectScrollAt(page, leftAt)
    })

    test("back to a listing that must load again (after a reload) still returns to the same place", async ({
      page,
    }) => {
      await scrolledListing(page, 0.5)
      const card = await cardWithPartInView(page, title)
      const productTitle = (await title(card).textContent())!
      const leftAt = await scrollY(page)
      await title(card).click()
      await expect(page.getByRole("article").getByRole("heading", { level: 1 })).toHaveText(productTitle)

      // a fresh document: the listing is fetched again, and slowly
      await page.reload()
      await expect(page.getByRole("article").getByRole("heading", { level: 1 })).toHaveText(productTitle)
      await page.route(
        (url) => url.pathname === "/api/shop/products/get",
        async (route) => {
          await new Promise((done) => setTimeout(done, 800))
          await route.continue()
        }
      )
      await page.goBack()
      await expect(page).toHaveURL(/\/shop\/list\?/)
      await expect(page.getByTestId("product-card").first()).toBeVisible()
      await expectScrollAt(page, leftAt)
      await expect(title(page.getByTestId("product-card").filter({ hasText: productTitle }))).toBeInViewport()
    })

    test("checkout opened from the cart drawer of a scrolled listing opens at its top", async ({ page }) => {
      await scrolledListing(page, 0.5)
      const card = await cardWithPartInView(page, addToCart)
      await addToCart(card).click()
      await expect(notice(page)).toHaveText(/Product added to cart successfully/)
      await expect(page.getByTestId("cart-count")).toHaveText("1")
      expect(await scrollY(page)).toBeGreaterThan(500)

      await page.getByRole("button", { name: /^Cart, / }).click()
      const drawer = page.getByRole("dialog", { name: "Your Cart" })
      await drawer.getByRole("button", { name: "Checkout" }).click()
      await expect(page).toHaveURL(/\/checkout$/)
      await expect(drawer).toHaveCount(0)
      await expect(page.getByRole("region", { name: "Your Order" }).getByTestId("cart-item")).toHaveCount(1)
      expect(await maxScroll(page), "the checkout is taller than the window").toBeGreaterThan(0)
      expect(await scrollY(page)).toBe(0)
      await page.waitForTimeout(300)
      expect(await scrollY(page)).toBe(0)
    })

    test("a checkout order placed from the bottom of the page opens the confirmation at its top", async ({ page }) => {
      const product = (await allProducts(page.request)).filter((p) => p.stock > 0).sort((a, b) => b.stock - a.stock)[0]!
      await page.goto(`/shop/product/${product._id}`)
      await page.getByRole("article").getByRole("button", { name: "Add to Cart" }).click()
      await expect(page.getByTestId("cart-count")).toHaveText("1")

      await page.goto("/checkout")
      const form = page.getByRole("region", { name: "Delivery Information" })
      await fillGuestDelivery(form, { "Full Name": "Navigation Shopper", Email: "navigation@example.com" })
      expect(await scrollWindow(page, await maxScroll(page))).toBeGreaterThan(0)

      const created = page.waitForResponse((r) => r.url().endsWith("/api/shop/order/create-order"))
      await page.getByRole("button", { name: "Checkout with bKash" }).click()
      expect((await created).status()).toBe(201)
      await expectConfirmationAtTop(page)
    })

    test("a landing-page order placed from its far-down form opens the confirmation at its top", async ({ page }) => {
      await page.goto(`/landing/${DEMO}`)
      const form = page.getByTestId("order-form")
      await form.getByLabel(/আপনার নাম/).fill("নেভিগেশন ক্রেতা")
      await form.getByLabel(/মোবাইল নম্বর/).fill("01712345678")
      await form.getByLabel(/সম্পূর্ণ ঠিকানা/).fill("বাড়ি ৭, রোড ২, মিরপুর, ঢাকা")
      const submit = form.getByRole("button", { name: "এখনই অর্ডার করুন" })
      await submit.scrollIntoViewIfNeeded()
      expect(await scrollY(page), "the order form is far down the page").toBeGreaterThan(500)

      const created = page.waitForResponse((r) => r.url().includes("/api/shop/order/create-order"))
      await submit.click()
      expect((await created).status()).toBe(201)
      await expectConfirmationAtTop(page)
    })
  })
}
