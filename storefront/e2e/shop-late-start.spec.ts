import { expect, test, type Page } from "@playwright/test"
import { holdTheApp, hydrated, notice, productByTitle, signInNewCustomer } from "./shop-helpers"

/**
 * The shop's server-rendered pages (home, listing, product) start their app
 * after the page's first picture is on the screen (src/main.tsx,
 * src/lib/late-start.ts), as the landing pages do: the picture and the text
 * come first on a phone's slow line, React and the app's 120 KB after. A tap
 * on a button before the app has arrived is made once it has.
 */
const TEE = "Puma Formstrip Tee"

/** The app's code, held back on the wire by holdTheApp. */
const APP_CHUNK = /\/assets\/shop-hydrate-[\w-]+\.js$/

/** React has taken over the product page: its availability line carries React's fiber. */
const productHydrated = (page: Page) => hydrated(page, "availability")

test("a product page's app comes after its first picture; neither it nor React is preloaded with the page", async ({
  page,
  request,
}) => {
  const tee = await productByTitle(request, TEE)
  const order: string[] = []
  page.on("requestfinished", (req) => {
    const url = new URL(req.url())
    if (req.resourceType() === "image" && /-\d+w\.\w+$/.test(url.pathname)) order.push("picture")
    if (/\/assets\/(shop-hydrate|react|vendor)-/.test(url.pathname)) order.push("app")
  })
  const res = await page.goto(`/shop/product/${tee._id}`)
  const html = (await res!.text()) ?? ""
  expect(html).toMatch(/<img [^>]*fetchpriority="high"/)
  expect(html).not.toMatch(/rel="modulepreload"[^>]*(shop-hydrate|react|vendor)-/)
  await expect.poll(() => productHydrated(page)).toBe(true)
  expect(order.indexOf("picture")).toBeGreaterThanOrEqual(0)
  expect(order.indexOf("app")).toBeGreaterThan(order.indexOf("picture"))
})

test("'Add to Cart' tapped before the app arrives adds the product once it has", async ({ page, request }) => {
  const tee = await productByTitle(request, TEE)
  const app = await holdTheApp(page, APP_CHUNK)
  await page.goto(`/shop/product/${tee._id}`)
  const add = page.getByRole("article").getByRole("button", { name: "Add to Cart" })
  await add.click()
  await expect.poll(app.asked).toBe(true)
  expect(await productHydrated(page)).toBe(false)

  app.release()
  await expect(notice(page)).toHaveText(/Product added to cart successfully/)
  await expect(page.getByTestId("cart-count")).toHaveText("1")
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem("guestCart"))) ?? "null") as {
    items: { productId: { _id: string }; quantity: number }[]
  }
  expect(stored.items.map((i) => [i.productId._id, i.quantity])).toEqual([[tee._id, 1]])
})

test("a signed-in shopper's early 'Add to Cart' goes to their own cart, even while the session check is still out", async ({
  page,
  request,
}) => {
  await signInNewCustomer(page, "Early Tapper")
  const tee = await productByTitle(request, TEE)
  const app = await holdTheApp(page, APP_CHUNK)
  // who is signed in comes late too: the held tap is made before the app knows
  let answerSession!: () => void
  const sessionAnswered = new Promise<void>((resolve) => (answerSession = resolve))
  await page.route(/\/api\/auth\/check-auth$/, async (route) => {
    await sessionAnswered
    await route.continue()
  })
  await page.goto(`/shop/product/${tee._id}`)
  await page.getByRole("article").getByRole("button", { name: "Add to Cart" }).click()
  await expect.poll(app.asked).toBe(true)
  app.release()
  await expect.poll(() => productHydrated(page)).toBe(true)
  answerSession()
  await expect(notice(page)).toHaveText(/Product added to cart successfully/)
  await expect(page.getByTestId("cart-count")).toHaveText("1")
  // in the shopper's server cart, not the browser's guest cart
  expect(await page.evaluate(() => localStorage.getItem("guestCart"))).toBeNull()
  await page.unroute(/\/api\/auth\/check-auth$/)
  await page.goto("/checkout")
  await expect(page.getByText(tee.title).first()).toBeVisible()
})

test("a page the server does not render (checkout) starts its app at once", async ({ page }) => {
  const app = await holdTheApp(page, APP_CHUNK)
  await page.goto("/checkout")
  await expect.poll(app.asked).toBe(true)
  // the server sent #root empty: the header is the app's
  expect(await page.locator("#root").evaluate((el) => el.childElementCount)).toBe(0)
  app.release()
  await expect(page.getByRole("banner")).toBeVisible()
})
