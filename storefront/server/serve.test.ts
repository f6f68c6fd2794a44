// @vitest-environment node
import fs from "node:fs"
import http, { type IncomingHttpHeaders, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"
import { gunzipSync } from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { compileTrustProxy, createStorefrontServer } from "./serve"

type Seen = { method: string; url: string; headers: IncomingHttpHeaders; body: string }

const INDEX_HTML = `<!doctype html>
<html>
  <head>
    <!--SHOP_HEAD-->
    <!--SHOP_CONFIG-->
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"><!--SHOP_APP--></div><!--SHOP_STATE--></body>
</html>`
const APP_JS = `console.log(${JSON.stringify("x".repeat(4000))});\n`

let tmp: string
let backend: Server
let storefront: Server
let base: string
let backendHost: string
const seen: Seen[] = []

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port))
  })
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })
}

/** A raw request, so tests control every header (fetch adds and hides some). */
function request(
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base)
    // `path` is sent as written (a URL string would be normalised first).
    const target = { hostname, port, path: pathname, method: options.method ?? "GET", headers: options.headers }
    const req = http.request(target, (res) => {
      const chunks: Buffer[] = []
      res.on("data", (chunk: Buffer) => chunks.push(chunk))
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on("error", reject)
    })
    req.on("error", reject)
    req.end(options.body)
  })
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-serve-"))
  const dist = path.join(tmp, "dist")
  fs.mkdirSync(path.join(dist, "assets"), { recursive: true })
  fs.writeFileSync(path.join(dist, "index.html"), INDEX_HTML)
  fs.writeFileSync(path.join(dist, "assets", "index-abc123.js"), APP_JS)
  fs.writeFileSync(path.join(dist, "assets", "noto-sans-bengali-bengali-400-normal-Ab1_-c.woff2"), "font400")
  fs.writeFileSync(path.join(dist, "assets", "noto-sans-bengali-bengali-700-normal-Zz9.woff2"), "font700")
  fs.writeFileSync(path.join(dist, "assets", "inter-latin-400-normal-Q1.woff2"), "inter")
  fs.writeFileSync(path.join(dist, "favicon.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  fs.writeFileSync(path.join(tmp, "secret.json"), '{"secret":true}')
  fs.writeFileSync(path.join(dist, ".build-stamp"), "secret-stamp")
  fs.writeFileSync(path.join(dist, "assets", "index-abc123.js.map"), '{"version":3,"sources":["../src/secret.ts"]}')

  backend = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString()
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body })
      if (req.url!.startsWith("/api/shop/session?") && req.method === "POST") {
        res.writeHead(201, {
          "Content-Type": "application/json",
          "Set-Cookie": ["connect.sid=abc; Path=/; HttpOnly; SameSite=Lax", "theme=dark; Path=/"],
        })
        res.end(JSON.stringify({ success: true, echo: JSON.parse(body) }))
        return
      }
      if (req.url === "/api/shop/item/7" && req.method === "DELETE") {
        res.writeHead(204).end()
        return
      }
      if (req.url === "/api/upload") {
        res.writeHead(200, { "Content-Type": "application/json" })
        res.end(JSON.stringify({ received: body.length }))
        return
      }
      res.writeHead(400, { "Content-Type": "application/json" })
      res.end(JSON.stringify({ success: false, message: `backend saw ${req.method} ${req.url}` }))
    })
  })
  const backendPort = await listen(backend)
  backendHost = `127.0.0.1:${backendPort}`

  storefront = createStorefrontServer({
    distDir: dist,
    backendUrl: `http://${backendHost}`,
    publishableKey: "pk_test_123",
    logError: () => {},
  })
  base = `http://127.0.0.1:${await listen(storefront)}`
})

afterAll(async () => {
  await close(storefront)
  await close(backend)
  fs.rmSync(tmp, { recursive: true, force: true })
})

describe("proxy to the backend", () => {
  it("passes method, path, query, body, status and every Set-Cookie", async () => {
    const res = await request("/api/shop/session?x=1&y=a%2Cb", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Cookie: "connect.sid=old",
        "X-Forwarded-For": "6.6.6.6",
      },
      body: JSON.stringify({ email: "a@b.c" }),
    })

    expect(res.status).toBe(201)
    expect(JSON.parse(res.body.toString())).toEqual({ success: true, echo: { email: "a@b.c" } })
    expect(res.headers["set-cookie"]).toEqual(["connect.sid=abc; Path=/; HttpOnly; SameSite=Lax", "theme=dark; Path=/"])
    expect(res.headers["x-content-type-options"]).toBe("nosniff")

    const hit = seen.at(-1)!
    expect(hit.method).toBe("POST")
    expect(hit.url).toBe("/api/shop/session?x=1&y=a%2Cb")
    expect(hit.headers.cookie).toBe("connect.sid=old")
    expect(hit.headers["content-type"]).toBe("application/json")
    expect(hit.headers.host).toBe(backendHost)
    // The client's own X-Forwarded-For is not trusted: Medusa sees the real peer.
    expect(hit.headers["x-forwarded-for"]).toMatch(/^(::ffff:)?127\.0\.0\.1$/)
    expect(hit.headers["x-forwarded-proto"]).toBe("http")
    expect(hit.headers["x-forwarded-host"]).toBe(new URL(base).host)
  })

  it("passes other methods and bodyless statuses", async () => {
    const res = await request("/api/shop/item/7", { method: "DELETE" })
    expect(res.status).toBe(204)
    expect(seen.at(-1)).toMatchObject({ method: "DELETE", url: "/api/shop/item/7" })
  })

  it("passes error statuses and bodies through unchanged", async () => {
    const res = await request("/store/products?limit=1", { headers: { Accept: "application/json" } })
    expect(res.status).toBe(400)
    expect(JSON.parse(res.body.toString())).toEqual({
      success: false,
      message: "backend saw GET /store/products?limit=1",
    })
  })

  it("streams large request bodies", async () => {
    const res = await request("/api/upload", { method: "PUT", body: Buffer.alloc(3 * 1024 * 1024, "a") })
    expect(JSON.parse(res.body.toString())).toEqual({ received: 3 * 1024 * 1024 })
  })

  it("proxies every backend prefix, matched as whole path segments", async () => {
    for (const prefix of ["/api", "/app", "/auth", "/store", "/admin", "/static", "/health", "/t"]) {
      const res = await request(`${prefix}/probe`, { headers: { Accept: "application/json" } })
      expect(res.status, prefix).toBe(400)
      expect(seen.at(-1)!.url).toBe(`${prefix}/probe`)
    }
    const before = seen.length
    // a page whose path only starts like a prefix stays the storefront's
    for (const pathname of ["/terms", "/tracking"]) {
      await request(pathname, { headers: { Accept: "text/html" } })
      expect(seen.length, pathname).toBe(before)
    }
    const res = await request("/auth-login", { headers: { Accept: "text/html" } })
    expect(res.status).toBe(200)
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8")
    expect(seen.length).toBe(before)
  })

  it("serves the SPA for page navigations to storefront routes under /auth and /admin", async () => {
    const before = seen.length
    for (const pathname of ["/auth/login", "/admin/dashboard"]) {
      const res = await request(pathname, { headers: { Accept: "text/html,application/xhtml+xml" } })
      expect(res.status).toBe(200)
      expect(res.body.toString()).toContain('<div id="root">')
    }
    expect(seen.length).toBe(before)
  })

  it("answers 502 JSON when the backend is down", async () => {
    const down = http.createServer()
    const port = await listen(down)
    await close(down)
    const server = createStorefrontServer({
      distDir: path.join(tmp, "dist"),
      backendUrl: `http://127.0.0.1:${port}`,
      logError: () => {},
    })
    const serverPort = await listen(server)
    try {
      const res = await fetch(`http://127.0.0.1:${serverPort}/api/shop/products/get`)
      expect(res.status).toBe(502)
      expect(res.headers.get("content-type")).toContain("application/json")
      expect(await res.json()).toEqual({ success: false, message: "Backend unavailable" })
    } finally {
      await close(server)
    }
  })
})

describe("static files and the SPA", () => {
  it("falls back to index.html for app routes, with the config script and no placeholder", async () => {
    const res = await request("/shop/list?category=men", { headers: { Accept: "text/html" } })
    expect(res.status).toBe(200)
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8")
    expect(res.headers["cache-control"]).toBe("no-cache")
    const html = res.body.toString()
    expect(html).toContain('<script src="/shop-config.js" defer></script>')
    expect(html).not.toContain("<!--SHOP_CONFIG-->")
    expect(html.indexOf("/shop-config.js")).toBeLessThan(html.indexOf("/assets/index-abc123.js"))
    // No inline script anywhere: every <script> has a src.
    expect(html.match(/<script(?![^>]*\ssrc=)[^>]*>/g)).toBeNull()
    expect((await request("/")).body.toString()).toBe(html)
  })

  it("answers 404 with the app's HTML for a path that is none of its pages", async () => {
    for (const pathname of ["/no-such-page", "/shop", "/shop/product", "/checkout/extra", "/landing", "/unauth"]) {
      const res = await request(pathname, { headers: { Accept: "text/html" } })
      expect(res.status, pathname).toBe(404)
      expect(res.headers["content-type"], pathname).toBe("text/html; charset=utf-8")
      expect(res.body.toString(), pathname).toContain('<div id="root">')
    }
    // a trailing slash is the same page, at its one address
    const slashed = await request("/shop/list/?category=men", { headers: { Accept: "text/html" } })
    expect(slashed.status).toBe(301)
    expect(slashed.headers.location).toBe("/shop/list?category=men")
    for (const pathname of [
      "/",
      "/shop/list",
      "/shop/product/prod_1",
      "/checkout",
      "/profile",
      "/auth/login",
      "/auth/register",
      "/auth-login",
      "/order-confirmation",
      "/landing/eid",
    ]) {
      expect((await request(pathname, { headers: { Accept: "text/html" } })).status, pathname).toBe(200)
    }
  })

  it("answers a malformed address (an escape that decodes to nothing) with the app's not-found page, 404", async () => {
    for (const pathname of ["/shop/product/%E0%A4", "/%E0%A4%A", "/landing/%E0%A4", "/shop/list/%ZZ", "/checkout%"]) {
      const res = await request(pathname, { headers: { Accept: "text/html" } })
      expect(res.status, pathname).toBe(404)
      expect(res.headers["content-type"], pathname).toBe("text/html; charset=utf-8")
      expect(res.headers["cache-control"], pathname).toBe("no-cache")
      // the shop app's shell, which draws its own "page not found"
      expect(res.body.toString(), pathname).toContain('<div id="root">')
    }
    // a missing file stays a plain 404, never HTML
    const file = await request("/assets/%E0%A4.js")
    expect(file.status).toBe(404)
    expect(file.headers["content-type"]).toBe("text/plain; charset=utf-8")
  })

  it("preloads the Bengali font on landing pages only", async () => {
    const landing = (await request("/landing/eid-offer")).body.toString()
    const preloads = landing.match(/<link rel="preload"[^>]*>/g)
    expect(preloads).toEqual([
      '<link rel="preload" href="/assets/noto-sans-bengali-bengali-400-normal-Ab1_-c.woff2" as="font" type="font/woff2" crossorigin>',
      '<link rel="preload" href="/assets/noto-sans-bengali-bengali-700-normal-Zz9.woff2" as="font" type="font/woff2" crossorigin>',
    ])
    expect(landing.indexOf('rel="preload"')).toBeLessThan(landing.indexOf("</head>"))
    expect((await request("/shop/list")).body.toString()).not.toContain('rel="preload"')
  })

  it("serves /shop-config.js with the publishable key", async () => {
    const res = await request("/shop-config.js")
    expect(res.status).toBe(200)
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8")
    expect(res.headers["cache-control"]).toBe("no-store")
    const script = res.body.toString()
    expect(script).toBe('window.__SHOP_CONFIG__={"publishableKey":"pk_test_123"};\n')
    const fakeWindow: { __SHOP_CONFIG__?: unknown } = {}
    new Function("window", script)(fakeWindow)
    expect(fakeWindow.__SHOP_CONFIG__).toEqual({ publishableKey: "pk_test_123" })
  })

  it("serves hashed assets with a long cache, the right type and compression", async () => {
    const res = await request("/assets/index-abc123.js", { headers: { "Accept-Encoding": "gzip" } })
    expect(res.status).toBe(200)
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8")
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable")
    expect(res.headers["content-encoding"]).toBe("gzip")
    expect(gunzipSync(res.body).toString()).toBe(APP_JS)

    const plain = await request("/assets/index-abc123.js")
    expect(plain.headers["content-encoding"]).toBeUndefined()
    expect(plain.body.toString()).toBe(APP_JS)

    const again = await request("/assets/index-abc123.js", { headers: { "If-None-Match": plain.headers.etag! } })
    expect(again.status).toBe(304)
  })

  it("serves other files with their type and a revalidated cache", async () => {
    const res = await request("/favicon.svg")
    expect(res.status).toBe(200)
    expect(res.headers["content-type"]).toBe("image/svg+xml")
    expect(res.headers["cache-control"]).toBe("no-cache")
  })

  it("never serves source maps, even one left in dist/", async () => {
    const res = await request("/assets/index-abc123.js.map")
    expect(res.status).toBe(404)
    expect(res.body.toString()).not.toContain("secret.ts")
  })

  it("answers 404 for missing files instead of HTML", async () => {
    const res = await request("/assets/missing-123.js")
    expect(res.status).toBe(404)
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8")
  })

  it("never serves files outside dist/", async () => {
    for (const pathname of [
      "/../secret.json",
      "/%2e%2e/secret.json",
      "/assets/..%2f..%2fsecret.json",
      "/.build-stamp",
      "/%2ebuild-stamp",
    ]) {
      const res = await request(pathname)
      expect(res.body.toString(), pathname).not.toContain("secret")
    }
  })

  it("rejects methods other than GET and HEAD outside the proxied prefixes", async () => {
    const res = await request("/shop/list", { method: "POST", body: "x" })
    expect(res.status).toBe(405)
    expect(res.headers.allow).toBe("GET, HEAD")
  })

  it("sends the security headers on its own responses", async () => {
    for (const pathname of ["/", "/shop-config.js", "/assets/index-abc123.js", "/nope.png"]) {
      const res = await request(pathname)
      expect(res.headers["x-content-type-options"], pathname).toBe("nosniff")
      expect(res.headers["referrer-policy"], pathname).toBe("strict-origin-when-cross-origin")
      const csp = String(res.headers["content-security-policy"] ?? "")
      expect(csp, pathname).toContain("default-src 'self'")
      expect(csp, pathname).toContain("script-src 'self'")
      expect(/script-src[^;]*unsafe-inline/.test(csp), pathname).toBe(false)
    }
  })
})

describe("TRUST_PROXY: one setting, the same meaning as the backend's", () => {
  it("believes X-Forwarded-* only from the proxies it names, and hands the backend the resolved client", async () => {
    const trusting = createStorefrontServer({
      distDir: path.join(tmp, "dist"),
      backendUrl: `http://${backendHost}`,
      trustProxy: "loopback",
      logError: () => {},
    })
    const port = await listen(trusting)
    const saved = base
    base = `http://127.0.0.1:${port}`
    try {
      await request("/api/shop/item/7", {
        method: "DELETE",
        headers: {
          "X-Forwarded-For": "6.6.6.6, 203.0.113.9",
          "X-Forwarded-Proto": "https",
          "X-Forwarded-Host": "shop.example",
        },
      })
      // the peer (loopback) is trusted, so its last hop is the client; 6.6.6.6 is only what that client claimed
      expect(seen.at(-1)!.headers["x-forwarded-for"]).toBe("203.0.113.9")
      expect(seen.at(-1)!.headers["x-forwarded-proto"]).toBe("https")
      expect(seen.at(-1)!.headers["x-forwarded-host"]).toBe("shop.example")
    } finally {
      base = saved
      await close(trusting)
    }
    // a proxy list that does not name the peer: nothing it sends is believed
    const strict = createStorefrontServer({
      distDir: path.join(tmp, "dist"),
      backendUrl: `http://${backendHost}`,
      trustProxy: "10.0.0.0/8",
    })
    const strictPort = await listen(strict)
    base = `http://127.0.0.1:${strictPort}`
    try {
      await request("/api/shop/item/7", {
        method: "DELETE",
        headers: { "X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https" },
      })
      expect(seen.at(-1)!.headers["x-forwarded-for"]).toMatch(/^(::ffff:)?127\.0\.0\.1$/)
      expect(seen.at(-1)!.headers["x-forwarded-proto"]).toBe("http")
    } finally {
      base = saved
      await close(strict)
    }
  })

  it("refuses a yes/no value, which does not say whom to believe", () => {
    expect(() => compileTrustProxy("1")).toThrow(/names the proxies/)
    expect(() => compileTrustProxy("true")).toThrow(/names the proxies/)
    expect(compileTrustProxy("")).toBeNull()
    expect(compileTrustProxy("loopback, 10.0.0.0/8")!("10.1.2.3", 0)).toBe(true)
  })
})

describe("configuration", () => {
  it("hands the support phone (SHOP_SUPPORT_PHONE) to the app when one is set", async () => {
    const server = createStorefrontServer({
      distDir: path.join(tmp, "dist"),
      backendUrl: `http://${backendHost}`,
      publishableKey: "pk_test_123",
      supportPhone: " +880 1811-223344 ",
      logError: () => {},
    })
    const port = await listen(server)
    try {
      const script = await (await fetch(`http://127.0.0.1:${port}/shop-config.js`)).text()
      expect(script).toBe(
        'window.__SHOP_CONFIG__={"publishableKey":"pk_test_123","supportPhone":"+880 1811-223344"};\n'
      )
    } finally {
      await close(server)
    }
  })

  it("renders pages with the configuration it hands the app, so that the app hydrates them as they are", async () => {
    // a renderer that, like the app's, reads its config from globalThis when it is loaded
    const ssrDir = path.join(tmp, "ssr-config")
    fs.mkdirSync(ssrDir, { recursive: true })
    fs.writeFileSync(
      path.join(ssrDir, "entry-server.js"),
      `const config = globalThis.__SHOP_CONFIG__ ?? {};
export const SSR_STATE_ID = 'shop-state';
export function setPublicReader() {}
export function serializeState(s) { return JSON.stringify(s); }
export function renderLandingPage() { throw new Error('not here'); }
export async function renderShopPage() {
  return { status: 200, html: '<p id="phone">' + config.supportPhone + '</p>', head: '<title>shop</title>', state: {} };
}
`
    )
    const server = createStorefrontServer({
      distDir: path.join(tmp, "dist"),
      ssrDir,
      backendUrl: `http://${backendHost}`,
      publishableKey: "pk_test_123",
      supportPhone: " 01811-223344 ",
      logError: () => {},
    })
    const port = await listen(server)
    try {
      const page = await (await fetch(`http://127.0.0.1:${port}/`, { headers: { accept: "text/html" } })).text()
      expect(page).toContain('<p id="phone">01811-223344</p>')
      const script = await (await fetch(`http://127.0.0.1:${port}/shop-config.js`)).text()
      expect(script).toContain('"supportPhone":"01811-223344"')
    } finally {
      await close(server)
    }
  })

  it("refuses a support phone that is not a phone number", () => {
    for (const supportPhone of ["call us", "</script><script>alert(1)</script>", "1"]) {
      expect(() => createStorefrontServer({ distDir: path.join(tmp, "dist"), supportPhone }), supportPhone).toThrow(
        /SHOP_SUPPORT_PHONE/
      )
    }
  })

  it("refuses a malformed publishable key and a missing build", () => {
    expect(() => createStorefrontServer({ distDir: path.join(tmp, "dist"), publishableKey: "sk_secret" })).toThrow(
      /pk_/
    )
    expect(() => createStorefrontServer({ distDir: path.join(tmp, "nowhere") })).toThrow(/npm run build/)
    expect(() => createStorefrontServer({ distDir: path.join(tmp, "dist"), backendUrl: "ftp://x" })).toThrow(/http/)
  })
})
