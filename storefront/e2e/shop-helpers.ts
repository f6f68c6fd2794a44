import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test"
import type { Product } from "@shop/contract"

/** Shared helpers of the shopper e2e specs (auth, shop, cart-checkout, profile). */

export const ADMIN = { email: "admin@shop.local", password: "admin12345" }

/** Unique per run and per call: the e2e database is shared by every spec file of a run. */
let counter = 0
export function uniqueEmail(prefix: string): string {
  counter += 1
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`
}

export const taka = (amount: number) => `৳${amount.toLocaleString("en-US")}`
export const pays = (p: Pick<Product, "price" | "saleprice">) => (p.saleprice > 0 ? p.saleprice : p.price)

export async function allProducts(request: APIRequestContext): Promise<Product[]> {
  const res = await request.get("/api/shop/products/get")
  expect(res.ok()).toBe(true)
  return ((await res.json()) as { products: Product[] }).products
}

export async function productByTitle(request: APIRequestContext, title: string): Promise<Product> {
  const product = (await allProducts(request)).find((p) => p.title === title)
  expect(product, `seeded product "${title}"`).toBeTruthy()
  return product!
}

/** Registers a customer and signs the page's browser context in (the cookie is shared with `page.request`). */
export async function signInNewCustomer(page: Page, name = "E2E Shopper") {
  const email = uniqueEmail("shopper")
  const password = "secret-123"
  const register = await page.request.post("/api/auth/register", { data: { username: name, email, password } })
  expect(register.status(), await register.text()).toBe(201)
  const login = await page.request.post("/api/auth/login", { data: { email, password } })
  expect(login.status(), await login.text()).toBe(200)
  const { user } = (await login.json()) as { user: { _id: string } }
  return { email, password, userId: user._id }
}

/** The shop-wide notice (only one shows at a time). */
export const notice = (page: Page) => page.getByTestId("toast")

/** Holds the app's code (the chunk `chunk` matches) until `release()`; says whether the page asked for it. */
export async function holdTheApp(page: Page, chunk: RegExp) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let asked = false
  await page.route(chunk, async (route) => {
    asked = true
    await released
    await route.continue()
  })
  return { release, asked: () => asked }
}

/** React has taken over this element (its fiber is attached): the landing app started (src/lib/late-start.ts). */
export const hydrated = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactFiber")))
    .catch(() => false)

/** Fills the guest checkout's 'Delivery Information' form (a Dhaka address unless `values` says otherwise). */
export async function fillGuestDelivery(form: Locator, values: Partial<Record<string, string>> = {}) {
  const all = {
    "Full Name": "Karim Ahmed",
    Email: "karim@example.com",
    Phone: "01712345678",
    Address: "House 12, Road 5, Dhanmondi",
    City: "Dhaka",
    Pincode: "1205",
    ...values,
  }
  for (const [label, value] of Object.entries(all)) await form.getByLabel(label).fill(value!)
}

/** Signs the admin in through the storefront's login form, as the merchant does; Medusa Admin opens on the shop's dashboard. */
export async function signInAdmin(page: Page) {
  await page.goto("/auth/login")
  const email = page.getByLabel("Email")
  await expect(email).toBeVisible()
  await email.fill(ADMIN.email)
  await page.getByLabel("Password").fill(ADMIN.password)
  await page.getByRole("button", { name: "Sign In" }).click()
  await expect(page).toHaveURL(/\/app\/shop-dashboard(?:[?#]|$)/, { timeout: 30_000 })
}

export type PlacedOrder = { orderNumber: string; guestName: string }

/** A guest shop order of one unit of a product with stock, placed without any session (as a shopper would). */
export async function placeGuestOrder(
  request: APIRequestContext,
  guest: {
    name: string
    email: string
    phone: string
    address: string
    city?: string
    pincode?: string
    notes?: string
    minStock?: number
  }
): Promise<PlacedOrder> {
  const product = (await allProducts(request)).find((p) => p.stock > (guest.minStock ?? 2))!
  const res = await request.post("/api/shop/order/create-order", {
    data: {
      isGuest: true,
      guestName: guest.name,
      guestEmail: guest.email,
      guestPhone: guest.phone,
      landingPageSlug: null,
      cartItems: [{ productId: product._id, title: product.title, quantity: 1 }],
      addressInfo: [
        {
          address: guest.address,
          city: guest.city ?? "Dhaka",
          pincode: guest.pincode ?? "1205",
          number: guest.phone,
          notes: guest.notes ?? "",
        },
      ],
      orderStatus: "pending",
    },
  })
  expect(res.status(), await res.text()).toBeLessThan(300)
  const { data } = (await res.json()) as { data: { orderNumber: string } }
  return { orderNumber: data.orderNumber, guestName: guest.name }
}

/**
 * A landing page's HTML once its own cut of the Bengali font is made
 * (storefront/server/font-store.ts): the first render after a start, or after
 * the page's text changed, may still preload the full faces.
 */
export async function landingWithCut(page: Page, slug: string): Promise<string> {
  let html = ""
  await expect
    .poll(
      async () => {
        html = await (await page.request.get(`/landing/${slug}`)).text()
        // the Bengali cut preloaded and the merchant's Latin family's cut in the style
        return html.includes('href="/fonts/landing-') && html.includes('font-family:"Landing Latin"')
      },
      { timeout: 60_000, intervals: [500, 1000] }
    )
    .toBe(true)
  return html
}
