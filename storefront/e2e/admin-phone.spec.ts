import { mkdirSync } from "node:fs"
import { expect, test, type BrowserContext, type Page } from "@playwright/test"
import { signInAdmin } from "./shop-helpers"

/**
 * Medusa Admin on a phone, and its screens' times: the shop's notices fit a
 * 320, 360 and 390 px screen with their close button whole; every shop screen
 * (and the storefront's hand-over) shows its data when opened by address once
 * the admin has loaded once, and how long it took is recorded with the test.
 * The 1 s goal is the bench's (`npm run bench:admin`, on a quiet machine): a
 * browser test shares the machine with whatever else runs.
 */

const SHOTS = process.env.E2E_SHOTS_DIR || "/tmp/shots28"
const PHONE_WIDTHS = [320, 360, 390] as const

/** Each shop screen and what shows once its data is there. */
const ADMIN_SCREENS = [
  { name: "dashboard", path: "/app/shop-dashboard", data: '[data-testid="recent-orders"]' },
  { name: "orders", path: "/app/shop-orders", data: '[data-testid="order-number"], :text("No orders found")' },
  { name: "products", path: "/app/shop-products", data: '[data-testid="admin-product-card"]' },
  { name: "landing pages", path: "/app/landing-pages", data: '[data-testid="landing-page-row"]' },
] as const

// one signed-in page for the file; a failing test does not skip the others
test.describe.configure({ mode: "default" })

let context: BrowserContext
let page: Page

test.beforeAll(async ({ browser, baseURL }) => {
  context = await browser.newContext({ baseURL, permissions: ["clipboard-read", "clipboard-write"] })
  page = await context.newPage()
  await signInAdmin(page)
  await expect(page.locator(ADMIN_SCREENS[0].data).first()).toBeVisible({ timeout: 30_000 })
})

test.afterAll(async () => {
  await context?.close()
})

for (const width of PHONE_WIDTHS) {
  test(`a notice fits a ${width} px screen with its close button whole`, async () => {
    await page.setViewportSize({ width, height: 740 })
    await page.goto("/app/landing-pages")
    const row = page.locator('[data-testid="landing-page-row"][data-slug="salwar-kameez-offer"]')
    await expect(row).toBeVisible({ timeout: 30_000 })
    // the row's actions may sit beyond a narrow table's edge: the button is clicked where it is
    await row.getByRole("button", { name: "Copy URL of /salwar-kameez-offer" }).dispatchEvent("click")
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Landing page URL copied to clipboard!" })
    await expect(toast).toBeVisible()
    // measured where it comes to rest (sonner slides it in)
    await toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)))
    await page.waitForTimeout(450)
    const viewport = page.viewportSize()!
    const boxes = await toast.evaluate((el) => {
      const rect = (node: Element) => {
        const r = node.getBoundingClientRect()
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }
      }
      const card = el.firstElementChild!
      const close = el.querySelector("button")!
      // the close button is whole when its box is inside every box that clips it
      let clip = { left: -Infinity, right: Infinity }
      for (let node = close.parentElement; node; node = node.parentElement) {
        const style = getComputedStyle(node)
        if (style.overflow !== "visible" || style.overflowX !== "visible") {
          const r = node.getBoundingClientRect()
          clip = { left: Math.max(clip.left, r.left), right: Math.min(clip.right, r.right) }
        }
      }
      return { toast: rect(el), card: rect(card), close: rect(close), clip }
    })
    for (const [name, box] of Object.entries({ toast: boxes.toast, card: boxes.card, close: boxes.close })) {
      expect(box.left, `${width} px: the notice's ${name} left edge`).toBeGreaterThanOrEqual(0)
      expect(box.right, `${width} px: the notice's ${name} right edge`).toBeLessThanOrEqual(viewport.width)
    }
    expect(boxes.close.left, `${width} px: close button clipped on the left`).toBeGreaterThanOrEqual(
      boxes.clip.left - 0.5
    )
    expect(boxes.close.right, `${width} px: close button clipped on the right`).toBeLessThanOrEqual(
      boxes.clip.right + 0.5
    )
    expect(boxes.card.right, `${width} px: the notice's card wider than the notice`).toBeLessThanOrEqual(
      boxes.toast.right + 0.5
    )
    mkdirSync(SHOTS, { recursive: true })
    await page.screenshot({ path: `${SHOTS}/admin-notice-${width}.png` })
  })
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

test("the shop's admin screens show their data when opened by address after the first load (times recorded)", async () => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1366, height: 768 })
  // the first load of the admin (its code into the browser's cache)
  await page.goto(ADMIN_SCREENS[0].path)
  await expect(page.locator(ADMIN_SCREENS[0].data).first()).toBeVisible({ timeout: 30_000 })
  const figures: Record<string, { loads: number[]; median: number }> = {}
  for (const screen of ADMIN_SCREENS) {
    const loads: number[] = []
    for (let i = 0; i < 3; i++) {
      const started = Date.now()
      await page.goto(screen.path, { waitUntil: "commit" })
      await page.locator(screen.data).first().waitFor({ state: "visible", timeout: 30_000 })
      loads.push(Date.now() - started)
    }
    figures[screen.name] = { loads, median: median(loads) }
  }
  // the storefront's /admin/... addresses hand over to the same screens
  const handoff: number[] = []
  for (let i = 0; i < 3; i++) {
    const started = Date.now()
    await page.goto("/admin/orders", { waitUntil: "commit" })
    await page.locator(ADMIN_SCREENS[1].data).first().waitFor({ state: "visible", timeout: 30_000 })
    await expect(page).toHaveURL(/\/app\/shop-orders$/)
    handoff.push(Date.now() - started)
  }
  figures["/admin/orders hand-over"] = { loads: handoff, median: median(handoff) }
  console.log(`[admin screens] ${JSON.stringify(figures)}`)
  test.info().annotations.push({ type: "admin screens (ms)", description: JSON.stringify(figures) })
})
