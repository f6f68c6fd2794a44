import { expect, test } from "@playwright/test"
import { ADMIN, allProducts, signInAdmin } from "./shop-helpers"

/**
 * The browser's security rules against the real stack: headers on every kind
 * of answer (the backend directly and through the storefront), the session
 * cookie's flags, no inline script, and a cross-site form POST refused.
 */
const backend = process.env.E2E_BACKEND_URL!

function expectSafeHeaders(headers: Record<string, string>, what: string) {
  expect(headers["x-content-type-options"], `${what}: nosniff`).toBe("nosniff")
  expect(headers["referrer-policy"], `${what}: Referrer-Policy`).toBeTruthy()
  expect(headers["x-powered-by"], `${what}: X-Powered-By`).toBeUndefined()
}

test("every answer carries nosniff and a Referrer-Policy, never X-Powered-By", async ({ request, page }) => {
  const [product] = await allProducts(request)
  const imagePath = new URL(product.image, backend).pathname
  const urls = [
    // the backend itself: Medusa's /health, our /api (ok, 404, 401), a stored file, the admin's page, Medusa's store API
    `${backend}/health`,
    `${backend}/api/shop/products/get`,
    `${backend}/api/landing/no-such-page`,
    `${backend}/api/auth/check-auth`,
    `${backend}/api/admin/order/all-orders`,
    `${backend}${imagePath}`,
    `${backend}/app`,
    `${backend}/store/products`,
    // the storefront: a page, a script, a proxied API answer
    "/",
    "/shop/list",
    "/api/shop/products/get",
  ]
  for (const url of urls) {
    const res = await request.get(url, { maxRedirects: 0 })
    expect(res.status(), url).toBeLessThan(500)
    expectSafeHeaders(res.headers(), url)
  }
  const scripts: string[] = []
  page.on("response", (r) => {
    if (r.request().resourceType() === "script") scripts.push(r.url())
  })
  await page.goto("/")
  expect(scripts.length).toBeGreaterThan(0)
  const script = await request.get(scripts[0])
  expectSafeHeaders(script.headers(), scripts[0])
})

test("the storefront's pages run no inline script and say so in their Content-Security-Policy", async ({ page }) => {
  const res = await page.goto("/shop/list")
  const csp = res!.headers()["content-security-policy"]
  const scriptSrc = csp
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith("script-src"))
  expect(scriptSrc).toBe("script-src 'self'")
  expect(scriptSrc).not.toContain("unsafe-inline")
  expect(scriptSrc).not.toContain("unsafe-eval")
  // the only inline <script> elements are data blocks (the page's state, its JSON-LD): a browser never runs them
  const inline = await page
    .locator("script:not([src])")
    .evaluateAll((els) => els.map((e) => ({ type: e.getAttribute("type"), text: e.textContent ?? "" })))
  expect(inline.length).toBeGreaterThan(0)
  for (const block of inline) {
    expect(["application/json", "application/ld+json"]).toContain(block.type)
    // nothing in a data block can close it and start markup
    expect(block.text).not.toContain("<")
  }
})

test("the session cookie is HTTP-only and SameSite=Lax", async ({ request }) => {
  const res = await request.post("/api/auth/login", { data: ADMIN })
  expect(res.status()).toBe(200)
  const cookie = res
    .headersArray()
    .find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("connect.sid="))
  expect(cookie, "a session cookie").toBeTruthy()
  expect(cookie!.value).toMatch(/;\s*HttpOnly/i)
  expect(cookie!.value).toMatch(/;\s*SameSite=Lax/i)
  // (Secure is on in production unless COOKIE_SECURE=false, as this plain-http run sets: medusa-config.unit.spec.ts)
})

test("a form on another site cannot post to the shop's API", async ({ page, request, baseURL }) => {
  const [product] = await allProducts(request)
  const before = (await (await request.get(`/api/shop/products/get/${product._id}`)).json()).data.stock
  // a page on a foreign host with a form aimed at the shop, submitted by the shopper's browser
  await page.route("http://evil.example/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<form id="f" method="post" action="${baseURL}/api/shop/order/create-order">
        <input name="isGuest" value="true"><input name="guestName" value="Victim">
        <input name="guestEmail" value="victim@example.com"><input name="guestPhone" value="01711111111">
        <input name="cartItems[0][productId]" value="${product._id}"><input name="cartItems[0][quantity]" value="1">
        <input name="addressInfo[0][address]" value="x"><input name="addressInfo[0][city]" value="Dhaka">
        <button>go</button></form>`,
    })
  )
  await page.goto("http://evil.example/")
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().includes("/api/shop/order/create-order")),
    page.click("button"),
  ])
  expect(answer.status()).toBe(403)
  expect(await answer.json()).toEqual({ success: false, message: "Cross-site requests are not allowed" })
  const after = (await (await request.get(`/api/shop/products/get/${product._id}`)).json()).data.stock
  expect(after).toBe(before)
})

test("a form on another port of the same host cannot use the admin's session on Medusa's /admin", async ({
  page,
  baseURL,
}) => {
  await signInAdmin(page)
  const invites = async () =>
    ((await (await page.request.get("/admin/invites?limit=100")).json()).invites as { email: string }[]).map(
      (i) => i.email
    )
  expect(await invites()).not.toContain("intruder@example.com")
  // same site (localhost), another origin: the SameSite=Lax session cookie goes with the form's POST
  await page.route("http://localhost:9/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<form id="f" method="post" action="${baseURL}/admin/invites">
        <input name="email" value="intruder@example.com"><button>go</button></form>`,
    })
  )
  await page.goto("http://localhost:9/")
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/admin/invites")),
    page.click("button"),
  ])
  expect(answer.status()).toBe(403)
  expect(await invites()).not.toContain("intruder@example.com")
})

test("through the storefront's origin too, Medusa's own doors keep the shop's rules", async ({ request }) => {
  // a shopper account to guess at (the storefront proxies /api and /auth to the backend)
  const email = `door-${Date.now()}@example.com`
  const registered = await request.post("/api/auth/register", {
    data: { username: "Door Test", email, password: "secret123" },
  })
  expect(registered.status()).toBe(201)
  // 40 parallel wrong guesses through Medusa's own customer login, via the storefront server
  const answers = await Promise.all(
    Array.from({ length: 40 }, () =>
      request.post("/auth/customer/emailpass", { data: { email, password: "wrong-guess" } })
    )
  )
  const refused = answers.filter((a) => a.status() === 429).length
  expect(refused).toBeGreaterThanOrEqual(35)
  // Medusa's password rule is the shop's
  const weak = await request.post("/auth/customer/emailpass/register", {
    data: { email: `weak-${email}`, password: "1" },
  })
  expect(weak.status()).toBe(400)
  // a stored file under /static is sandboxed wherever it is served from
  const files = await request.get("/api/shop/products/get")
  const { products } = (await files.json()) as { products: { image: string }[] }
  const image = await request.get(new URL(products[0].image).pathname)
  expect(image.status()).toBe(200)
  expect(image.headers()["content-security-policy"]).toMatch(/sandbox/)
})
