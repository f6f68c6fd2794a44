import { expect, test, type Page } from "@playwright/test"
import { ADMIN, allProducts } from "./shop-helpers"
import { XSS_PAYLOADS } from "./xss-payloads"

/**
 * 200 XSS payloads stored through the real admin API in landing-page fields
 * (title, hero, benefits, testimonials, badges) and product text, then the
 * pages opened in Chromium: no dialog, no call into the trap, no script from a
 * payload, no request to a foreign host, and the payloads shown as text.
 */
const TRAP = `
  window.__xssHits = [];
  window.__xss = (n) => window.__xssHits.push(n);
  for (const name of ["alert", "confirm", "prompt"]) {
    window[name] = (n) => { window.__xssHits.push(name + ":" + n); return null };
  }`

type Watch = { dialogs: string[]; foreign: string[] }

function watch(page: Page, ownHosts: string[]): Watch {
  const w: Watch = { dialogs: [], foreign: [] }
  page.on("dialog", (d) => {
    w.dialogs.push(d.message())
    void d.dismiss()
  })
  page.on("request", (r) => {
    const url = new URL(r.url())
    if (!["data:", "blob:", "about:"].includes(url.protocol) && !ownHosts.includes(url.host)) w.foreign.push(r.url())
  })
  return w
}

/**
 * Waits until the page has settled, so late handlers (onerror, onload,
 * autofocus, ontoggle) have had their chance: the network idle, every image
 * loaded or broken (lazy ones made to load too, wherever they are on the
 * page), no audio or video still fetching, then two animation frames (a
 * rendering update, where autofocus runs).
 */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle")
  await page.evaluate(() => {
    for (const img of Array.from(document.images)) if (img.loading === "lazy") img.loading = "eager"
  })
  await page.waitForFunction(
    () =>
      Array.from(document.images).every((img) => img.complete) &&
      Array.from(document.querySelectorAll<HTMLMediaElement>("audio, video")).every(
        (media) => media.networkState !== HTMLMediaElement.NETWORK_LOADING
      )
  )
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())))
  )
}

async function expectNothingRan(page: Page, w: Watch, where: string) {
  await settle(page)
  expect(
    await page.evaluate(() => (window as unknown as { __xssHits: unknown[] }).__xssHits),
    `${where}: trap calls`
  ).toEqual([])
  expect(w.dialogs, `${where}: dialogs`).toEqual([])
  expect(w.foreign, `${where}: foreign requests`).toEqual([])
  const scripts = await page
    .locator("script")
    .evaluateAll((els) =>
      els.map((e) => ({ type: e.getAttribute("type"), code: (e as HTMLScriptElement).src + e.textContent }))
    )
  for (const s of scripts) {
    if (s.type === "application/json" || s.type === "application/ld+json") {
      // a data block (the page's state, its JSON-LD) may quote a payload as text, never as markup
      expect(s.code, `${where}: a data block that could end early`).not.toContain("<")
    } else {
      expect(s.code, `${where}: a script element from a payload`).not.toMatch(
        /__xss|evil\.example|alert\(|confirm\(|prompt\(/
      )
    }
  }
}

test("the trap catches a payload that runs (self-test)", async ({ page }) => {
  // a page served by the test itself (init scripts run on navigations, not on setContent)
  let body = ""
  await page.route("http://trap.test/", (r) => r.fulfill({ contentType: "text/html", body }))
  await page.addInitScript(TRAP)
  const w = watch(page, ["trap.test"])
  body = `<div>${XSS_PAYLOADS[1]}</div>`
  await page.goto("http://trap.test/")
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __xssHits: unknown[] }).__xssHits.length))
    .toBeGreaterThan(0)
  body = `<div>${XSS_PAYLOADS[9]}</div>`
  await page.goto("http://trap.test/")
  await expect.poll(() => w.foreign.length).toBeGreaterThan(0)
})

test("200 payloads stored in landing pages and products run nowhere", async ({ page, baseURL }) => {
  test.setTimeout(120_000)
  expect(new Set(XSS_PAYLOADS).size).toBe(XSS_PAYLOADS.length)
  expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(200)
  const request = page.request
  expect((await request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200)
  const [base] = await allProducts(request)

  // 10 pages x 20 payloads: title, hero (3 fields, the description holding two),
  // 4 benefits x 2, 3 testimonials x 2 and a badge. Longest first, so the four
  // shortest land in the fields capped at 100 characters (names, badge).
  const slugs: string[] = []
  const pageIds: string[] = []
  const headlines: string[] = []
  for (let p = 0; p < 10; p++) {
    const x = XSS_PAYLOADS.slice(p * 20, p * 20 + 20).sort((a, b) => b.length - a.length)
    const slug = `xss-${p}-${Date.now().toString(36)}`
    const res = await request.post("/api/admin/landing-pages/create", {
      data: {
        title: x[0],
        slug,
        productId: base._id,
        hero: { headline: x[1], subheadline: x[2], description: `${x[3]} ${x[4]}`, ctaButtonText: "Order now" },
        benefits: [0, 1, 2, 3].map((i) => ({ icon: "✓", title: x[5 + i * 2], description: x[6 + i * 2] })),
        testimonials: [0, 1, 2].map((i) => ({ name: x[16 + i], rating: 5, comment: x[13 + i], image: "" })),
        trustBadges: { showTrustBadges: true, enabled: true, badges: [x[19], "Secure Payment"] },
      },
    })
    expect(res.status(), await res.text()).toBe(201)
    const id = (await res.json()).data._id as string
    expect((await request.patch(`/api/admin/landing-pages/${id}/toggle`)).status()).toBe(200)
    slugs.push(slug)
    pageIds.push(id)
    headlines.push(x[1].trim())
  }
  // product text: title and description
  const productIds: string[] = []
  for (let i = 0; i < 5; i++) {
    const { _id, ...form } = base
    const res = await request.post("/api/admin/products/add-product", {
      data: {
        ...form,
        title: `Tee ${i} ${XSS_PAYLOADS[i * 40]}`,
        description: XSS_PAYLOADS.slice(i * 40 + 1, i * 40 + 4).join(" "),
        price: 99_999,
        saleprice: 0,
        stock: 3,
      },
    })
    expect(res.status(), await res.text()).toBe(201)
    productIds.push((await res.json()).data._id)
  }

  try {
    // visit as a shopper (the storefront sends a signed-in admin to the dashboard)
    await page.context().clearCookies()
    const own = [new URL(baseURL!).host]
    await page.addInitScript(TRAP)
    const w = watch(page, own)
    for (const slug of slugs) {
      await page.goto(`/landing/${slug}`)
      await page.waitForLoadState("networkidle")
      await page.mouse.move(200, 300) // onmouseover-style payloads
      await expectNothingRan(page, w, `/landing/${slug}`)
      // and the payloads were shown as text
      await expect(page.getByText(headlines[slugs.indexOf(slug)], { exact: true }).first()).toBeVisible()
    }
    for (const id of productIds) {
      await page.goto(`/shop/product/${id}`)
      await expect(page.getByRole("heading", { name: /^Tee \d/ }).first()).toBeVisible()
      await expectNothingRan(page, w, `/shop/product/${id}`)
    }
    await page.goto("/shop/list?sortBy=price-hightolow")
    await expect(page.getByText(`Tee 0 ${XSS_PAYLOADS[0]}`).first()).toBeVisible()
    await expectNothingRan(page, w, "/shop/list")
  } finally {
    expect((await request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200)
    for (const id of productIds) await request.delete(`/api/admin/products/delete-product/${id}`)
    for (const id of pageIds) await request.delete(`/api/admin/landing-pages/${id}`)
  }
})
