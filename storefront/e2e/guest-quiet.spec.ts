import { mkdirSync } from "node:fs"
import { expect, test, type Page } from "@playwright/test"
import { allProducts } from "./shop-helpers"

/**
 * A guest's visit is quiet: the session check of a shopper who is not signed
 * in is an answer, not an error (no 401, nothing red in the console), and a
 * malformed address shows the app's own "page not found" with a 404.
 */

const SHOTS = process.env.E2E_SHOTS_DIR || "/tmp/shots28"
const WIDTHS = [320, 360, 390] as const

/** Console errors and failed answers while `visit` runs. */
async function watch(page: Page, visit: () => Promise<void>) {
  const consoleErrors: string[] = []
  const failed: string[] = []
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(`${message.text()} (${message.location().url})`)
  })
  page.on("response", (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.request().method()} ${response.url()}`)
  })
  await visit()
  return { consoleErrors, failed }
}

test("a guest's pages log no error and no 401: the session check answers that no one is signed in", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const [product] = await allProducts(request)
  const pages = [
    "/",
    "/shop/list",
    `/shop/product/${product!._id}`,
    "/checkout",
    "/auth/login",
    "/auth/register",
    "/auth-login",
    "/profile",
    "/admin/dashboard",
    "/landing/salwar-kameez-offer",
    "/order-confirmation",
  ]
  for (const path of pages) {
    const seen = await watch(page, async () => {
      await page.goto(path)
      await page.waitForLoadState("networkidle")
    })
    expect(seen.failed, `${path}: failed answers`).toEqual([])
    expect(seen.consoleErrors, `${path}: console errors`).toEqual([])
    page.removeAllListeners("console")
    page.removeAllListeners("response")
  }
  const check = await request.get("/api/auth/check-auth")
  expect(check.status()).toBe(200)
  expect(await check.json()).toEqual({ success: false, user: null })
  expect(check.headers()["cache-control"]).toMatch(/no-store/)
})

for (const width of WIDTHS) {
  test(`a malformed address shows the app's own not-found page at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 740 })
    for (const path of ["/shop/product/%E0%A4", "/%E0%A4%A", "/landing/%E0%A4", "/shop/list/%ZZ"]) {
      const res = await page.goto(path)
      expect(res!.status(), path).toBe(404)
      expect(res!.headers()["content-type"], path).toMatch(/^text\/html/)
      await expect(page.getByRole("heading", { name: "page not found" }), path).toBeVisible()
      await expect(page.getByRole("link", { name: "Return to Homepage" }), path).toBeVisible()
      expect(page.url(), `${path}: stays where it was`).toContain(path.split("%")[0])
    }
    mkdirSync(SHOTS, { recursive: true })
    await page.goto("/shop/product/%E0%A4")
    await expect(page.getByRole("heading", { name: "page not found" })).toBeVisible()
    await page.screenshot({ path: `${SHOTS}/malformed-url-${width}.png` })
  })
}
