// @vitest-environment node
/**
 * A landing page's fonts through the whole server: rendered first with the
 * full faces while its cut is made (LANDING_FONT_WAIT_MS=0), then, with its
 * data unchanged, rendered again with the cut, which the server serves.
 */
import fs from "node:fs"
import http, { type Server } from "node:http"
import { createRequire } from "node:module"
import type { AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"
import { afterAll, beforeAll, expect, it } from "vitest"
import { createStorefrontServer, type StorefrontServer } from "./serve"

const require = createRequire(import.meta.url)
const TEMPLATE = `<!doctype html><html lang="bn"><head><!--SHOP_HEAD--><!--SHOP_CONFIG--></head><body><div id="root"><!--SHOP_APP--></div><!--SHOP_STATE--></body></html>`
const RENDERER = `
export const SSR_STATE_ID = 'shop-state';
export function setPublicReader() {}
export function serializeState(s) { return JSON.stringify(s).replace(/</g, '\\\\u003c'); }
globalThis.__fontRenders = 0;
export function renderLandingPage(path, page) {
  globalThis.__fontRenders++;
  return { status: 200, html: '<main class="landing"><h1>' + page.hero.headline + '</h1></main>', head: '<title>' + page.title + '</title>', state: { page } };
}
export async function renderShopPage() { return null; }
`
let tmp: string
let backend: Server
let storefront: StorefrontServer
let base: string
const previous = { dir: process.env.LANDING_FONT_CACHE_DIR, wait: process.env.LANDING_FONT_WAIT_MS }

const listen = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)))

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-fonts-"))
  fs.mkdirSync(path.join(tmp, "dist", "assets"), { recursive: true })
  fs.mkdirSync(path.join(tmp, "dist-ssr"), { recursive: true })
  fs.writeFileSync(path.join(tmp, "dist", "index.html"), TEMPLATE)
  fs.writeFileSync(path.join(tmp, "dist", "landing.html"), TEMPLATE)
  fs.writeFileSync(path.join(tmp, "dist-ssr", "entry-server.js"), RENDERER)
  for (const weight of [400, 700]) {
    fs.copyFileSync(
      require.resolve(`@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-${weight}-normal.woff2`),
      path.join(tmp, "dist", "assets", `noto-sans-bengali-bengali-${weight}-normal-Ab12Cd.woff2`)
    )
  }
  backend = http.createServer((req, res) => {
    res.writeHead(req.url === "/api/landing/eid-offer" ? 200 : 404, { "Content-Type": "application/json" })
    res.end(
      JSON.stringify({
        success: true,
        data: { slug: "eid-offer", title: "ঈদ অফার", hero: { headline: "ক্ষমা মন্ত্রী র‍্যাব উজ্জ্বল কৌশল" } },
      })
    )
  })
  const backendPort = await listen(backend)
  process.env.LANDING_FONT_CACHE_DIR = path.join(tmp, "fonts")
  process.env.LANDING_FONT_WAIT_MS = "0"
  storefront = createStorefrontServer({
    distDir: path.join(tmp, "dist"),
    backendUrl: `http://127.0.0.1:${backendPort}`,
    publicUrl: "https://shop.example",
    viewFlushMs: 60_000,
    logError: () => undefined,
  })
  await storefront.edge.ready
  base = `http://127.0.0.1:${await listen(storefront)}`
})

afterAll(async () => {
  process.env.LANDING_FONT_CACHE_DIR = previous.dir
  process.env.LANDING_FONT_WAIT_MS = previous.wait
  if (previous.dir === undefined) delete process.env.LANDING_FONT_CACHE_DIR
  if (previous.wait === undefined) delete process.env.LANDING_FONT_WAIT_MS
  await new Promise((resolve) => storefront.close(resolve))
  storefront.closeAllConnections()
  await new Promise((resolve) => backend.close(resolve))
  fs.rmSync(tmp, { recursive: true, force: true })
})

const page = async () => (await fetch(`${base}/landing/eid-offer`, { headers: { accept: "text/html" } })).text()

it("renders a landing page with the full faces while its cut is made, then with the cut, which it serves", async () => {
  const first = await page()
  expect(first).toContain('<link rel="preload" href="/assets/noto-sans-bengali-bengali-400-normal-Ab12Cd.woff2"')
  expect(first).not.toContain("/fonts/landing-")

  let html = first
  const deadline = Date.now() + 30_000
  while (!html.includes("/fonts/landing-") && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200))
    html = await page()
  }
  // the same data, rendered again once the cut was made: its preloads instead of the full faces'
  const preloads = html.match(/<link rel="preload" href="[^"]+" as="font"[^>]*>/g) ?? []
  expect(preloads).toHaveLength(2)
  for (const preload of preloads) expect(preload).toMatch(/href="\/fonts\/landing-[0-9a-f]{20}-(400|700)\.woff2"/)
  // its @font-face after everything else in the head, the full faces its fallback
  expect(html).toMatch(/<style>@font-face\{font-family:"Landing Bengali"[^<]*<\/style><\/head>/)
  expect((globalThis as { __fontRenders?: number }).__fontRenders).toBe(2)

  const href = /href="(\/fonts\/landing-[0-9a-f]{20}-400\.woff2)"/.exec(html)![1]!
  const font = await fetch(`${base}${href}`)
  expect(font.status).toBe(200)
  expect(font.headers.get("content-type")).toBe("font/woff2")
  expect(font.headers.get("cache-control")).toBe("public, max-age=31536000, immutable")
  const bytes = Buffer.from(await font.arrayBuffer())
  expect(bytes.subarray(0, 4).toString("latin1")).toBe("wOF2")
  const unknown = await fetch(`${base}/fonts/landing-${"f".repeat(20)}-400.woff2`)
  expect(unknown.status).toBe(404)
  // a later visit is the kept page: no third render
  await page()
  expect((globalThis as { __fontRenders?: number }).__fontRenders).toBe(2)
}, 60_000)
