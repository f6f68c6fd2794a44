import { expect, test, type BrowserContext, type Page } from "@playwright/test"
import type { Product } from "@shop/contract"

/**
 * The landing page editor in Medusa Admin (/app/landing-pages) against the
 * real stack: renaming a published page keeps its slug and public URL; on a
 * new page the slug follows the title until it is edited by hand; the phone
 * and address switches are locked on (a cash-on-delivery order needs both).
 * The admin signs in once, through the storefront's login form; the spec makes
 * its own pages, with slugs of its own.
 */

const ADMIN = { email: "admin@shop.local", password: "admin12345" }
const RUN = Date.now().toString(36).slice(-6)
const LOCKED_HINT = "Required for cash-on-delivery orders"

test.describe.configure({ mode: "serial" })

let context: BrowserContext
let page: Page

const toast = (text: string) => page.getByText(text, { exact: true }).first()
const titleInput = () => page.getByRole("textbox", { name: "Page Title", exact: true })
const slugInput = () => page.getByRole("textbox", { name: "Slug", exact: true })

type StoredPage = { _id: string; title: string; slug: string; isActive: boolean; orderForm: Record<string, unknown> }

async function storedPage(id: string): Promise<StoredPage> {
  const res = await page.request.get(`/api/admin/landing-pages/${id}`)
  expect(res.status()).toBe(200)
  return ((await res.json()) as { data: StoredPage }).data
}

async function aProduct(): Promise<Product> {
  const res = await page.request.get("/api/shop/products/get")
  expect(res.ok()).toBe(true)
  return ((await res.json()) as { products: Product[] }).products.find((p) => p.stock > 0)!
}

/** The Settings tab's phone and address switches are on and cannot be turned off; the email one can. */
async function expectLockedCodSwitches() {
  await page.getByRole("tab", { name: "Settings" }).click()
  for (const name of ["Show Phone Field", "Show Address Fields"]) {
    const toggle = page.getByRole("switch", { name, exact: true })
    await expect(toggle).toBeChecked()
    await expect(toggle).toBeDisabled()
    await expect(toggle).toHaveAccessibleDescription(LOCKED_HINT)
    // a click on a locked switch changes nothing
    await toggle.click({ force: true })
    await expect(toggle).toBeChecked()
  }
  await expect(page.getByRole("switch", { name: "Show Email Field", exact: true })).toBeEnabled()
  await page.getByRole("tab", { name: "Basic" }).click()
}

test.beforeAll(async ({ browser, baseURL }) => {
  context = await browser.newContext({ baseURL })
  page = await context.newPage()
  await page.goto("/auth/login")
  await page.getByLabel("Email").fill(ADMIN.email)
  await page.getByLabel("Password").fill(ADMIN.password)
  await page.getByRole("button", { name: "Sign In" }).click()
  // an admin lands on the shop's dashboard in Medusa Admin
  await expect(page).toHaveURL(/\/app\/shop-dashboard(?:[?#]|$)/, { timeout: 30_000 })
})

test.afterAll(async () => {
  await context?.close()
})

test("renaming a published page keeps its slug and its public URL", async () => {
  const product = await aProduct()
  // the slug is the title's own, as the create screen makes it: the case the editor used to rewrite
  const title = `E2E Eid Panjabi Offer ${RUN}`
  const slug = `e2e-eid-panjabi-offer-${RUN}`
  const renamed = `E2E Puja Panjabi Sale ${RUN}`
  const created = await page.request.post("/api/admin/landing-pages/create", {
    data: { title, slug, productId: product._id, isActive: true, hero: { headline: `Panjabi ${RUN}` } },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { _id: id } = ((await created.json()) as { data: StoredPage }).data

  await page.goto(`/app/landing-pages/edit/${id}`)
  await expect(page.getByRole("heading", { name: "Edit Landing Page" })).toBeVisible({ timeout: 30_000 })
  await expect(titleInput()).toHaveValue(title)
  await expect(slugInput()).toHaveValue(slug)

  await titleInput().fill(renamed)
  await expect(slugInput()).toHaveValue(slug)
  await expectLockedCodSwitches()
  await page.getByRole("button", { name: "Update Landing Page" }).click()
  await expect(toast("Landing page updated successfully")).toBeVisible()
  await expect(page).toHaveURL(/\/app\/landing-pages$/)

  const row = page.locator(`[data-testid="landing-page-row"][data-slug="${slug}"]`)
  await expect(row).toContainText(renamed)
  await expect(row.getByRole("link", { name: `Open /landing/${slug}` })).toBeVisible()
  expect(await storedPage(id)).toMatchObject({ title: renamed, slug, isActive: true })

  // the link already shared still opens the renamed page; the new title's slug is no page
  await page.goto(`/landing/${slug}`)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Panjabi ${RUN}`)
  await expect(page).toHaveTitle(renamed)
  expect((await page.request.get(`/api/landing/e2e-puja-panjabi-sale-${RUN}`)).status()).toBe(404)
})

test("on the create screen the slug follows the title until edited by hand; phone and address stay asked", async () => {
  const product = await aProduct()
  await page.goto("/app/landing-pages/create")
  await expect(page.getByRole("heading", { name: "Create Landing Page" })).toBeVisible({ timeout: 30_000 })

  await titleInput().fill(`E2E Winter Shawl ${RUN}`)
  await expect(slugInput()).toHaveValue(`e2e-winter-shawl-${RUN}`)
  await titleInput().fill(`E2E Winter Shawl Offer ${RUN}`)
  await expect(slugInput()).toHaveValue(`e2e-winter-shawl-offer-${RUN}`)
  await expect(page.getByText("(follows the title)")).toBeVisible()

  const own = `shawl-${RUN}`
  await slugInput().fill(own)
  await expect(page.getByText("(edited by hand)")).toBeVisible()
  await titleInput().fill(`E2E Winter Shawl Mega Offer ${RUN}`)
  await expect(slugInput()).toHaveValue(own)

  await expectLockedCodSwitches()
  await page.getByRole("combobox", { name: "Product" }).click()
  await page.getByRole("option", { name: product.title, exact: true }).click()
  await page.getByRole("button", { name: "Save Landing Page" }).click()
  await expect(toast("Landing page created successfully")).toBeVisible()
  await expect(page).toHaveURL(/\/app\/landing-pages$/)

  const row = page.locator(`[data-testid="landing-page-row"][data-slug="${own}"]`)
  await expect(row).toContainText(`E2E Winter Shawl Mega Offer ${RUN}`)
  const list = (await (await page.request.get("/api/admin/landing-pages")).json()) as { data: StoredPage[] }
  const saved = list.data.find((p) => p.slug === own)!
  expect(saved).toMatchObject({ title: `E2E Winter Shawl Mega Offer ${RUN}`, isActive: false })
  expect(saved.orderForm).toMatchObject({ showPhoneField: true, showAddressFields: true })
})
