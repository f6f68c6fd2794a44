import { mkdirSync } from "node:fs"
import { expect, test, type APIRequestContext, type Page } from "@playwright/test"
import type { Product } from "@shop/contract"
import { allProducts, fillGuestDelivery, taka } from "./shop-helpers"

/**
 * Checkout on phones: every line of "Your Order" keeps its title clear of its
 * prices (the title wraps, the prices stay whole), and the delivery line
 * follows the contract's one rule for the city as shoppers write it.
 */

const WIDTHS = [320, 360, 390, 1366] as const
const SHOTS = process.env.E2E_SHOTS_DIR || "/tmp/shots28"

type Box = { x: number; y: number; width: number; height: number }
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5

/** The long-titled products first: they are the ones that ran into their prices. */
async function longestTitled(request: APIRequestContext, count: number): Promise<Product[]> {
  const products = (await allProducts(request)).filter((p) => p.stock > 0)
  return products.sort((a, b) => b.title.length - a.title.length).slice(0, count)
}

/** A guest cart in localStorage, as the shop keeps it, then /checkout. */
async function openCheckoutWith(page: Page, products: Product[]) {
  await page.goto("/shop/list")
  await page.evaluate((items) => {
    localStorage.setItem(
      "guestCart",
      JSON.stringify({ items: items.map((product, i) => ({ productId: product, quantity: i + 1, _id: `line-${i}` })) })
    )
  }, products)
  await page.goto("/checkout")
  await expect(page.getByRole("region", { name: "Your Order" }).getByTestId("cart-item")).toHaveCount(products.length)
}

/** The drawn boxes of an element's text (one per line it takes), not its element box. */
async function textBoxes(page: Page, selector: string, index: number): Promise<Box[]> {
  return page.evaluate(
    ([sel, i]) => {
      const el = document.querySelectorAll(sel)[i as number]!
      const range = document.createRange()
      range.selectNodeContents(el)
      return Array.from(range.getClientRects())
        .filter((r) => r.width > 0 && r.height > 0)
        .map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height }))
    },
    [selector, index] as const
  )
}

for (const width of WIDTHS) {
  test(`checkout at ${width} px: every line's title stays clear of its prices`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: width >= 1000 ? 768 : 800 })
    const products = await longestTitled(request, 4)
    await openCheckoutWith(page, products)
    const summary = page.getByRole("region", { name: "Your Order" })
    const lines = summary.getByTestId("cart-item")
    const count = await lines.count()
    const panel = (await summary.boundingBox())!
    for (let i = 0; i < count; i++) {
      const title = await textBoxes(page, '[aria-labelledby="order-summary"] .cart-item__title', i)
      const prices = [
        ...(await textBoxes(page, '[aria-labelledby="order-summary"] .cart-item__price', i)),
        ...(await textBoxes(page, '[aria-labelledby="order-summary"] .cart-item__total', i)),
      ]
      expect(title.length, `line ${i}: title drawn`).toBeGreaterThan(0)
      expect(prices.length, `line ${i}: prices drawn`).toBeGreaterThan(1)
      for (const t of title) {
        for (const p of prices) {
          expect(
            overlap(t, p),
            `${width} px, line ${i} "${products[i]!.title}": title ${JSON.stringify(t)} over a price ${JSON.stringify(p)}`
          ).toBe(false)
        }
      }
      // everything of the line inside the panel and the screen
      for (const box of [...title, ...prices]) {
        expect(box.x, `${width} px, line ${i}: left edge`).toBeGreaterThanOrEqual(panel.x - 0.5)
        expect(box.x + box.width, `${width} px, line ${i}: right edge`).toBeLessThanOrEqual(
          Math.min(panel.x + panel.width, width) + 0.5
        )
      }
      // the line's own box does not spill sideways either
      const spill = await lines.nth(i).evaluate((el) => el.scrollWidth - el.clientWidth)
      expect(spill, `${width} px, line ${i}: content wider than the line`).toBeLessThanOrEqual(0)
    }
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }))
    expect(scrollWidth, `${width} px: the page scrolls sideways`).toBeLessThanOrEqual(clientWidth)
    mkdirSync(SHOTS, { recursive: true })
    // the whole page: an element's picture would have the sticky header drawn over its top
    await page.screenshot({ path: `${SHOTS}/checkout-lines-${width}.png`, fullPage: true })
  })
}

test("checkout charges the Dhaka rate for Dhaka as shoppers write it, the outside rate elsewhere", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 800 })
  const [product] = await longestTitled(request, 1)
  await openCheckoutWith(page, [product!])
  const form = page.getByRole("region", { name: "Delivery Information" })
  const summary = page.getByRole("region", { name: "Your Order" })
  await fillGuestDelivery(form)
  const cases: [string, number][] = [
    ["ঢাকা", 60],
    ["Mirpur", 60],
    ["Dhaka City", 60],
    ["DHAKA-1207", 60],
    ["Uttara Sector 7", 60],
    ["ধানমন্ডি", 60],
    ["Dahka", 60],
    ["Chattogram", 120],
    ["Savar", 120],
    ["সিলেট", 120],
  ]
  for (const [city, charge] of cases) {
    await form.getByLabel("City").fill(city)
    await expect(summary.getByTestId("cart-delivery"), city).toHaveText(taka(charge))
  }
  await form.getByLabel("City").fill("ঢাকা")
  await expect(summary.getByTestId("cart-delivery")).toHaveText(taka(60))
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/checkout-dhaka-bengali-360.png`, fullPage: true })
})
