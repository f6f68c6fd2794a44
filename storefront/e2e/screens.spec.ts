import { expect, test, type Locator, type Page } from "@playwright/test"
import { ADMIN, allProducts, fillGuestDelivery, landingWithCut, notice, signInNewCustomer } from "./shop-helpers"

/**
 * What shoppers saw on phones and desktops, against the real stack:
 * shipped fonts draw Bengali and ৳, every screen fits a 360 and a 390 px phone,
 * the desktop landing form's button is reached by scrolling the page, and the
 * smaller fixes (notices, the call button, the header's links, kept filters,
 * HTTP 404 for unknown pages).
 */

const DEMO = "salwar-kameez-offer"
const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const
const DESKTOP = { width: 1366, height: 768 } as const
const LATIN_FAMILIES = ["inter", "roboto", "poppins", "montserrat"] as const

/** The document never scrolls sideways: nothing is wider than the screen. */
async function expectNoSidewaysScroll(page: Page, screen: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }))
  expect(scrollWidth, `${screen}: page width ${scrollWidth} on a ${clientWidth} px screen`).toBeLessThanOrEqual(
    clientWidth
  )
}

/** A dialog lies wholly inside the screen's width and its content does not scroll sideways. */
async function expectDialogFits(page: Page, dialog: Locator, screen: string) {
  // measured where it comes to rest (a sheet slides in from the right)
  await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)))
  const box = (await dialog.boundingBox())!
  const { width } = page.viewportSize()!
  expect(box.x, `${screen}: dialog's left edge`).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width, `${screen}: dialog's right edge`).toBeLessThanOrEqual(width)
  const inner = await dialog.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }))
  expect(inner.scroll, `${screen}: dialog content width`).toBeLessThanOrEqual(inner.client)
}

/**
 * Widths of single Bengali characters drawn in `within`'s own font: boxes for
 * missing glyphs all have one width, real glyphs differ. Returns how many
 * different widths the characters have.
 */
async function distinctBengaliWidths(within: Locator): Promise<number> {
  return within.evaluate(async (host) => {
    await document.fonts.ready
    const probe = document.createElement("span")
    probe.style.cssText = "position:absolute;visibility:hidden;white-space:nowrap;font-size:32px"
    host.appendChild(probe)
    const widths: number[] = []
    try {
      for (const character of ["ক", "ি", "ম", "অ", "৳", "ঙ"]) {
        // a host the app replaced meanwhile (hydration) has no style left: 0, and the caller asks again
        const family = getComputedStyle(probe).fontFamily
        if (!probe.isConnected || !family) return 0
        probe.textContent = character.repeat(4)
        // the face loads when first used: wait for it before measuring
        await document.fonts.load(`32px ${family}`, character)
        widths.push(Math.round(probe.getBoundingClientRect().width * 10))
      }
    } finally {
      probe.remove()
    }
    return new Set(widths).size
  })
}

/** distinctBengaliWidths, asked again until the element it measures stays in the page. */
const expectBengaliDrawn = (within: Locator) =>
  expect.poll(() => distinctBengaliWidths(within), { timeout: 15_000 }).toBeGreaterThanOrEqual(5)

/** Font files the page downloaded, by file name. */
const fontFiles = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname)
      .filter((pathname) => pathname.endsWith(".woff2"))
  )

const boxesOverlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

async function createLandingPage(page: Page, body: Record<string, unknown>) {
  const login = await page.request.post("/api/auth/login", { data: ADMIN })
  expect(login.status()).toBe(200)
  const res = await page.request.post("/api/admin/landing-pages/create", { data: body })
  expect(res.status(), await res.text()).toBe(201)
  await page.request.post("/api/auth/logout")
  return ((await res.json()) as { data: { slug: string } }).data
}

for (const viewport of [...PHONES, DESKTOP]) {
  test.describe(`fonts at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport })

    test("the English shop draws ৳ and Bengali from the shipped Bengali subset, and no Latin family", async ({
      page,
    }) => {
      await page.goto("/shop/list")
      await expect(page.getByTestId("product-card").first()).toContainText("৳")
      await expectBengaliDrawn(page.locator(".shop-main"))
      const files = await fontFiles(page)
      expect(
        files.some((file) => /^\/assets\/noto-sans-bengali-bengali-\d00-normal-[\w-]+\.woff2$/.test(file)),
        files.join()
      ).toBe(true)
      for (const family of LATIN_FAMILIES)
        expect(
          files.filter((file) => file.includes(`/${family}-`)),
          family
        ).toEqual([])
    })

    test("a landing page preloads its own cut of the Bengali font and loads only its own cut of its Latin family", async ({
      page,
    }) => {
      const html = await landingWithCut(page, DEMO)
      expect(
        html.match(
          /<link rel="preload" href="\/fonts\/landing-[0-9a-f]+-[47]00\.woff2" as="font" type="font\/woff2" crossorigin>/g
        )
      ).toHaveLength(2)
      await page.goto(`/landing/${DEMO}`)
      const headline = page.getByRole("heading", { level: 1 })
      await expect(headline).toBeVisible()
      await expectBengaliDrawn(headline)

      // the demo page's styling names Poppins: its Latin text (the price) is drawn in the page's own cut of
      // it, the full family after it for what the cut lacks
      await expect(page.getByTestId("landing-page")).toHaveCSS(
        "font-family",
        /^"Landing Latin", Poppins, "Landing Bengali", "Noto Sans Bengali"/
      )
      await expect.poll(() => page.evaluate(() => document.fonts.check('700 16px "Landing Latin"', "2,390"))).toBe(true)
      const latinCut = /font-family:"Landing Latin";[^}]*src:url\((\/fonts\/landing-[0-9a-f]{20}-700\.woff2)\)/.exec(
        html
      )
      expect(latinCut).not.toBeNull()
      const files = await fontFiles(page)
      expect(
        files.some((file) => file.endsWith(latinCut![1]!)),
        files.join()
      ).toBe(true)
      for (const family of ["inter", "roboto", "montserrat"])
        expect(
          files.filter((file) => file.includes(`/${family}-`)),
          family
        ).toEqual([])
    })
  })
}

test.describe("fonts in the admin", () => {
  test.use({ viewport: { width: 1366, height: 768 } })

  test("Medusa Admin's own Inter family draws Bengali from the shipped subset", async ({ page }) => {
    const login = await page.request.post("/api/auth/login", { data: ADMIN })
    expect(login.status()).toBe(200)
    await page.goto("/app/landing-pages")
    const heading = page.getByRole("heading", { level: 1 }).first()
    await expect(heading).toBeVisible({ timeout: 30_000 })
    await expect(heading).toHaveCSS("font-family", /^Inter\b/)
    await expectBengaliDrawn(heading)
    expect((await fontFiles(page)).some((file) => file.includes("noto-sans-bengali-bengali-"))).toBe(true)
  })
})

for (const viewport of PHONES) {
  test.describe(`every screen fits ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport })

    test("home, listing, product, checkout and its confirmation, profile's tabs and order dialog", async ({ page }) => {
      await signInNewCustomer(page, "Narrow Screen Shopper")
      const product = (await allProducts(page.request)).filter((p) => p.stock > 0).sort((a, b) => b.stock - a.stock)[0]!

      await page.goto("/")
      await expect(page.getByRole("heading", { name: "Shop by category" })).toBeVisible()
      await expectNoSidewaysScroll(page, "home")

      await page.goto("/shop/list")
      await expect(page.getByTestId("product-card").first()).toBeVisible()
      await expectNoSidewaysScroll(page, "listing")
      await page.getByRole("button", { name: "Filters" }).click()
      await expect(page.getByRole("complementary", { name: "Product filters" })).toBeInViewport()
      await expectNoSidewaysScroll(page, "listing with its filter panel open")
      await page.getByRole("button", { name: "Show products" }).click()

      await page.goto(`/shop/product/${product._id}`)
      await page.getByRole("article").getByRole("button", { name: "Add to Cart" }).click()
      await expect(page.getByTestId("cart-count")).toHaveText("1")
      await expectNoSidewaysScroll(page, "product")

      await page.getByRole("button", { name: /^Cart, / }).click()
      const drawer = page.getByRole("dialog", { name: "Your Cart" })
      await expect(drawer).toBeVisible()
      await expectDialogFits(page, drawer, "cart drawer")
      await expectNoSidewaysScroll(page, "product with the cart drawer open")
      await drawer.getByRole("button", { name: "Close" }).click()

      await page.goto("/checkout")
      await expect(page.getByRole("heading", { name: "Delivery Address" })).toBeVisible()
      await expectNoSidewaysScroll(page, "checkout")
      await page.getByPlaceholder("Enter your address").fill("House 3, Road 9, Mirpur")
      await page.getByPlaceholder("Enter your city").fill("Dhaka")
      await page.getByPlaceholder("Enter your pincode").fill("1216")
      await page.getByPlaceholder("Enter your phone number").fill("01733333333")
      await page.getByPlaceholder("Enter any additional notes").fill("Gate 2")
      await page.getByRole("button", { name: "Add Address" }).click()
      await expect(notice(page)).toHaveText(/Address added successfully/)
      await expect(page.getByTestId("address-card")).toHaveClass(/is-selected/)
      await expectNoSidewaysScroll(page, "checkout with an address")
      const created = page.waitForResponse((r) => r.url().endsWith("/api/shop/order/create-order"))
      await page.getByRole("button", { name: "Checkout with bKash" }).click()
      const { data } = (await (await created).json()) as { data: { orderNumber: string } }
      await expect(page).toHaveURL(/\/order-confirmation$/)
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
      await expectNoSidewaysScroll(page, "shop order confirmation")

      await page.goto("/profile")
      await expect(page.getByRole("tab", { name: "Address" })).toHaveAttribute("aria-selected", "true")
      await expect(page.getByTestId("address-card")).toHaveCount(1)
      await expectNoSidewaysScroll(page, "profile, Address tab")
      await page.getByRole("tab", { name: "Orders" }).click()
      const row = page.getByTestId("order-row").filter({ hasText: data.orderNumber })
      await expect(row).toHaveCount(1)
      await expectNoSidewaysScroll(page, "profile, Orders tab")
      const details = row.getByRole("button", { name: "View Details" })
      await expect(details).toBeInViewport()
      await details.click()
      const dialog = page.getByRole("dialog", { name: "Order Details" })
      await expect(dialog).toContainText(data.orderNumber)
      await expectDialogFits(page, dialog, "order dialog")
      await expectNoSidewaysScroll(page, "profile with the order dialog open")
    })

    test("the landing page and its confirmation", async ({ page }) => {
      await page.goto(`/landing/${DEMO}`)
      const form = page.getByTestId("order-form")
      await expect(form).toBeVisible()
      await expectNoSidewaysScroll(page, "landing page")
      await form.getByLabel(/আপনার নাম/).fill("সরু পর্দার ক্রেতা")
      await form.getByLabel(/মোবাইল নম্বর/).fill("01744444444")
      await form.getByLabel(/সম্পূর্ণ ঠিকানা/).fill("বাড়ি ৯, রোড ৪, উত্তরা, ঢাকা")
      const created = page.waitForResponse((r) => r.url().includes("/api/shop/order/create-order"))
      await form.getByRole("button", { name: "এখনই অর্ডার করুন" }).click()
      expect((await created).status()).toBe(201)
      await expect(page).toHaveURL(/\/order-confirmation$/)
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
      await expectNoSidewaysScroll(page, "landing order confirmation")
    })
  })
}

test.describe("the desktop landing form at 1366x768", () => {
  test.use({ viewport: DESKTOP })

  test("its total and order button are reached by scrolling the page itself, not an inner area", async ({ page }) => {
    await page.goto(`/landing/${DEMO}`)
    const aside = page.locator(".landing__aside")
    const form = page.getByTestId("order-form")
    const total = form.getByTestId("summary-total")
    const button = form.getByRole("button", { name: "এখনই অর্ডার করুন" })
    await expect(button).toBeVisible()
    const { asideHeight, innerScroll } = await aside.evaluate((el) => ({
      asideHeight: el.getBoundingClientRect().height,
      innerScroll: el.scrollHeight - el.clientHeight,
    }))
    expect(asideHeight, "the form is taller than the screen (the case to prove)").toBeGreaterThan(DESKTOP.height)
    expect(innerScroll, "no inner scroll area").toBeLessThanOrEqual(1)

    // scroll the window step by step until the button and the total are fully on screen
    const bottom = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)
    let seenAt = -1
    for (let y = 0; y <= bottom && seenAt < 0; y += 150) {
      await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y)
      const boxes = [(await button.boundingBox())!, (await total.boundingBox())!]
      if (boxes.every((box) => box.y >= 0 && box.y + box.height <= DESKTOP.height)) seenAt = y
    }
    expect(seenAt, "the button and total came into view").toBeGreaterThanOrEqual(0)
  })
})

for (const viewport of [PHONES[0], DESKTOP]) {
  test.describe(`smaller fixes at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport })

    test("the 'added' notice never covers the Add to Cart button", async ({ page }) => {
      const product = (await allProducts(page.request)).filter((p) => p.stock > 0).sort((a, b) => b.stock - a.stock)[0]!
      await page.goto(`/shop/product/${product._id}`)
      const add = page.getByRole("article").getByRole("button", { name: "Add to Cart" })
      // the button as low on the screen as the page lets it be
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }))
      await add.click()
      await expect(notice(page)).toHaveText(/Product added to cart successfully/)
      expect(boxesOverlap((await add.boundingBox())!, (await notice(page).boundingBox())!)).toBe(false)
      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }))
      await add.click()
      await expect(page.getByTestId("cart-count")).toHaveText("2")
      expect(boxesOverlap((await add.boundingBox())!, (await notice(page).boundingBox())!)).toBe(false)
    })

    test("the floating call button never covers the gallery's picture counter", async ({ page }) => {
      const catalog = await allProducts(page.request)
      const pictures = [...new Set(catalog.map((p) => p.image))].slice(0, 3)
      const { slug } = await createLandingPage(page, {
        title: "E2E counter",
        slug: `e2e-counter-${viewport.width}-${Date.now()}`,
        productId: catalog.find((p) => p.stock > 0)!._id,
        isActive: true,
        hero: { headline: "ছবির গণনা", heroImages: pictures },
      })
      await page.goto(`/landing/${slug}`)
      const counter = page.getByTestId("gallery-counter")
      const call = page.locator(".landing-call")
      await expect(counter).toHaveText("1 / 3")
      const bottom = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)
      let checked = 0
      for (let y = 0; y <= bottom; y += 60) {
        await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y)
        const box = (await counter.boundingBox())!
        if (box.y + box.height < 0 || box.y > viewport.height) continue
        checked += 1
        expect(boxesOverlap(box, (await call.boundingBox())!), `at scrollY ${y}`).toBe(false)
      }
      expect(checked, "the counter was on screen").toBeGreaterThan(3)
    })

    test("the header's links: a phone shows a fade where more links wait", async ({ page }) => {
      await page.goto("/")
      const nav = page.getByRole("navigation", { name: "Main" })
      const last = nav.getByRole("link").last()
      if (viewport.width < 768) {
        await expect(nav).toHaveAttribute("data-more-right", "true")
        await expect(nav).not.toHaveAttribute("data-more-left")
        expect(await nav.evaluate((el) => getComputedStyle(el).maskImage)).toContain("linear-gradient")
        await nav.evaluate((el) => el.scrollTo({ left: el.scrollWidth }))
        await expect(nav).toHaveAttribute("data-more-left", "true")
        await expect(nav).not.toHaveAttribute("data-more-right")
        await expect(last).toBeInViewport({ ratio: 0.95 })
      } else {
        await expect(last).toBeInViewport({ ratio: 1 })
        await expect(nav).not.toHaveAttribute("data-more-right")
        expect(await nav.evaluate((el) => getComputedStyle(el).maskImage)).toBe("none")
      }
    })

    test("a filter kept from an earlier visit is named above the products and removed from there", async ({ page }) => {
      await page.goto("/")
      await page.evaluate(() => sessionStorage.setItem("filters", JSON.stringify({ category: ["men"] })))
      await page.goto("/shop/list")
      const active = page.getByRole("group", { name: "Active filters" })
      await expect(active).toBeInViewport()
      await expect(active.getByRole("button", { name: "Remove filter Men" })).toBeVisible()
      // a phone hides the filter panel behind its button, which counts the filters; a desktop shows the panel
      if (viewport.width < 768) await expect(page.getByRole("button", { name: "Filters (1)" })).toBeVisible()
      else await expect(page.getByRole("checkbox", { name: "Men", exact: true })).toBeChecked()
      // the page comes with every product; the kept filter's answer replaces them a moment later
      const cards = page.getByTestId("product-card")
      const all = (await allProducts(page.request)).length
      await expect.poll(() => cards.count()).toBeLessThan(all)
      const narrowed = await cards.count()
      await active.getByRole("button", { name: "Remove filter Men" }).click()
      await expect(active).toHaveCount(0)
      await expect(page).toHaveURL(/\/shop\/list\?sortBy=/)
      await expect.poll(() => cards.count()).toBeGreaterThan(narrowed)
    })

    test("an unknown page answers HTTP 404 and shows 'page not found'", async ({ page }) => {
      const response = await page.goto("/no-such-page")
      expect(response!.status()).toBe(404)
      await expect(page.getByText(/page not found/i).first()).toBeVisible()
      expect((await page.goto("/shop/list"))!.status()).toBe(200)
    })
  })
}

test("a guest's checkout form fits a 360 px phone", async ({ page }) => {
  await page.setViewportSize(PHONES[0])
  const product = (await allProducts(page.request)).filter((p) => p.stock > 0)[0]!
  await page.goto(`/shop/product/${product._id}`)
  await page.getByRole("article").getByRole("button", { name: "Add to Cart" }).click()
  await page.goto("/checkout")
  await fillGuestDelivery(page.getByRole("region", { name: "Delivery Information" }))
  await expectNoSidewaysScroll(page, "guest checkout")
})
