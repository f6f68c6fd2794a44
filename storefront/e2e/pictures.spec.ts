import path from "node:path"
import { fileURLToPath } from "node:url"
import { expect, test, type Browser, type Page } from "@playwright/test"
import { PICTURE_MIME, variantsOf, type Picture, type Pictures, type Product } from "@shop/contract"
import { ADMIN } from "./shop-helpers"

/**
 * Every page asks for the right variant of its pictures: the server's HTML
 * (no script) holds `<picture>` sources with srcset and sizes and the img's
 * width and height; the head preloads the very file the page's first picture
 * takes; link previews point at the 1200-wide JPEG; nothing moves as the
 * pictures arrive (layout shift ≈ 0 on a 360 px phone and a 1366 px laptop).
 *
 * The seed's pictures are 320 px wide, so the spec uploads a 1600x1200 photo
 * through the admin's API (the picture pipeline makes its variants), puts it on
 * a new product priced lowest (first on the listing and home) and a new
 * landing page, and removes both at the end.
 */

/** Per worker: Playwright starts a new one (and runs beforeAll again) after a failed test. */
let RUN = ""
let SLUG = ""
/** Where the layout-shift test keeps its screenshots (the repository's test-results/ unless told). */
const SCREENSHOTS =
  process.env.PICTURES_SCREENSHOTS ||
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../test-results/pictures")
const WIDTHS = [360, 1366] as const

let cookie = ""
let origin = ""
let imageUrl = ""
let picture: Picture
let product: Product
let landingId = ""

async function adminCookie(): Promise<string> {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  })
  expect(res.status, await res.text()).toBe(200)
  const session = res.headers.getSetCookie().find((c) => c.startsWith("connect.sid="))
  expect(session, "a session cookie").toBeTruthy()
  return session!.split(";")[0]!
}

async function call<T>(path: string, method = "GET", body?: unknown): Promise<T> {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      accept: "application/json",
      cookie,
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  })
  const text = await res.text()
  expect(res.status, `${method} ${path}: ${text}`).toBeLessThan(300)
  return JSON.parse(text) as T
}

/** A 1600x1200 photo-like JPEG, drawn by the browser (gradients and noise: a real encoder's work). */
async function photo(browser: Browser): Promise<Buffer> {
  const page = await browser.newPage()
  try {
    const dataUrl = await page.evaluate(() => {
      const canvas = document.createElement("canvas")
      canvas.width = 1600
      canvas.height = 1200
      const g = canvas.getContext("2d")!
      const gradient = g.createLinearGradient(0, 0, 1600, 1200)
      gradient.addColorStop(0, "#c0392b")
      gradient.addColorStop(0.5, "#f1c40f")
      gradient.addColorStop(1, "#2980b9")
      g.fillStyle = gradient
      g.fillRect(0, 0, 1600, 1200)
      for (let i = 0; i < 4000; i++) {
        g.fillStyle = `hsla(${(i * 37) % 360}, 60%, 50%, 0.3)`
        g.fillRect((i * 97) % 1600, (i * 53) % 1200, 12, 12)
      }
      return canvas.toDataURL("image/jpeg", 0.9)
    })
    return Buffer.from(dataUrl.split(",")[1]!, "base64")
  } finally {
    await page.close()
  }
}

/** The product's picture once the pipeline has made every format (AVIF follows the upload's answer). */
async function storedPicture(): Promise<Picture> {
  const until = Date.now() + 90_000
  for (;;) {
    const answer = await call<{ pictures?: Pictures }>(`/api/shop/products/get/${product._id}`)
    const found = answer.pictures?.[imageUrl]
    if (found && ["avif", "webp", "jpeg"].every((f) => found.variants.some((v) => v.format === f))) return found
    if (Date.now() > until) throw new Error(`no AVIF, WebP and JPEG variants of ${imageUrl}: ${JSON.stringify(found)}`)
    await new Promise((r) => setTimeout(r, 500))
  }
}

const PAGES = () => [
  { name: "landing", path: `/landing/${SLUG}` },
  { name: "product", path: `/shop/product/${encodeURIComponent(product._id)}` },
  { name: "list", path: "/shop/list" },
  { name: "home", path: "/" },
]

test.describe.configure({ timeout: 180_000 })

test.beforeAll(async ({ browser, baseURL }) => {
  RUN = Date.now().toString(36).slice(-6)
  SLUG = `pictures-${RUN}`
  origin = baseURL!
  cookie = await adminCookie()
  const form = new FormData()
  form.append("my_file", new Blob([await photo(browser)], { type: "image/jpeg" }), "photo.jpg")
  const uploaded = await fetch(`${origin}/api/admin/products/upload-image`, {
    method: "POST",
    headers: { cookie },
    body: form,
  })
  const answer = (await uploaded.json()) as { result?: { url?: string } }
  expect(uploaded.status, JSON.stringify(answer)).toBe(201)
  imageUrl = answer.result!.url!
  product = (
    await call<{ data: Product }>("/api/admin/products/add-product", "POST", {
      image: imageUrl,
      title: `Picture Test Kurta ${RUN}`,
      description: "A kurta with a large photo.",
      category: "men",
      brand: "no-brand",
      // the lowest price: the first card on the listing and on home
      price: 1,
      saleprice: 0,
      stock: 50,
    })
  ).data
  landingId = (
    await call<{ data: { _id: string } }>("/api/admin/landing-pages/create", "POST", {
      title: `Pictures ${RUN}`,
      slug: SLUG,
      productId: product._id,
      isActive: true,
      hero: { headline: "ছবির পরীক্ষা", heroImage: imageUrl, heroImages: [imageUrl] },
    })
  ).data._id
  picture = await storedPicture()
})

test.afterAll(async () => {
  if (landingId) await call(`/api/admin/landing-pages/${landingId}`, "DELETE")
  if (product) await call(`/api/admin/products/delete-product/${product._id}`, "DELETE")
})

/** Every URL of the picture: the original and each variant. */
const urlsOf = (p: Picture) => new Set([p.url, ...p.variants.map((v) => v.url)])

test("the server's HTML (no script) of landing, product, list and home: <picture> sources with srcset and sizes, width and height", async () => {
  for (const { name, path } of PAGES()) {
    const res = await fetch(`${origin}${path}`, { headers: { accept: "text/html" } })
    expect(res.status, name).toBe(200)
    const html = await res.text()
    const widest = variantsOf(picture, "jpeg").at(-1)!
    // React writes srcSet; HTML attribute names are read in any case
    const avif = new RegExp(`<source type="image/avif" srcset="([^"]+)" sizes="([^"]+)"`, "i").exec(html)
    expect(avif, `${name}: an AVIF source`).toBeTruthy()
    expect(avif![1], name).toContain(picture.variants.find((v) => v.format === "avif" && v.width === 320)!.url)
    expect(html, `${name}: a WebP source`).toMatch(/<source type="image\/webp" srcset="[^"]+ 320w/i)
    expect(html, `${name}: the JPEG img with its srcset`).toContain(`${widest.url} ${widest.width}w`)
    expect(picture.width).toBe(1600)
    expect(html, `${name}: the stored size`).toContain(`width="${picture.width}" height="${picture.height}"`)
    expect(html, `${name}: the placeholder`).toContain("background-image:url(&quot;data:image/")
  }
})

async function openAt(
  browser: Browser,
  width: number,
  path: string
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width, height: width === 360 ? 740 : 768 },
    deviceScaleFactor: width === 360 ? 2 : 1,
  })
  const page = await context.newPage()
  // layout shifts from the first paint on, summed as the Cumulative Layout Shift is (without input)
  // (and what moved, when and how far: a failure names it)
  await page.addInitScript(() => {
    type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] }
    const w = window as unknown as { __shift: number; __shifts: string[] }
    w.__shift = 0
    w.__shifts = []
    const describe = (node: Node | null | undefined) => {
      const el = node instanceof Element ? node : node?.parentElement
      return el ? `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(" ")[0]}` : ""}` : "?"
    }
    const rect = (r: DOMRectReadOnly) =>
      `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue
        w.__shift += entry.value
        const moved = (entry.sources ?? []).map(
          (s) => `${describe(s.node)} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`
        )
        w.__shifts.push(`${Math.round(entry.startTime)} ms ${entry.value.toFixed(4)}: ${moved.join("; ")}`)
      }
    }).observe({ type: "layout-shift", buffered: true })
  })
  await page.goto(path, { waitUntil: "load" })
  return { page, close: () => context.close() }
}

test("the head preloads the very file the page's first picture takes, and nothing of it twice", async ({ browser }) => {
  for (const width of WIDTHS) {
    for (const { name, path } of PAGES().filter((p) => p.name !== "home")) {
      const { page, close } = await openAt(browser, width, path)
      try {
        const first = page.locator('img[fetchpriority="high"]')
        await expect(first, `${name} at ${width}`).toHaveCount(1)
        // (CI once saw this wait run out with no word of which page: it names it now, and waits as long as a
        // busy machine may take to serve the file)
        await expect
          .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
            message: `${name} at ${width}: the first picture loaded`,
            timeout: 30_000,
          })
          .toBe(true)
        const preload = page.locator('head link[rel="preload"][as="image"]')
        await expect(preload, `${name} at ${width}`).toHaveCount(1)
        const srcset = await preload.getAttribute("imagesrcset")
        const sizes = await preload.getAttribute("imagesizes")
        const type = await preload.getAttribute("type")
        // the same choice as the picture's first source: its format, srcset and sizes
        const source = page.locator("picture", { has: first }).locator("source").first()
        expect(await source.getAttribute("type"), name).toBe(type)
        expect(type).toBe(PICTURE_MIME.avif)
        expect(await source.getAttribute("srcset"), name).toBe(srcset)
        expect(await source.getAttribute("sizes"), name).toBe(sizes)
        const current = await first.evaluate((img: HTMLImageElement) => img.currentSrc)
        const offered = srcset!.split(",").map((c) => new URL(c.trim().split(/\s+/)[0]!, origin).href)
        expect(offered, `${name} at ${width}: ${current}`).toContain(current)
        // one file of this picture fetched for that img: the preload's was the one it used
        const fetched = await page.evaluate(
          (urls) =>
            performance
              .getEntriesByType("resource")
              .map((e) => e.name)
              .filter((u) => urls.includes(u)),
          [...urlsOf(picture)].map((u) => new URL(u, origin).href)
        )
        if (name !== "list" || width === 360) expect(fetched, `${name} at ${width}`).toEqual([current])
        else expect(fetched, `${name} at ${width}`).toContain(current)
      } finally {
        await close()
      }
    }
  }
})

test("link previews point at the 1200-wide JPEG variant, with its size", async ({ browser }) => {
  const jpeg1200 = picture.variants.find((v) => v.format === "jpeg" && v.width === 1200)!
  for (const { name, path } of PAGES().filter((p) => p.name !== "home")) {
    const html = await (await fetch(`${origin}${path}`, { headers: { accept: "text/html" } })).text()
    const meta = (key: string) =>
      new RegExp(`<meta (?:property|name)="${key.replace(/:/g, "\\:")}" content="([^"]*)"`).exec(html)?.[1]
    expect(meta("og:image"), name).toBe(new URL(jpeg1200.url, origin).href)
    expect(meta("og:image:width"), name).toBe("1200")
    expect(meta("og:image:height"), name).toBe(String(jpeg1200.height))
    expect(meta("og:image:type"), name).toBe("image/jpeg")
    expect(meta("twitter:image"), name).toBe(meta("og:image"))
  }
  // the file is what the tags say: a JPEG 1200 px wide
  const res = await fetch(new URL(jpeg1200.url, origin).href)
  expect(res.headers.get("content-type")).toContain("image/jpeg")
  const page = await browser.newPage()
  try {
    await page.goto(`${origin}/`)
    const size = await page.evaluate(async (src) => {
      const img = new Image()
      img.src = src
      await img.decode()
      return [img.naturalWidth, img.naturalHeight]
    }, new URL(jpeg1200.url, origin).href)
    expect(size).toEqual([1200, jpeg1200.height])
  } finally {
    await page.close()
  }
})

test("nothing moves as the pictures arrive: layout shift ≈ 0 at 360 and 1366 px (screenshots kept)", async ({
  browser,
}) => {
  for (const width of WIDTHS) {
    for (const { name, path } of PAGES()) {
      const { page, close } = await openAt(browser, width, path)
      try {
        // down the page and back, so every lazy picture loads, then the first screen as a shopper sees it
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 400) {
            window.scrollTo(0, y)
            await new Promise((r) => setTimeout(r, 60))
          }
          window.scrollTo(0, 0)
        })
        // a lazy picture that no scroll brings into view (a row that scrolls sideways) loads only when asked
        await page.evaluate(() => {
          for (const img of document.images) if (!img.complete) img.loading = "eager"
        })
        await page.waitForFunction(() => [...document.images].every((img) => img.complete))
        await page.waitForTimeout(300)
        const { shift, shifts } = await page.evaluate(() => {
          const w = window as unknown as { __shift: number; __shifts: string[] }
          return { shift: w.__shift, shifts: w.__shifts }
        })
        expect(shift, `${name} at ${width}: ${shifts.join(" | ")}`).toBeLessThan(0.01)
        await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png` })
        // the card's picture keeps the spec's 250 px height
        if (name === "list") {
          const box = await page.locator(".product-card__image").first().boundingBox()
          expect(box!.height).toBeCloseTo(250, 0)
        }
      } finally {
        await close()
      }
    }
  }
})
