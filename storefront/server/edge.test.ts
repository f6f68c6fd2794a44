// @vitest-environment node
/**
 * The storefront server's edge (pages, shared cache, views) against a small backend that counts
 * what reaches it, and a small page renderer in dist-ssr/ with the real
 * renderer's interface: the shared cache (coalescing, freshness, dropped by a
 * write passing through), landing views counted here and written in batches,
 * pages rendered once per data version.
 */
import fs from "node:fs"
import http, { type IncomingHttpHeaders, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"
import Redis from "ioredis"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { EDGE_SECRET_HEADER, EDGE_VIEWS_PATH, PUBLIC_CACHE_CHANNEL } from "@shop/contract"
import { createStorefrontServer, type StorefrontServer } from "./serve"

const SECRET = "edge-secret-for-tests-0123456789abcdef"
const TEMPLATE = `<!doctype html><html><head><!--SHOP_HEAD--><!--SHOP_CONFIG--></head><body><div id="root"><!--SHOP_APP--></div><!--SHOP_STATE--></body></html>`

/** A renderer module as `vite build --ssr` makes it, reduced to what the server calls. */
const RENDERER = `
let reader;
export const SSR_STATE_ID = 'shop-state';
export function setPublicReader(r) { reader = r; }
export function serializeState(s) { return JSON.stringify(s).replace(/</g, '\\\\u003c'); }
globalThis.__renders = 0;
export function renderLandingPage(path, page, origin) {
  // as the real app: any other path is its confirmation screen, which only a browser can render
  if (!/^\\/landing\\/[^/]+\\/?$/.test(path)) throw new Error('window is not defined');
  globalThis.__renders++;
  const canonical = '<link rel="canonical" href="' + new URL(path, origin).href + '">';
  return page
    ? { status: 200, html: '<h1>' + page.hero.headline + '</h1>', head: '<title>' + page.title + '</title>' + canonical, state: { page } }
    : { status: 404, html: '<h1>not found</h1>', head: '<title>none</title>', state: { page: null } };
}
export function shopPageKey(href) {
  const url = new URL(href, 'http://x');
  const category = url.searchParams.get('category');
  return url.pathname + (category ? '?category=' + category : '');
}
export async function renderShopPage(href, origin) {
  globalThis.__renders++;
  globalThis.__hrefs = [...(globalThis.__hrefs ?? []), href];
  const body = await reader('/api/shop/products/get?sortBy=default');
  return { status: 200, html: '<ul>' + body.products.map((p) => '<li>' + p.title + '</li>').join('') + '</ul>', head: '<title>shop</title><link rel="canonical" href="' + new URL(href, origin).href + '">', state: { queries: body } };
}
`

type Seen = { method: string; url: string; headers: IncomingHttpHeaders; body: string }

let tmp: string
let backend: Server
let backendUrl: string
const seen: Seen[] = []
/** Requests the backend is receiving, holding or answering now. */
let open = 0
const state = {
  headline: "প্রথম শিরোনাম",
  products: [{ _id: "prod_1", title: "Panjabi" }],
  viewsAnswer: 200,
  /** Held answers: the test releases them (holdBackend). */
  hold: null as Promise<void> | null,
  release: () => undefined as void,
}
const servers: StorefrontServer[] = []

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)))
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })
}

/** Redis for the cross-server test: REDIS_TEST_URL, else this machine's; the test is skipped (and says so) without one. */
const REDIS_TEST_URL = process.env.REDIS_TEST_URL || "redis://127.0.0.1:6379"
async function redisReachable(): Promise<boolean> {
  const probe = new Redis(REDIS_TEST_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
  probe.on("error", () => undefined)
  try {
    await probe.connect()
    return (await probe.ping()) === "PONG"
  } catch {
    return false
  } finally {
    probe.disconnect()
  }
}
const withRedis = await redisReachable()

async function startEdge(
  options: {
    edgeSecret?: string
    cacheFreshMs?: number
    redisUrl?: string
    readCacheBytes?: number
    pageCacheBytes?: number
  } = {}
) {
  const server = createStorefrontServer({
    distDir: path.join(tmp, "dist"),
    backendUrl,
    publicUrl: "https://shop.example",
    viewFlushMs: 60_000,
    logError: () => undefined,
    ...options,
  })
  servers.push(server)
  await server.edge.ready
  return { server, base: `http://127.0.0.1:${await listen(server)}` }
}

/** Holds the backend's answers until the function returned is called (or the test ends). */
function holdBackend(): () => void {
  state.hold = new Promise((resolve) => {
    state.release = resolve
  })
  return state.release
}

/** How many requests `server` has received so far. */
function arrivals(server: Server): () => number {
  let count = 0
  server.on("request", () => count++)
  return () => count
}

const reads = (pathPrefix: string) => seen.filter((s) => s.method === "GET" && s.url.startsWith(pathPrefix))
const viewPosts = () => seen.filter((s) => s.url === EDGE_VIEWS_PATH)

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-edge-"))
  fs.mkdirSync(path.join(tmp, "dist", "assets"), { recursive: true })
  fs.mkdirSync(path.join(tmp, "dist-ssr"), { recursive: true })
  fs.writeFileSync(path.join(tmp, "dist", "index.html"), TEMPLATE)
  fs.writeFileSync(path.join(tmp, "dist", "landing.html"), TEMPLATE.replace("<html>", '<html lang="bn">'))
  fs.writeFileSync(path.join(tmp, "dist-ssr", "entry-server.js"), RENDERER)

  backend = http.createServer((req, res) => {
    open++
    res.on("close", () => open--)
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", async () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString() })
      if (state.hold) await state.hold
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" })
        res.end(JSON.stringify(body))
      }
      if (req.url === "/api/landing/eid-offer") {
        return json(200, {
          success: true,
          data: { slug: "eid-offer", title: "Eid", hero: { headline: state.headline }, gallery: {}, productId: null },
        })
      }
      if (req.url === "/api/landing/pixel-offer") {
        return json(200, {
          success: true,
          data: {
            slug: "pixel-offer",
            title: "Px",
            metaPixelId: "123456789",
            hero: { headline: "x" },
            gallery: {},
            productId: null,
          },
        })
      }
      if (req.url?.startsWith("/api/landing/")) return json(404, { success: false, message: "Landing page not found" })
      if (req.url?.startsWith("/api/shop/products/get")) return json(200, { success: true, products: state.products })
      if (req.url === EDGE_VIEWS_PATH) return json(state.viewsAnswer, { success: state.viewsAnswer === 200 })
      if (req.method === "PUT") return json(200, { success: true })
      json(404, { success: false })
    })
  })
  backendUrl = `http://127.0.0.1:${await listen(backend)}`
})

afterEach(async () => {
  // whatever a test left behind (held answers, views not yet written, reads in flight) reaches the
  // backend now, not in the next test's `seen`
  state.release()
  state.viewsAnswer = 200
  while (servers.length) {
    const server = servers.pop()!
    if (server.listening) await close(server)
    await server.edge.views.stop()
  }
  await expect.poll(() => open, { timeout: 10_000 }).toBe(0)
  seen.length = 0
  state.headline = "প্রথম শিরোনাম"
  state.hold = null
  state.release = () => undefined
})

afterAll(async () => {
  await close(backend)
  fs.rmSync(tmp, { recursive: true, force: true })
})

describe("the shared cache of public reads", () => {
  it("answers 200 concurrent reads of the listing with one backend read", async () => {
    const { server, base } = await startEdge()
    const arrived = arrivals(server)
    const release = holdBackend()
    const answers = Array.from({ length: 200 }, () => fetch(`${base}/api/shop/products/get?sortBy=default`))
    // the backend answers once all 200 are in: at once, however slowly a busy machine sends them
    // (a read answered earlier is kept only a second before being read again)
    await expect.poll(arrived, { timeout: 30_000 }).toBe(200)
    release()
    const bodies = await Promise.all((await Promise.all(answers)).map((res) => res.json()))
    expect(bodies.every((body) => body.products[0].title === "Panjabi")).toBe(true)
    expect(reads("/api/shop/products/get")).toHaveLength(1)
  }, 60_000)

  it("reads again once the answer is older than its freshness, and at once after a write passes through", async () => {
    const { base } = await startEdge({ cacheFreshMs: 50 })
    await fetch(`${base}/api/shop/products/get/prod_1`)
    await fetch(`${base}/api/shop/products/get/prod_1`)
    expect(reads("/api/shop/products/get/prod_1")).toHaveLength(1)

    await new Promise((resolve) => setTimeout(resolve, 80))
    await fetch(`${base}/api/shop/products/get/prod_1`)
    // served while a fresh read runs: the backend is asked again
    await expect.poll(() => reads("/api/shop/products/get/prod_1").length).toBe(2)

    const put = await fetch(`${base}/api/admin/products/edit-product/prod_1`, { method: "PUT", body: "{}" })
    expect(put.status).toBe(200)
    await fetch(`${base}/api/shop/products/get/prod_1`)
    expect(reads("/api/shop/products/get/prod_1")).toHaveLength(3)
  })

  it("never answers from a cache older than 2 s", async () => {
    const { base } = await startEdge({ cacheFreshMs: 60_000 })
    await fetch(`${base}/api/shop/products/get`)
    await new Promise((resolve) => setTimeout(resolve, 2050))
    state.products = [{ _id: "prod_1", title: "Lungi" }]
    try {
      const body = await (await fetch(`${base}/api/shop/products/get`)).json()
      expect(body.products[0].title).toBe("Lungi")
    } finally {
      state.products = [{ _id: "prod_1", title: "Panjabi" }]
    }
  }, 15_000)
})

describe("several storefront servers", () => {
  it.skipIf(!withRedis)("each drops its cache when the backend announces a change on Redis", async () => {
    const first = await startEdge({ redisUrl: REDIS_TEST_URL, cacheFreshMs: 60_000 })
    const second = await startEdge({ redisUrl: REDIS_TEST_URL, cacheFreshMs: 60_000 })
    for (const { base } of [first, second]) await fetch(`${base}/api/shop/products/get/prod_1`)
    for (const { base } of [first, second]) await fetch(`${base}/api/shop/products/get/prod_1`)
    expect(reads("/api/shop/products/get/prod_1")).toHaveLength(2)

    const publisher = new Redis(REDIS_TEST_URL)
    try {
      await publisher.publish(PUBLIC_CACHE_CHANNEL, JSON.stringify({ scope: "product", id: "prod_1" }))
    } finally {
      publisher.disconnect()
    }
    await expect
      .poll(async () => {
        for (const { base } of [first, second]) await fetch(`${base}/api/shop/products/get/prod_1`)
        return reads("/api/shop/products/get/prod_1").length
      })
      .toBeGreaterThanOrEqual(4)
  })
})

describe("landing views counted at the edge", () => {
  it("reads the page with the edge secret, counts every page and JSON read served, and writes them in one batch", async () => {
    const { server, base } = await startEdge({ edgeSecret: SECRET })
    const arrived = arrivals(server)
    const release = holdBackend()
    const pages = Array.from({ length: 300 }, () =>
      fetch(`${base}/landing/eid-offer`, { headers: { accept: "text/html" } })
    )
    const json = Array.from({ length: 20 }, () => fetch(`${base}/api/landing/eid-offer`))
    // all 320 visits at once, whatever the machine's speed (the one read is kept a second only)
    await expect.poll(arrived, { timeout: 30_000 }).toBe(320)
    release()
    expect((await Promise.all(pages)).every((res) => res.status === 200)).toBe(true)
    expect((await Promise.all(json)).every((res) => res.status === 200)).toBe(true)
    // unknown pages are not views
    expect((await fetch(`${base}/landing/nope`)).status).toBe(404)

    expect(reads("/api/landing/eid-offer")).toHaveLength(1)
    expect(reads("/api/landing/eid-offer")[0]!.headers[EDGE_SECRET_HEADER]).toBe(SECRET)
    expect(viewPosts()).toHaveLength(0)
    await server.edge.flushViews()
    expect(viewPosts()).toHaveLength(1)
    expect(viewPosts()[0]!.headers[EDGE_SECRET_HEADER]).toBe(SECRET)
    expect(JSON.parse(viewPosts()[0]!.body)).toEqual({ views: { "eid-offer": 320 } })
  }, 60_000)

  it("keeps a batch the backend refused and writes it with the next one; a graceful stop writes the rest", async () => {
    const { server, base } = await startEdge({ edgeSecret: SECRET })
    for (let i = 0; i < 3; i++) await fetch(`${base}/landing/eid-offer`)
    state.viewsAnswer = 503
    await server.edge.flushViews()
    expect(server.edge.views.unsent).toBe(3)
    state.viewsAnswer = 200
    await fetch(`${base}/landing/eid-offer`)
    await close(server)
    await expect.poll(() => viewPosts().length, { timeout: 5000 }).toBe(2)
    expect(server.edge.views.unsent).toBe(0)
    const written = viewPosts()
      .slice(1)
      .map((post) => JSON.parse(post.body).views["eid-offer"] as number)
    expect(written).toEqual([4])
  })

  it("without the edge secret leaves counting to the backend: every visit is one backend read, none counted here", async () => {
    const { server, base } = await startEdge()
    for (let i = 0; i < 5; i++) expect((await fetch(`${base}/landing/eid-offer`)).status).toBe(200)
    for (let i = 0; i < 2; i++) expect((await fetch(`${base}/api/landing/eid-offer`)).status).toBe(200)
    expect(reads("/api/landing/eid-offer")).toHaveLength(7)
    expect(reads("/api/landing/eid-offer").every((read) => read.headers[EDGE_SECRET_HEADER] === undefined)).toBe(true)
    expect(server.edge.views.unsent).toBe(0)
  })

  it("without the edge secret, a slow backend still sees exactly one read per visit", async () => {
    const { base } = await startEdge({ cacheFreshMs: 50 })
    const release = holdBackend()
    const visits = Array.from({ length: 40 }, (_, i) =>
      new Promise((resolve) => setTimeout(resolve, i * 10)).then(() => fetch(`${base}/landing/eid-offer`))
    )
    // every read is held longer than the cache's freshness and its 2 s bound
    await new Promise((resolve) => setTimeout(resolve, 2200))
    release()
    expect((await Promise.all(visits)).every((res) => res.status === 200)).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(reads("/api/landing/eid-offer")).toHaveLength(40)
  }, 30_000)
})

describe("pages rendered at the edge", () => {
  it("fills the template with the render and its state; renders again only when the data changed", async () => {
    const { base } = await startEdge({ edgeSecret: SECRET, cacheFreshMs: 0 })
    const renders = () => (globalThis as { __renders?: number }).__renders ?? 0
    const before = renders()
    const first = await (await fetch(`${base}/landing/eid-offer`)).text()
    expect(first).toContain("<h1>প্রথম শিরোনাম</h1>")
    expect(first).toContain("<title>Eid</title>")
    const stateJson = /<script type="application\/json" id="shop-state">(.*?)<\/script>/.exec(first)?.[1]
    expect(JSON.parse(stateJson!).page.hero.headline).toBe("প্রথম শিরোনাম")

    await fetch(`${base}/landing/eid-offer`)
    // the data was read again (freshness 0) but had not changed: the kept page was sent
    await expect.poll(() => reads("/api/landing/eid-offer").length).toBeGreaterThan(1)
    expect(await (await fetch(`${base}/landing/eid-offer`)).text()).toContain("<h1>প্রথম শিরোনাম</h1>")
    expect(renders() - before).toBe(1)

    state.headline = "নতুন শিরোনাম"
    await expect
      .poll(async () => (await (await fetch(`${base}/landing/eid-offer`)).text()).includes("<h1>নতুন শিরোনাম</h1>"))
      .toBe(true)
    expect(renders() - before).toBe(2)
  })

  it("lets Meta's pixel script and its events through the policy on pages with a pixel, and nowhere else", async () => {
    const { base } = await startEdge({ edgeSecret: SECRET })
    const withPixel = (await fetch(`${base}/landing/pixel-offer`)).headers.get("content-security-policy")!
    expect(withPixel).toContain("script-src 'self' https://connect.facebook.net;")
    expect(withPixel).toContain("connect-src 'self' https://www.facebook.com https://connect.facebook.net;")
    for (const page of ["/landing/eid-offer", "/shop/list", "/"]) {
      const policy = (await fetch(`${base}${page}`)).headers.get("content-security-policy")!
      expect(policy, page).toContain("script-src 'self';")
      expect(policy, page).not.toContain("facebook")
    }
  })

  it("answers 404 for a landing page the backend does not have, with the rendered not-found page", async () => {
    const { base } = await startEdge({ edgeSecret: SECRET })
    const res = await fetch(`${base}/landing/nope`)
    expect(res.status).toBe(404)
    expect(await res.text()).toContain("<h1>not found</h1>")
  })

  it("renders shop pages from the shared cache, through the reader it sets", async () => {
    const { base } = await startEdge()
    const html = await (await fetch(`${base}/shop/list`)).text()
    expect(html).toContain("<li>Panjabi</li>")
    await fetch(`${base}/api/shop/products/get?sortBy=default`)
    // the page and the browser's read share one backend read
    expect(reads("/api/shop/products/get")).toHaveLength(1)
  })

  it("keeps an ad link with fbclid and utm_* as the page everyone sees: one render, its links without them", async () => {
    const { base, server } = await startEdge()
    const renders = () => (globalThis as { __renders?: number }).__renders ?? 0
    ;(globalThis as { __hrefs?: string[] }).__hrefs = []
    const before = renders()
    for (let i = 0; i < 300; i++) {
      const res = await fetch(`${base}/shop/list?category=men&utm_source=fb&utm_campaign=eid&fbclid=IwAR${i}&x=${i}`)
      expect(res.status).toBe(200)
      await res.arrayBuffer()
    }
    expect(renders() - before).toBe(1)
    expect((globalThis as { __hrefs?: string[] }).__hrefs).toEqual(["/shop/list?category=men"])
    expect(server.edge.pages.size).toBe(1)
  }, 60_000)
})

describe("odd slashes in page addresses", () => {
  const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1]

  it("sends //landing/{slug} and other doubled slashes to the page's own address, where it is rendered", async () => {
    const { base } = await startEdge({ edgeSecret: SECRET })
    for (const [odd, normal] of [
      ["//landing/eid-offer", "/landing/eid-offer"],
      ["/landing//eid-offer", "/landing/eid-offer"],
      ["//landing//eid-offer?utm_source=fb", "/landing/eid-offer?utm_source=fb"],
      ["//shop//list", "/shop/list"],
      ["//", "/"],
    ]) {
      const res = await fetch(`${base}${odd}`, { redirect: "manual" })
      expect(res.status, odd).toBe(301)
      expect(res.headers.get("location"), odd).toBe(normal)
    }
    const res = await fetch(`${base}//landing/eid-offer`)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain("<h1>প্রথম শিরোনাম</h1>")
    expect(canonicalOf(html)).toBe("https://shop.example/landing/eid-offer")
  })

  it("never lets a trailing slash set the canonical address of a page, for its visitor or anyone after", async () => {
    const { base } = await startEdge({ edgeSecret: SECRET })
    for (const odd of ["/landing/eid-offer/", "/landing/eid-offer//", "/shop/product/prod_1/", "/shop/list/"]) {
      const res = await fetch(`${base}${odd}`, { redirect: "manual" })
      expect(res.status, odd).toBe(301)
      expect(res.headers.get("location"), odd).toBe(odd.replace(/\/+$/, ""))
      const followed = await fetch(`${base}${odd}`)
      expect(canonicalOf(await followed.text()), odd).toBe(`https://shop.example${odd.replace(/\/+$/, "")}`)
    }
    for (const normal of ["/landing/eid-offer", "/shop/product/prod_1", "/shop/list"]) {
      const html = await (await fetch(`${base}${normal}`)).text()
      expect(canonicalOf(html), normal).toBe(`https://shop.example${normal}`)
    }
  })
})

describe("the edge under a flood of distinct addresses", () => {
  it("keeps its caches within their byte bounds while made-up pages many times their size are asked for, and keeps serving", async () => {
    // bounds small enough that a few hundred pages overfill them many times over (a made-up page is
    // about 0.7 KB kept, its backend answer 51 bytes): as many as the defaults' bounds would need
    // thousands of pages, slow on a busy machine
    const pageBound = 50_000
    const readBound = 5_000
    const asked = 400
    const { base, server } = await startEdge({
      edgeSecret: SECRET,
      readCacheBytes: readBound,
      pageCacheBytes: pageBound,
    })
    let largest = { pages: 0, reads: 0 }
    for (let i = 0; i < asked; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, async (_, j) => {
          const res = await fetch(`${base}/landing/made-up-${i + j}-${"x".repeat(200)}`)
          expect(res.status).toBe(404)
          await res.arrayBuffer()
        })
      )
      largest = {
        pages: Math.max(largest.pages, server.edge.pages.bytes),
        reads: Math.max(largest.reads, server.edge.cache.bytes),
      }
    }
    // filled up to their bounds, never past them
    expect(largest.pages).toBeGreaterThan(pageBound / 2)
    expect(largest.pages).toBeLessThanOrEqual(pageBound)
    expect(largest.reads).toBeGreaterThan(readBound / 2)
    expect(largest.reads).toBeLessThanOrEqual(readBound)
    // and pages were let go for it (their bound in number, 2000, is far off)
    expect(server.edge.pages.size).toBeLessThan(asked)
    expect(server.edge.cache.size).toBeLessThan(asked)
    // the real page is still served, and rendered as it is
    expect(await (await fetch(`${base}/landing/eid-offer`)).text()).toContain("<h1>প্রথম শিরোনাম</h1>")
  }, 60_000)
})
