import { expect, test, type Page } from "@playwright/test"
import type { Product } from "@shop/contract"
import { signInAdmin } from "./shop-helpers"

/**
 * The landing page editor in Medusa Admin on a phone and a desktop: a Bengali
 * title gives a readable Latin slug the merchant can still edit, and the
 * editor warns while a trust badge promises free delivery the page's form
 * charges for. Screenshots go to /tmp/shots28 (SHOTS_DIR).
 */

const RUN = Date.now().toString(36).slice(-6)
const SHOTS = process.env.SHOTS_DIR || "/tmp/shots28"
const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
] as const

const titleInput = (page: Page) => page.getByRole("textbox", { name: "Page Title", exact: true })
const slugInput = (page: Page) => page.getByRole("textbox", { name: "Slug", exact: true })
const warning = (page: Page) => page.getByTestId("badge-delivery-warning")

async function aProduct(page: Page): Promise<Product> {
  const res = await page.request.get("/api/shop/products/get")
  expect(res.ok()).toBe(true)
  return ((await res.json()) as { products: Product[] }).products.find((p) => p.stock > 0)!
}

async function openCreate(page: Page) {
  await signInAdmin(page)
  await page.goto("/app/landing-pages/create")
  await expect(page.getByRole("heading", { name: "Create Landing Page" })).toBeVisible({ timeout: 30_000 })
}

for (const viewport of VIEWPORTS) {
  test.describe(`the editor at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport })
    // Medusa Admin's first load and the sign-in take most of the default 30 s on a busy machine
    test.setTimeout(90_000)

    test("a Bengali title gives a readable Latin slug, which the merchant can still edit, and the page saves", async ({
      page,
    }) => {
      const product = await aProduct(page)
      await openCreate(page)
      const run = `${RUN}${viewport.width}`

      await titleInput(page).fill(`ঈদ অফার ${run}`)
      await expect(slugInput(page)).toHaveValue(`eid-offer-${run}`)
      await titleInput(page).fill(`ঈদ অফার: কটন সালোয়ার কামিজ ${run}`)
      await expect(slugInput(page)).toHaveValue(`eid-offer-koton-saloyar-kamij-${run}`)
      await expect(page.getByText(`/landing/eid-offer-koton-saloyar-kamij-${run}`).first()).toBeVisible()
      // a title of nothing but signs still gives an address
      await titleInput(page).fill("🔥🔥🔥")
      await expect(slugInput(page)).toHaveValue(/^page-[a-z0-9]{6}$/)
      await titleInput(page).fill(`জামদানি শাড়ি ${run}`)
      await expect(slugInput(page)).toHaveValue(`jamdani-shari-${run}`)
      await page.screenshot({ path: `${SHOTS}/editor-${viewport.width}-bengali-slug.png` })

      // the merchant's own slug, typed in Bengali, is read the same way when the field is left
      await slugInput(page).fill(`শাড়ি ${run}`)
      await slugInput(page).blur()
      await expect(slugInput(page)).toHaveValue(`shari-${run}`)
      await expect(page.getByText("(edited by hand)")).toBeVisible()

      await page.getByRole("combobox", { name: "Product" }).click()
      await page.getByRole("option", { name: product.title, exact: true }).click()
      await page.getByRole("button", { name: "Save Landing Page" }).click()
      await expect(page.getByText("Landing page created successfully", { exact: true }).first()).toBeVisible()
      const list = (await (await page.request.get("/api/admin/landing-pages")).json()) as {
        data: { slug: string; title: string }[]
      }
      expect(list.data.find((p) => p.slug === `shari-${run}`)).toMatchObject({ title: `জামদানি শাড়ি ${run}` })
    })

    test("the editor warns while a badge promises free delivery the form charges for", async ({ page }) => {
      await openCreate(page)
      await page.getByRole("tab", { name: "Settings" }).click()
      const badges = page.getByRole("textbox", { name: "Badges", exact: true })

      await badges.fill("Cash on Delivery, ফ্রি হোম ডেলিভারি, Money Back Guarantee")
      await expect(warning(page)).toBeVisible()
      await expect(warning(page)).toContainText("ফ্রি হোম ডেলিভারি")
      await expect(warning(page)).toContainText("৳60")
      await expect(warning(page)).toContainText("৳120")
      await warning(page).scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${SHOTS}/editor-${viewport.width}-badge-warning.png` })
      // seen from every tab, not only where the badges are typed
      await page.getByRole("tab", { name: "Basic" }).click()
      await expect(warning(page)).toBeVisible()

      await page.getByRole("tab", { name: "Settings" }).click()
      await badges.fill("Free Delivery")
      await expect(warning(page)).toContainText("Free Delivery")
      // hidden badges promise nothing
      await page.getByRole("switch", { name: "Show Trust Badges", exact: true }).click()
      await expect(warning(page)).toHaveCount(0)
      await page.getByRole("switch", { name: "Show Trust Badges", exact: true }).click()
      await expect(warning(page)).toBeVisible()
      await badges.fill("Cash on Delivery, সারাদেশে হোম ডেলিভারি")
      await expect(warning(page)).toHaveCount(0)
    })

    test("the seeded demo page opens in the editor without the warning", async ({ page }) => {
      await signInAdmin(page)
      const list = (await (await page.request.get("/api/admin/landing-pages")).json()) as {
        data: { _id: string; slug: string }[]
      }
      const demo = list.data.find((p) => p.slug === "salwar-kameez-offer")!
      await page.goto(`/app/landing-pages/edit/${demo._id}`)
      await expect(page.getByRole("heading", { name: "Edit Landing Page" })).toBeVisible({ timeout: 30_000 })
      await expect(titleInput(page)).toHaveValue(/ঈদ অফার/)
      await expect(warning(page)).toHaveCount(0)
    })
  })
}
