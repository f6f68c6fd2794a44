import { expect, test } from "@playwright/test"
import { ADMIN } from "./shop-helpers"

/**
 * Meta ads in the browser: a landing page that names a Meta pixel loads it
 * (its policy lets Meta's script in), sends PageView and, once the order is
 * placed, a Lead whose event id is the order number, never a Purchase; the
 * order carries the ad click (fbclid, the page's address) and the admin's
 * order shows the server's Purchase event state. Meta's script is a small
 * stand-in served at its address, recording what the page asks of it.
 */
const DEMO = "salwar-kameez-offer"
const PIXEL = "123456789012345"

/** Meta's fbevents.js, reduced to recording every call (those queued before it loaded first). */
const FAKE_FBEVENTS = `(function () {
  var queued = (window.fbq && window.fbq.queue) || [];
  window.__metaCalls = [];
  function record(args) { window.__metaCalls.push(JSON.parse(JSON.stringify(args))); }
  queued.forEach(record);
  window.fbq = function () { record(Array.prototype.slice.call(arguments)); };
})();`

type Stored = { _id: string; slug: string; metaPixelId?: string | null } & Record<string, unknown>

test("a landing page with a Meta pixel: PageView, then a Lead keyed by the order number, never Purchase", async ({
  page,
  request,
}) => {
  const login = await request.post("/api/auth/login", { data: ADMIN })
  expect(login.status()).toBe(200)
  const list = await request.get("/api/admin/landing-pages")
  const demo = ((await list.json()) as { data: Stored[] }).data.find((p) => p.slug === DEMO)!
  const stored = ((await (await request.get(`/api/admin/landing-pages/${demo._id}`)).json()) as { data: Stored }).data
  const put = await request.put(`/api/admin/landing-pages/${demo._id}`, { data: { ...stored, metaPixelId: PIXEL } })
  expect(put.status(), await put.text()).toBe(200)
  try {
    await page.route("https://connect.facebook.net/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/javascript", body: FAKE_FBEVENTS })
    )
    const response = await page.goto(`/landing/${DEMO}?fbclid=IwAR_e2e-click_1`)
    expect(response?.status()).toBe(200)
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self' https://connect.facebook.net")
    const calls = () => page.evaluate(() => (window as unknown as { __metaCalls?: unknown[][] }).__metaCalls ?? [])
    await expect.poll(calls).toContainEqual(["init", PIXEL])
    expect(await calls()).toContainEqual(["track", "PageView"])

    const form = page.getByTestId("order-form")
    await form.getByLabel(/আপনার নাম/).fill("মেটা পরীক্ষা")
    await form.getByLabel(/মোবাইল নম্বর/).fill("01811000019")
    await form.getByLabel(/সম্পূর্ণ ঠিকানা/).fill("বাড়ি ৯, মিরপুর, ঢাকা")
    const created = page.waitForResponse(
      (r) => r.url().endsWith("/api/shop/order/create-order") && r.request().method() === "POST"
    )
    await form.getByRole("button", { name: /অর্ডার/ }).last().click()
    const answer = await created
    expect(answer.status()).toBe(201)
    const sent = answer.request().postDataJSON() as { fbclid?: string; eventSourceUrl?: string }
    expect(sent.fbclid).toBe("IwAR_e2e-click_1")
    expect(sent.eventSourceUrl).toMatch(new RegExp(`/landing/${DEMO}\\?fbclid=IwAR_e2e-click_1$`))
    const order = ((await answer.json()) as { data: { _id: string; orderNumber: string } }).data

    await expect
      .poll(calls)
      .toContainEqual([
        "trackSingle",
        PIXEL,
        "Lead",
        expect.objectContaining({ currency: "BDT" }),
        { eventID: order.orderNumber },
      ])
    expect((await calls()).flat()).not.toContain("Purchase")
    await expect(page.getByTestId("order-number")).toHaveText(order.orderNumber)

    // the server's Purchase waits for the order to be confirmed (no access token in this stack either)
    const details = await request.get(`/api/admin/order/order-details/${order._id}`)
    expect(details.status()).toBe(200)
    const purchase = ((await details.json()) as { data: { metaPurchase: { state: string; pixelId: string } | null } })
      .data.metaPurchase
    expect(purchase).toMatchObject({ state: "not_sent", pixelId: PIXEL })
  } finally {
    const restored = await request.put(`/api/admin/landing-pages/${demo._id}`, {
      data: { ...stored, metaPixelId: null },
    })
    expect(restored.status()).toBe(200)
  }
})

test("a landing page without a pixel loads nothing of Meta's and keeps its strict policy", async ({ page }) => {
  const meta: string[] = []
  page.on("request", (r) => {
    if (/facebook/.test(r.url())) meta.push(r.url())
  })
  const response = await page.goto(`/landing/${DEMO}?fbclid=IwAR_none`)
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self';")
  await expect(page.getByTestId("order-form")).toBeVisible()
  await page.waitForLoadState("networkidle")
  expect(meta).toEqual([])
})
