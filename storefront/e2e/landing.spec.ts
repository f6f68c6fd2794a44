import { expect, test, type APIRequestContext, type Page } from "@playwright/test"
import type { Pictures, Product } from "@shop/contract"
import { ADMIN, pays, taka } from "./shop-helpers"

/**
 * The Bengali landing page and the order confirmation against the real stack:
 * the seeded demo page /landing/salwar-kameez-offer, a page this spec publishes
 * with several pictures (the demo's hero and gallery share one picture), and a
 * draft.
 */

const DEMO = "salwar-kameez-offer"
const FILL_ALL = "অনুগ্রহ করে নাম, মোবাইল নম্বর ও ঠিকানা সহ সকল তথ্য পূরণ করুন"
const BAD_PHONE = "সঠিক মোবাইল নম্বর দিন (যেমন 01XXXXXXXXX)"
const ORDER_PLACED = "আপনার অর্ডার সফলভাবে সম্পন্ন হয়েছে"

async function adminRequest(request: APIRequestContext) {
  const login = await request.post("/api/auth/login", { data: ADMIN })
  expect(login.status()).toBe(200)
  return request
}

async function createPage(request: APIRequestContext, body: Record<string, unknown>) {
  const res = await request.post("/api/admin/landing-pages/create", { data: body })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { data: { _id: string; slug: string; isActive: boolean } }).data
}

async function products(request: APIRequestContext): Promise<Product[]> {
  const res = await request.get("/api/shop/products/get")
  expect(res.ok()).toBe(true)
  return ((await res.json()) as { products: Product[] }).products
}

const orderForm = (page: Page) => page.getByTestId("order-form")
const summary = (page: Page) => ({
  product: page.getByTestId("summary-product-total"),
  delivery: page.getByTestId("summary-delivery"),
  total: page.getByTestId("summary-total"),
})

test("the demo page shows its Bengali hero, price, testimonials, badges and support phone", async ({ page }) => {
  await page.goto(`/landing/${DEMO}`)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("আরামদায়ক কটন সালোয়ার কামিজ, এখন বিশেষ ছাড়ে")
  await expect(page.getByText("তিন পিসের প্রিন্টেড সেট, সাথে শিফন ওড়না। সারাদেশে ক্যাশ অন ডেলিভারি।")).toBeVisible()
  await expect(page.getByTestId("discount-badge")).toHaveText(/^\d+% ছাড়$/)
  await expect(page.getByTestId("stock-notice")).toContainText("বাকি আছে")
  await expect(page.getByTestId("testimonial")).toHaveCount(3)
  const badges = page.getByTestId("trust-badges").getByRole("listitem")
  await expect(badges).toHaveText(["Cash on Delivery", "Money Back Guarantee", "সারাদেশে হোম ডেলিভারি"])
  await expect(page.getByRole("link", { name: /কল করুন/ })).toHaveAttribute("href", /^tel:\+?\d+$/)
  await expect(page.getByRole("contentinfo")).toContainText("ঢাকার ভিতরে ১-২ দিন")
  await expect(page.getByRole("contentinfo")).toContainText("ঢাকার বাইরে ২-৩ দিন")
  // the page's own colours and no shop header
  const primary = await page
    .getByTestId("landing-page")
    .evaluate((el) => (el as HTMLElement).style.getPropertyValue("--landing-primary"))
  expect(primary.toLowerCase()).toBe("#0f766e")
  await expect(page.locator(".shop-header")).toHaveCount(0)

  // the hero's button brings the order form into view
  await page.getByTestId("scroll-to-order").first().click()
  await expect(orderForm(page).getByLabel(/আপনার নাম/)).toBeFocused()
  await expect(orderForm(page)).toBeInViewport()
})

test("gallery arrows wrap, dots and thumbnails pick a picture", async ({ page, request }) => {
  const catalog = await products(request)
  const pictures = [...new Set(catalog.map((p) => p.image))].slice(0, 3)
  expect(pictures).toHaveLength(3)
  const admin = await adminRequest(request)
  const slug = `e2e-gallery-${Date.now()}`
  const created = await createPage(admin, {
    title: "E2E gallery",
    slug,
    productId: catalog.find((p) => p.stock > 0)!._id,
    isActive: true,
    hero: { headline: "গ্যালারি পরীক্ষা", heroImages: [pictures[0], pictures[1]] },
    gallery: { images: [pictures[2]], showGallery: true },
  })
  expect(created.isActive).toBe(true)

  // each picture is drawn from its stored variants (components/picture.tsx): the img's src is one of its JPEGs
  const { pictures: stored = {} } = (await (await request.get(`/api/landing/${slug}`)).json()) as {
    pictures?: Pictures
  }
  const shows = (url: string) =>
    expect
      .poll(async () => {
        const src = await image.getAttribute("src")
        return src === url || !!stored[url]?.variants.some((v) => v.url === src)
      })
      .toBe(true)

  await page.goto(`/landing/${slug}`)
  const image = page.getByTestId("gallery-image")
  const counter = page.getByTestId("gallery-counter")
  await shows(pictures[0]!)
  await expect(counter).toHaveText("1 / 3")
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)

  await page.getByRole("button", { name: "আগের ছবি" }).click()
  await shows(pictures[2]!)
  await expect(counter).toHaveText("3 / 3")
  await page.getByRole("button", { name: "পরের ছবি" }).click()
  await shows(pictures[0]!)
  await page.getByRole("button", { name: "পরের ছবি" }).click()
  await expect(counter).toHaveText("2 / 3")

  await page.getByRole("button", { name: "ছবি 3" }).click()
  await shows(pictures[2]!)
  // thumbnails repeat the dots for the mouse (hidden from the accessibility tree)
  await page.getByTestId("gallery-thumbs").locator("button").first().click()
  await shows(pictures[0]!)
})

test("price summary follows quantity and delivery area; a bad phone is refused in Bengali; a valid order is confirmed", async ({
  page,
  request,
}) => {
  const landing = await request.get(`/api/landing/${DEMO}`)
  const product = ((await landing.json()) as { data: { productId: Product } }).data.productId
  const unit = pays(product)

  await page.goto(`/landing/${DEMO}`)
  const form = orderForm(page)
  const { product: productTotal, delivery, total } = summary(page)
  await expect(form.getByRole("radio", { name: /ঢাকার ভিতরে/ })).toBeChecked()
  await expect(productTotal).toHaveText(taka(unit))
  await expect(delivery).toHaveText("৳60")
  await expect(total).toHaveText(taka(unit + 60))

  await form.getByRole("button", { name: "পরিমাণ বাড়ান" }).click()
  await expect(form.getByRole("spinbutton", { name: "পরিমাণ" })).toHaveValue("2")
  await expect(productTotal).toHaveText(taka(unit * 2))
  await expect(total).toHaveText(taka(unit * 2 + 60))

  await form.getByRole("radio", { name: /ঢাকার বাইরে/ }).check()
  await expect(delivery).toHaveText("৳120")
  await expect(total).toHaveText(taka(unit * 2 + 120))

  // nothing filled in
  const submit = form.getByRole("button", { name: "এখনই অর্ডার করুন" })
  await submit.click()
  await expect(page.getByRole("alert")).toHaveText(FILL_ALL)

  // a phone that is not a Bangladeshi mobile
  await form.getByLabel(/আপনার নাম/).fill("ই টু ই ক্রেতা")
  await form.getByLabel(/মোবাইল নম্বর/).fill("12345")
  await form.getByLabel(/সম্পূর্ণ ঠিকানা/).fill("বাড়ি ৭, রোড ২, মিরপুর, ঢাকা")
  let posted = false
  page.on("request", (req) => {
    if (req.url().includes("/api/shop/order/create-order")) posted = true
  })
  await submit.click()
  await expect(page.getByRole("alert")).toHaveText(BAD_PHONE)
  expect(posted).toBe(false)

  // a valid order, no email
  await form.getByLabel(/মোবাইল নম্বর/).fill("+880 1712-345678")
  const answer = page.waitForResponse((res) => res.url().includes("/api/shop/order/create-order"))
  await submit.click()
  const response = await answer
  expect(response.status()).toBe(201)
  const body = (await response.json()) as {
    confirmation: {
      orderNumber: string
      totalAmount: number
      deliveryCharge: number
      customerPhone: string
      customerEmail: string
    }
  }
  const sent = response.request().postDataJSON() as Record<string, unknown>
  expect(sent).toMatchObject({
    isGuest: true,
    guestEmail: "",
    guestPhone: "01712345678",
    landingPageSlug: DEMO,
    deliveryArea: "outside",
  })
  expect(body.confirmation.totalAmount).toBe(unit * 2 + 120)
  expect(body.confirmation.deliveryCharge).toBe(120)
  await expect(page.getByRole("status")).toHaveText(ORDER_PLACED)

  await expect(page).toHaveURL(/\/order-confirmation$/)
  await expect(page.getByTestId("confirmation-badge")).toHaveText("অর্ডার কনফার্মড")
  await expect(page.getByTestId("order-number")).toHaveText(body.confirmation.orderNumber)
  expect(body.confirmation.orderNumber).toMatch(/^ORD-/)
  await expect(page.getByTestId("confirmation-total")).toHaveText(taka(body.confirmation.totalAmount))
  await expect(page.getByTestId("confirmation-delivery")).toHaveText("৳120")
  await expect(page.getByText("ঢাকার বাইরে")).toBeVisible()
  await expect(page.getByText("01712345678")).toBeVisible()
  await expect(page.getByTestId("confirmation-item")).toContainText(product.title)

  // a reload keeps the navigation state; a fresh visit has no order to show
  await page.reload()
  await expect(page.getByTestId("order-number")).toHaveText(body.confirmation.orderNumber)
  await page.goto("/")
  await page.goto("/order-confirmation")
  await expect(page.getByRole("heading", { name: "অর্ডারের তথ্য পাওয়া যায়নি" })).toBeVisible()
  await page.getByRole("link", { name: "হোমপেজে ফিরে যান" }).click()
  await expect(page).toHaveURL(/\/$/)
})

test("a draft or unknown slug shows 'Landing page not found'", async ({ page, request }) => {
  const catalog = await products(request)
  const admin = await adminRequest(request)
  const draft = await createPage(admin, {
    title: "E2E draft",
    slug: `e2e-draft-${Date.now()}`,
    productId: catalog[0]!._id,
  })
  expect(draft.isActive).toBe(false)

  for (const slug of [draft.slug, "no-such-landing-page"]) {
    await page.goto(`/landing/${slug}`)
    await expect(page.getByRole("heading", { name: "Landing page not found" })).toBeVisible()
    await expect(page.getByTestId("order-form")).toHaveCount(0)
  }
})
