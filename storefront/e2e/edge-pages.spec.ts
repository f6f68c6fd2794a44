import { expect, test, type Browser, type Locator, type Page } from "@playwright/test"
import { LANDING_NOT_FOUND, type Product } from "@shop/contract"
import { ADMIN, allProducts, notice, pays, taka } from "./shop-helpers"

/**
 * Pages served by the storefront server (the edge) against the real
 * stack: the HTML holds the content and the head tags before any script runs;
 * the app hydrates it without asking for the same data again; unknown pages
 * answer 404; landing views counted at the edge are exact; a change made on the
 * backend shows within PUBLIC_CACHE_MAX_AGE_MS (2 s), one made through the
 * storefront at once. Everything this spec changes (a headline, a stock, a
 * draft page) is put back.
 */

const DEMO = "salwar-kameez-offer"
const DEMO_HEADLINE = "আরামদায়ক কটন সালোয়ার কামিজ, এখন বিশেষ ছাড়ে"
/** The landing page's out-of-stock notice (storefront/src/features/landing/utils/bn.ts, BN.outOfStock). */
const OUT_OF_STOCK = "স্টকে নেই"
const RUN = Date.now().toString(36).slice(-6)
const backend = process.env.E2E_BACKEND_URL!
/** PUBLIC_CACHE_MAX_AGE_MS of @shop/contract: the longest a change made on the backend may take to show. */
const CHANGE_SHOWS_WITHIN_MS = 2000

type JsonLd = {
  "@type": string
  name?: string
  offers?: { price: string; priceCurrency: string; availability: string; url?: string }
  itemListElement?: { url: string; name: string }[]
}
type StoredLanding = {
  _id: string
  slug: string
  isActive: boolean
  hero: Record<string, unknown> & { headline?: string }
  productId: Product | null
  analytics?: { views: number; orders: number }
}

// ---------- plain HTTP (Node's fetch): the admin's API and the pages' HTML ----------

async function call<T = Record<string, unknown>>(
  url: string,
  options: { method?: string; cookie?: string; body?: unknown; accept?: string } = {}
): Promise<{ status: number; json: T; text: string }> {
  const res = await fetch(url, {
    method: options.method ?? "GET",
    headers: {
      accept: options.accept ?? "application/json",
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  })
  const text = await res.text()
  let json: T
  try {
    json = JSON.parse(text) as T
  } catch {
    json = undefined as T
  }
  return { status: res.status, json, text }
}

/** Signs the admin in on `origin` (the storefront's or the backend's own), as scripts/bench/lib.ts login() does: the session cookie. */
async function adminCookie(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  })
  expect(res.status, await res.text()).toBe(200)
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("connect.sid="))
  expect(cookie, "a session cookie").toBeTruthy()
  return cookie!.split(";")[0]!
}

/** The demo page as the admin's list shows it (with analytics). */
async function listedDemo(origin: string, cookie: string): Promise<StoredLanding> {
  const { status, json } = await call<{ data: StoredLanding[] }>(`${origin}/api/admin/landing-pages`, { cookie })
  expect(status).toBe(200)
  const page = json.data.find((p) => p.slug === DEMO)
  expect(page, `the seeded page ${DEMO}`).toBeTruthy()
  return page!
}

async function storedLanding(origin: string, cookie: string, id: string): Promise<StoredLanding> {
  const { status, json, text } = await call<{ data: StoredLanding }>(`${origin}/api/admin/landing-pages/${id}`, {
    cookie,
  })
  expect(status, text).toBe(200)
  return json.data
}

/** PUT of a page as the editor sends it: the stored page back, with the hero changed. */
async function putHero(origin: string, cookie: string, stored: StoredLanding, hero: StoredLanding["hero"]) {
  const { status, text } = await call(`${origin}/api/admin/landing-pages/${stored._id}`, {
    method: "PUT",
    cookie,
    body: { ...stored, hero },
  })
  expect(status, text).toBe(200)
}

/** The page's HTML as a visitor's browser gets it. */
async function html(url: string): Promise<{ status: number; text: string }> {
  const res = await fetch(url, { headers: { accept: "text/html" } })
  return { status: res.status, text: await res.text() }
}

const h1Of = (doc: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(doc)?.[1]
const titleOf = (doc: string) => /<title>([^<]*)<\/title>/.exec(doc)?.[1]
const metaOf = (doc: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, "\\$&")}" content="([^"]*)"`).exec(doc)?.[1]
const stockNoticeOf = (doc: string) => /<[a-z]+[^>]*data-testid="stock-notice"[^>]*>([^<]*)</.exec(doc)?.[1]
function jsonLdOf(doc: string): JsonLd {
  const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(doc)
  expect(block, "a JSON-LD block").toBeTruthy()
  return JSON.parse(block![1]!) as JsonLd
}

// ---------- the browser ----------

async function withoutScripts(browser: Browser, baseURL: string | undefined, use: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false })
  try {
    await use(await context.newPage())
  } finally {
    await context.close()
  }
}

async function headOf(page: Page) {
  const meta = (selector: string) => page.locator(`head meta[${selector}]`).first().getAttribute("content")
  const ld = page.locator('script[type="application/ld+json"]')
  return {
    title: await page.title(),
    ogTitle: await meta('property="og:title"'),
    ogImage: await meta('property="og:image"'),
    ogUrl: await meta('property="og:url"'),
    twitterCard: await meta('name="twitter:card"'),
    jsonLd: (await ld.count()) > 0 ? (JSON.parse((await ld.first().textContent()) ?? "null") as JsonLd) : null,
    state: await page.locator('script[type="application/json"]#shop-state').count(),
  }
}

function expectHead(head: Awaited<ReturnType<typeof headOf>>, url: string) {
  expect(head.title.trim(), "<title>").not.toBe("")
  expect(head.ogTitle, "og:title").toBeTruthy()
  expect(head.ogImage ?? "", "og:image is an absolute URL").toMatch(/^https?:\/\/[^/\s]+\/\S+$/)
  expect(head.ogUrl, "og:url").toBe(url)
  expect(head.twitterCard, "twitter:card").toMatch(/^summary(_large_image)?$/)
  expect(head.state, "the app's state for hydration").toBe(1)
}

/** React has taken over this element (hydrated): its fiber is attached. Only a sync point; the tests then check behaviour. */
async function hydrated(target: Locator) {
  await expect
    .poll(() => target.evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactFiber$"))), {
      message: "the app hydrated the server's HTML",
      timeout: 15_000,
    })
    .toBe(true)
}

/** Every request the page makes and every error it reports, from before its first navigation. */
function watch(page: Page) {
  const requests: { method: string; path: string; query: string }[] = []
  const errors: string[] = []
  page.on("request", (req) => {
    const url = new URL(req.url())
    requests.push({ method: req.method(), path: url.pathname, query: url.search })
  })
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text())
  })
  page.on("pageerror", (error) => errors.push(`${error.name}: ${error.message}`))
  return {
    requests,
    errors,
    gets: (pattern: RegExp) => requests.filter((r) => r.method === "GET" && pattern.test(r.path)),
    hydrationErrors: () =>
      errors.filter((e) => /hydrat|Minified React error #(418|423|425)\b|react\.dev\/errors\/(418|423|425)\b/i.test(e)),
  }
}

async function demoProduct(): Promise<Product> {
  const { status, json } = await call<{ data: { productId: Product } }>(`${backend}/api/landing/${DEMO}`)
  expect(status).toBe(200)
  return json.data.productId
}

/** A seeded product on sale and in stock, not the demo landing page's (its stock is changed below). */
async function saleProduct(products: Product[], landingProductId: string): Promise<Product> {
  const product = products.find(
    (p) => p.saleprice > 0 && p.saleprice < p.price && p.stock > 0 && p._id !== landingProductId
  )
  expect(product, "a seeded product on sale with stock").toBeTruthy()
  return product!
}

// ---------- the tests ----------

test("HTML first: pages show their content and link-preview tags before any script runs", async ({
  browser,
  baseURL,
  request,
}) => {
  const landingProduct = await demoProduct()
  const products = await allProducts(request)
  const product = await saleProduct(products, landingProduct._id)
  const titles = [...new Set(products.map((p) => p.title))]

  await withoutScripts(browser, baseURL, async (page) => {
    // the landing page
    const landingUrl = `${baseURL}/landing/${DEMO}`
    const landing = await page.goto(`/landing/${DEMO}`)
    expect(landing!.status()).toBe(200)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(DEMO_HEADLINE)
    await expect(page.getByTestId("landing-price")).toContainText(taka(pays(landingProduct)))
    const form = page.getByTestId("order-form")
    await expect(form.getByLabel(/আপনার নাম/)).toBeVisible()
    await expect(form.getByLabel(/মোবাইল নম্বর/)).toBeVisible()
    await expect(form.getByLabel(/সম্পূর্ণ ঠিকানা/)).toBeVisible()
    await expect(form.getByRole("button", { name: "এখনই অর্ডার করুন" })).toBeVisible()
    let head = await headOf(page)
    expectHead(head, landingUrl)
    expect(head.title).toBe(DEMO_HEADLINE)
    expect(head.ogTitle).toBe(DEMO_HEADLINE)
    expect(head.jsonLd).toMatchObject({ "@type": "Product", name: landingProduct.title })
    expect(head.jsonLd!.offers).toMatchObject({ priceCurrency: "BDT", availability: "https://schema.org/InStock" })
    expect(Number(head.jsonLd!.offers!.price)).toBe(pays(landingProduct))

    // a product page
    const productUrl = `${baseURL}/shop/product/${product._id}`
    const productAnswer = await page.goto(`/shop/product/${product._id}`)
    expect(productAnswer!.status()).toBe(200)
    await expect(page.getByRole("article").getByRole("heading", { level: 1 })).toHaveText(product.title)
    await expect(page.getByTestId("product-price")).toHaveText(taka(pays(product)))
    head = await headOf(page)
    expectHead(head, productUrl)
    expect(head.title).toContain(product.title)
    expect(head.ogTitle).toContain(product.title)
    expect(head.jsonLd).toMatchObject({ "@type": "Product", name: product.title })
    expect(head.jsonLd!.offers).toMatchObject({ priceCurrency: "BDT", availability: "https://schema.org/InStock" })
    expect(Number(head.jsonLd!.offers!.price)).toBe(pays(product))

    // the listing and home: product cards with their titles, and an ItemList
    for (const path of ["/shop/list", "/"]) {
      const answer = await page.goto(path)
      expect(answer!.status(), path).toBe(200)
      const cards = page.getByTestId("product-card")
      await expect(cards.first()).toBeVisible()
      const cardTitles = await cards.getByRole("heading").allTextContents()
      expect(cardTitles.length, path).toBeGreaterThan(0)
      for (const title of cardTitles) expect(titles, `${path}: card "${title}" is a product`).toContain(title.trim())
      head = await headOf(page)
      expectHead(head, `${baseURL}${path}`)
      expect(head.jsonLd, `${path}: JSON-LD`).toMatchObject({ "@type": "ItemList" })
      expect(head.jsonLd!.itemListElement!.length, `${path}: ItemList items`).toBeGreaterThan(0)
      expect(titles).toContain(head.jsonLd!.itemListElement![0]!.name)
    }
  })
})

test("unknown and unpublished landing pages and unknown products answer 404 with a not-found page", async ({
  browser,
  baseURL,
  request,
}) => {
  const cookie = await adminCookie(baseURL!)
  const [someProduct] = await allProducts(request)
  const created = await call<{ data: StoredLanding }>(`${baseURL}/api/admin/landing-pages/create`, {
    method: "POST",
    cookie,
    body: {
      title: `E2E edge draft ${RUN}`,
      slug: `e2e-edge-draft-${RUN}`,
      productId: someProduct!._id,
      hero: { headline: `Draft ${RUN}` },
    },
  })
  expect(created.status, created.text).toBe(201)
  const draft = created.json.data
  expect(draft.isActive).toBe(false)
  try {
    await withoutScripts(browser, baseURL, async (page) => {
      for (const slug of ["no-such-page-xyz", draft.slug]) {
        const answer = await page.goto(`/landing/${slug}`)
        expect(answer!.status(), slug).toBe(404)
        await expect(page.getByRole("heading", { name: LANDING_NOT_FOUND })).toBeVisible()
        await expect(page.getByTestId("order-form")).toHaveCount(0)
        await expect(page.getByText(`Draft ${RUN}`)).toHaveCount(0)
      }
      const answer = await page.goto("/shop/product/prod_does_not_exist")
      expect(answer!.status()).toBe(404)
      await expect(page.getByRole("heading", { name: "Product Not Found" })).toBeVisible()
    })
  } finally {
    const removed = await call(`${baseURL}/api/admin/landing-pages/${draft._id}`, { method: "DELETE", cookie })
    expect(removed.status, removed.text).toBe(200)
  }
})

test("the app hydrates the landing page without reading it again", async ({ page }) => {
  const product = await demoProduct()
  const unit = pays(product)
  const seen = watch(page)
  await page.goto(`/landing/${DEMO}`)
  const form = page.getByTestId("order-form")
  const plus = form.getByRole("button", { name: "পরিমাণ বাড়ান" })
  await hydrated(plus)
  await expect(page.getByTestId("summary-total")).toHaveText(taka(unit + 60))
  await plus.click()
  await expect(form.getByRole("spinbutton", { name: "পরিমাণ" })).toHaveValue("2")
  await expect(page.getByTestId("summary-product-total")).toHaveText(taka(unit * 2))
  await expect(page.getByTestId("summary-total")).toHaveText(taka(unit * 2 + 60))

  expect(seen.gets(/^\/api\/landing\/[^/]+\/?$/), "reads of the landing page by the app").toEqual([])
  expect(seen.hydrationErrors(), `errors: ${seen.errors.join(" | ")}`).toEqual([])
})

test("the app hydrates the product page, the listing and home without reading their products again", async ({
  page,
  request,
}) => {
  const landingProduct = await demoProduct()
  const product = await saleProduct(await allProducts(request), landingProduct._id)
  const seen = watch(page)

  // the product page: Add to Cart works, the product was not read again
  await page.goto(`/shop/product/${product._id}`)
  const add = page.getByRole("article").getByRole("button", { name: "Add to Cart" })
  await hydrated(add)
  await add.click()
  await expect(notice(page)).toHaveText(/Product added to cart successfully/)
  expect(seen.gets(/^\/api\/shop\/products\/get\//), "product reads on the product page").toEqual([])
  expect(seen.hydrationErrors(), `errors: ${seen.errors.join(" | ")}`).toEqual([])

  // the listing: no read of the list; a filter then does read (the app is live)
  seen.requests.length = 0
  await page.goto("/shop/list")
  const footwear = page.getByRole("checkbox", { name: "Footwear" })
  await hydrated(page.getByTestId("product-card").first())
  await hydrated(footwear)
  expect(seen.gets(/^\/api\/shop\/products\/get\/?$/), "list reads on /shop/list").toEqual([])
  const filtered = page.waitForRequest((req) => {
    const url = new URL(req.url())
    return /^\/api\/shop\/products\/get\/?$/.test(url.pathname) && url.searchParams.get("category") === "footwear"
  })
  await footwear.click()
  await filtered
  await expect(footwear).toBeChecked()
  const cards = page.getByTestId("product-card")
  await expect(cards.first()).toBeVisible()
  await expect.poll(async () => (await cards.allTextContents()).every((text) => text.includes("Footwear"))).toBe(true)
  expect(seen.hydrationErrors(), `errors: ${seen.errors.join(" | ")}`).toEqual([])

  // home: no read of the products
  seen.requests.length = 0
  await page.goto("/")
  const featured = page.getByRole("region", { name: "Featured products" })
  await hydrated(featured.getByTestId("product-card").first())
  await hydrated(page.getByRole("button", { name: "Next banner" }))
  const banner = page.getByTestId("banner")
  const before = await banner.getAttribute("aria-label")
  await page.getByRole("button", { name: "Next banner" }).click()
  await expect(banner).not.toHaveAttribute("aria-label", before!)
  expect(seen.gets(/^\/api\/shop\/products\/get(\/.*)?$/), "product reads on home").toEqual([])
  expect(seen.hydrationErrors(), `errors: ${seen.errors.join(" | ")}`).toEqual([])
})

test("landing views counted at the edge are exact: 2,000 concurrent visits add exactly 2,000", async ({ baseURL }) => {
  test.setTimeout(120_000)
  const cookie = await adminCookie(baseURL!)
  const views = async () => (await listedDemo(baseURL!, cookie)).analytics!.views

  // views of earlier visits may still be on their way (batches go once a second): wait until the count rests
  let before = await views()
  await expect
    .poll(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 1500))
        const now = await views()
        const resting = now === before
        before = now
        return resting
      },
      { message: "the view count rests", timeout: 20_000, intervals: [0] }
    )
    .toBe(true)

  const TOTAL = 2000
  const IN_FLIGHT = 200
  const statuses = new Map<number, number>()
  let issued = 0
  for (let start = 0; start < TOTAL; start += IN_FLIGHT) {
    const chunk = Array.from({ length: Math.min(IN_FLIGHT, TOTAL - start) }, async () => {
      issued += 1
      const res = await fetch(`${baseURL}/landing/${DEMO}`, { headers: { accept: "text/html" } })
      await res.arrayBuffer()
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
    })
    await Promise.all(chunk)
  }
  expect(issued).toBe(TOTAL)
  expect(Object.fromEntries(statuses)).toEqual({ 200: TOTAL })

  await expect
    .poll(views, { message: `views reach ${before} + ${TOTAL}`, timeout: 15_000, intervals: [250] })
    .toBe(before + TOTAL)
  // and stay there: nothing counted twice
  await new Promise((resolve) => setTimeout(resolve, 1500))
  expect(await views()).toBe(before + TOTAL)
})

test("a headline changed on the backend shows within 2 s; one changed through the storefront at once", async ({
  page,
  baseURL,
}) => {
  const shopCookie = await adminCookie(baseURL!)
  const backendCookie = await adminCookie(backend)
  const { _id: id } = await listedDemo(baseURL!, shopCookie)
  const original = await storedLanding(backend, backendCookie, id)
  const pageUrl = `${baseURL}/landing/${DEMO}`
  const onBackend = `নতুন শিরোনাম ${RUN} backend`
  const throughEdge = `নতুন শিরোনাম ${RUN} edge`
  try {
    // the storefront holds the page now
    const first = await html(pageUrl)
    expect(first.status).toBe(200)
    expect(h1Of(first.text)).toBe(original.hero.headline)

    // changed on the backend itself (nothing passes through the storefront)
    await putHero(backend, backendCookie, original, { ...original.hero, headline: onBackend })
    await page.waitForTimeout(CHANGE_SHOWS_WITHIN_MS)
    const changed = await html(pageUrl)
    expect(changed.status).toBe(200)
    expect(h1Of(changed.text)).toBe(onBackend)
    expect(metaOf(changed.text, "og:title")).toBe(onBackend)
    expect(titleOf(changed.text)).toBe(onBackend)

    // changed through the storefront's origin: the very next read shows it
    await putHero(baseURL!, shopCookie, await storedLanding(backend, backendCookie, id), {
      ...original.hero,
      headline: throughEdge,
    })
    const next = await html(pageUrl)
    expect(h1Of(next.text)).toBe(throughEdge)
    expect(metaOf(next.text, "og:title")).toBe(throughEdge)
    const read = await call<{ data: StoredLanding }>(`${baseURL}/api/landing/${DEMO}`)
    expect(read.json.data.hero.headline).toBe(throughEdge)
  } finally {
    // put back through the storefront, so its cache forgets the test's headline at once
    await putHero(baseURL!, shopCookie, await storedLanding(backend, backendCookie, id), original.hero)
    expect(h1Of((await html(pageUrl)).text)).toBe(original.hero.headline)
  }
})

test("a product sold out on the backend shows as sold out on its landing page within 2 s", async ({
  page,
  baseURL,
}) => {
  const shopCookie = await adminCookie(baseURL!)
  const backendCookie = await adminCookie(backend)
  const landingProduct = await demoProduct()
  const id = landingProduct._id
  const read = async (origin: string) => {
    const { status, json } = await call<{ data: Product }>(`${origin}/api/shop/products/get/${id}`)
    expect(status).toBe(200)
    return json.data
  }
  const setStock = async (origin: string, cookie: string, stock: number) => {
    const p = await read(backend)
    const { status, text } = await call(`${origin}/api/admin/products/edit-product/${id}`, {
      method: "PUT",
      cookie,
      body: {
        image: p.image,
        title: p.title,
        description: p.description,
        category: p.category,
        brand: p.brand,
        price: p.price,
        saleprice: p.saleprice,
        discount: p.discount ?? 0,
        stock,
      },
    })
    expect(status, text).toBe(200)
  }
  const original = (await read(backend)).stock
  expect(original, "the demo product has stock").toBeGreaterThan(0)
  const pageUrl = `${baseURL}/landing/${DEMO}`
  try {
    // the storefront holds the page and the product (in stock) now
    const first = await html(pageUrl)
    expect(jsonLdOf(first.text).offers!.availability).toBe("https://schema.org/InStock")
    expect(stockNoticeOf(first.text)).not.toBe(OUT_OF_STOCK)
    expect((await read(baseURL!)).stock).toBe(original)

    await setStock(backend, backendCookie, 0)
    await page.waitForTimeout(CHANGE_SHOWS_WITHIN_MS)
    const soldOut = await html(pageUrl)
    expect(soldOut.status).toBe(200)
    expect(stockNoticeOf(soldOut.text)).toBe(OUT_OF_STOCK)
    expect(jsonLdOf(soldOut.text).offers).toMatchObject({
      availability: "https://schema.org/OutOfStock",
      priceCurrency: "BDT",
    })
    expect((await read(baseURL!)).stock).toBe(0)
  } finally {
    // put back through the storefront, so its cache forgets the sold-out page at once
    await setStock(baseURL!, shopCookie, original)
    expect((await read(baseURL!)).stock).toBe(original)
  }
})
