import { createHash } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  META_EVENT_TOO_OLD,
  META_PIXEL_ID_MESSAGE,
  type LandingPage,
  type LandingPageListItem,
  type MetaPurchaseView,
  type MetaSettings,
  type Order,
  type Product,
} from "@shop/contract"
import { retryMetaPurchases } from "../../src/jobs/send-meta-purchases"
import { hashedEmail, hashedPhone, NO_TOKEN, retryDelaySeconds } from "../../src/modules/meta-events"
import { purchaseEventOfOrder } from "../../src/read-models/meta-events"
import seed from "../../src/scripts/seed"
import {
  metaPurchaseTriggeredWorkflow,
  sendMetaPurchaseWorkflow,
  type MetaPurchaseTriggeredInput,
} from "../../src/workflows/meta-purchase"
import { FakeMetaGraph, META_TOKEN } from "../utils/fake-meta-graph"
import { shopIntegrationTestRunner } from "../utils/runner"
import { ADMIN, anyStatus, customerSession, loginAs } from "../utils/session"
import { followSubscribers } from "../utils/subscribers"

jest.setTimeout(240_000)

// the client address is believed from loopback (each order forges its own); the
// retry job looks only once an hour here, so every retry in these tests is one
// the test asks for, at the time it names
process.env.TRUST_PROXY = "loopback"
process.env.META_RETRY_SECONDS = "3600"

const SLUG = "salwar-kameez-offer"
const PAGE_PIXEL = "1234567890123456"
const SHOP_PIXEL = "555000111222"
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex")
const META_ENV = [
  "META_GRAPH_URL",
  "META_CAPI_TOKEN",
  "META_PIXEL_ID",
  "META_GRAPH_VERSION",
  "META_TEST_EVENT_CODE",
  "META_TIMEOUT_MS",
]

/**
 * Meta's Conversions API against a fake Graph API that follows
 * Meta's documented requests and answers: the landing page's pixel, the
 * shopper's tracking kept with the order, "Purchase" sent from the server
 * once the order is confirmed (or delivered), once, retried with back-off,
 * given up when refused or too old, never for cancelled, fake or held orders,
 * and nothing of the token or the shopper's phone and email leaking.
 */
shopIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const fake = new FakeMetaGraph()
    let base = ""
    let admin: { cookie: string }
    let product: Product
    let pageId = ""
    let phoneSeq = 0
    let client = 0
    /** everything the backend logged during the test */
    const logs: string[] = []
    const container = () => getContainer() as unknown as MedusaContainer
    /** The trigger the subscriber runs, straight (its workflow's answer). */
    const metaPurchaseTriggered = async (input: Omit<MetaPurchaseTriggeredInput, "at"> & { at: Date }) =>
      (await metaPurchaseTriggeredWorkflow(container()).run({ input: { ...input, at: input.at.toISOString() } })).result
    /** One sender's attempt at an event at `now` (the job runs one per due event). */
    const sendMetaPurchase = async (id: string, now: Date) =>
      (await sendMetaPurchaseWorkflow(container()).run({ input: { event_id: id, now: now.toISOString() } })).result
    const connect = () =>
      Object.assign(process.env, { META_GRAPH_URL: base, META_CAPI_TOKEN: META_TOKEN, META_TIMEOUT_MS: "2000" })

    /** the shop's order subscribers still running (they run after the answer): a test waits for them */
    let subscribers: { settled: () => Promise<void> }
    const settled = () => subscribers.settled()

    beforeAll(async () => {
      base = await fake.start()
      connect()
      await seed({ container: getContainer(), args: [] } as never)
      subscribers = followSubscribers(container(), ["shop-order.status-changed", "shop-order.confirmed"])
      const logger = container().resolve(ContainerRegistrationKeys.LOGGER) as unknown as Record<
        string,
        (...args: unknown[]) => unknown
      >
      for (const level of ["error", "warn", "info", "debug", "log", "http", "verbose"]) {
        if (typeof logger[level] !== "function") continue
        const original = logger[level].bind(logger)
        logger[level] = (...args: unknown[]) => {
          logs.push(
            args
              .map((a) =>
                a instanceof Error ? `${a.message} ${a.stack}` : typeof a === "string" ? a : JSON.stringify(a)
              )
              .join(" ")
          )
          return original(...args)
        }
      }
      // the demo page names its own pixel (kept in the snapshot every test starts from)
      admin = await loginAs(api, ADMIN)
      const pages = (await api.get("/api/admin/landing-pages", as(admin.cookie))).data.data as LandingPage[]
      pageId = pages.find((p) => p.slug === SLUG)!._id
      const saved = await api.put(`/api/admin/landing-pages/${pageId}`, { metaPixelId: PAGE_PIXEL }, as(admin.cookie))
      expect([saved.status, saved.data.data.metaPixelId]).toEqual([200, PAGE_PIXEL])
    })
    afterAll(async () => {
      META_ENV.forEach((name) => delete process.env[name])
      await fake.stop()
    })
    beforeEach(async () => {
      META_ENV.forEach((name) => delete process.env[name])
      connect()
      fake.reset()
      logs.length = 0
      admin = await loginAs(api, ADMIN)
      product = (await api.get(`/api/landing/${SLUG}`)).data.data.productId as Product
    })
    afterEach(settled)

    const as = (cookie?: string) => ({ ...anyStatus, headers: cookie ? { cookie } : {} })
    const newPhone = () => `0181${String(3000000 + ++phoneSeq).padStart(7, "0")}`
    type OrderOptions = {
      phone?: string
      email?: string | null
      quantity?: number
      slug?: string
      cookie?: string
      userAgent?: string
      address?: string
      extra?: Record<string, unknown>
    }
    const landingOrder = async (opts: OrderOptions = {}) => {
      const phone = opts.phone ?? newPhone()
      const res = await api.post(
        "/api/shop/order/create-order",
        {
          isGuest: true,
          landingPageSlug: opts.slug ?? SLUG,
          guestName: "Meta Buyer",
          guestPhone: phone,
          guestEmail: opts.email === undefined ? "buyer@example.com" : opts.email,
          deliveryArea: "dhaka",
          cartItems: [{ productId: product._id, quantity: opts.quantity ?? 1 }],
          addressInfo: [
            { address: "House 1, Road 1, Mirpur", city: "Dhaka", pincode: "1216", number: phone, notes: "" },
          ],
          ...opts.extra,
        },
        {
          ...anyStatus,
          headers: {
            "x-forwarded-for": opts.address ?? `198.51.100.${++client}`,
            "user-agent": opts.userAgent ?? "Mozilla/5.0 (Linux; Android 14) MetaSpec/1.0",
            ...(opts.cookie ? { cookie: opts.cookie } : {}),
          },
        }
      )
      expect([res.status, res.data.message]).toEqual([201, expect.anything()])
      return res.data as { data: Order; confirmation: { orderNumber: string } }
    }
    const placed = async (opts: OrderOptions = {}) => (await landingOrder(opts)).data
    const details = async (id: string) =>
      (await api.get(`/api/admin/order/order-details/${id}`, as(admin.cookie))).data.data as Order & {
        metaPurchase: MetaPurchaseView | null
      }
    const purchaseOf = async (id: string) => (await details(id)).metaPurchase
    const setStatus = async (id: string, orderStatus: string) => {
      const res = await api.put("/api/admin/order/update-order-status", { orderId: id, orderStatus }, as(admin.cookie))
      expect([res.status, res.data.message]).toEqual([200, expect.anything()])
      await settled()
    }
    const confirm = async (id: string, outcome = "confirmed") => {
      const res = await api.post(`/api/admin/order/${id}/confirmation`, { outcome }, as(admin.cookie))
      expect([res.status, res.data.message]).toEqual([200, expect.anything()])
      await settled()
    }
    const setPurchaseOn = async (purchaseOn: string) => {
      const res = await api.put("/api/admin/meta/settings", { purchaseOn }, as(admin.cookie))
      expect([res.status, res.data.data.purchaseOn]).toEqual([200, purchaseOn])
    }
    const eventIdOf = (order: Order) => order.orderNumber
    /** No log line carries the token or the shopper's phone or email, hashed or typed any way we know. */
    const expectCleanLogs = (phone: string, email: string | null) => {
      const text = logs.join("\n")
      expect(text).not.toContain(META_TOKEN)
      expect(text).not.toContain(phone)
      expect(text).not.toContain(phone.slice(1))
      if (email) expect(text.toLowerCase()).not.toContain(email.toLowerCase())
    }

    it("hashes a phone typed any way into one hash of its E.164 digits, and an email trimmed and lower-cased", async () => {
      const expected = sha256("8801712345678")
      for (const typed of ["01712345678", "+8801712345678", "8801712345678", "01712-345678", " +880 1712 345678 "]) {
        expect(hashedPhone(typed)).toBe(expected)
      }
      expect(hashedPhone("12345")).toBeNull()
      expect(hashedEmail("  Rahim.Uddin@Example.COM ")).toBe(sha256("rahim.uddin@example.com"))
      expect(hashedEmail("")).toBeNull()

      // end to end: orders with the phone typed four ways all reach Meta with that one hash
      const orders: Order[] = []
      for (const typed of ["01712345678", "+8801712345678", "8801712345678", "01712-345678"]) {
        orders.push(await placed({ phone: typed, email: "  Rahim.Uddin@Example.COM " }))
      }
      // the same phone and product again are duplicates the guard holds: the confirmation call releases them
      for (const order of orders) await confirm(order._id)
      const purchases = fake.purchases()
      expect(purchases.map((p) => p.event.event_id).sort()).toEqual(orders.map(eventIdOf).sort())
      for (const { event } of purchases) {
        expect(event.user_data).toMatchObject({ ph: [expected], em: [sha256("rahim.uddin@example.com")] })
      }
    })

    it("sends Purchase when the order ships, shaped as Meta documents it, with the shopper's tracking and only hashes", async () => {
      process.env.META_TEST_EVENT_CODE = "TEST4242"
      const cookie = "connect.sid=abc; _fbp=fb.1.1700000000000.1234567890; other=1"
      const { data: order, confirmation } = await landingOrder({
        phone: "+880 1912-345678",
        email: " Karim@Example.com ",
        quantity: 2,
        cookie,
        address: "203.0.113.77",
        userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) MetaSpec",
        extra: {
          fbclid: "IwAR_test-123",
          eventSourceUrl: "https://shop.example/landing/salwar-kameez-offer?fbclid=IwAR_test-123",
        },
      })
      // the order number the page's "Lead" used as its event id
      expect(confirmation.orderNumber).toBe(order.orderNumber)
      // the shopper's answer says nothing of Meta or the tracking
      expect(JSON.stringify(order)).not.toMatch(/fbp|fbc|metaPurchase|IwAR|MetaSpec/)
      expect(await purchaseOf(order._id)).toMatchObject({
        state: "not_sent",
        pixelId: PAGE_PIXEL,
        attempts: 0,
        tracking: { browserId: true, clickId: true },
      })
      expect(fake.requests).toHaveLength(0)

      const before = Math.floor(Date.now() / 1000)
      await setStatus(order._id, "shipped")
      const after = Math.ceil(Date.now() / 1000)
      expect(fake.requests).toHaveLength(1)
      const [request] = fake.requests
      expect([request!.method, request!.version, request!.pixelId, request!.token]).toEqual([
        "POST",
        "v21.0",
        PAGE_PIXEL,
        META_TOKEN,
      ])
      expect(request!.headers["content-type"]).toMatch(/^application\/json/)
      expect(request!.body.test_event_code).toBe("TEST4242")
      expect(request!.body.data).toHaveLength(1)
      const event = request!.body.data![0]!
      expect(event).toEqual({
        event_name: "Purchase",
        event_time: expect.any(Number),
        event_id: order.orderNumber,
        action_source: "website",
        event_source_url: "https://shop.example/landing/salwar-kameez-offer?fbclid=IwAR_test-123",
        user_data: {
          ph: [sha256("8801912345678")],
          em: [sha256("karim@example.com")],
          client_ip_address: "203.0.113.77",
          client_user_agent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) MetaSpec",
          fbp: "fb.1.1700000000000.1234567890",
          fbc: expect.stringMatching(/^fb\.1\.\d{13}\.IwAR_test-123$/),
        },
        custom_data: {
          value: order.TotalAmount,
          currency: "BDT",
          content_ids: [product._id],
          content_type: "product",
          num_items: 2,
          order_id: order.orderNumber,
        },
      })
      expect(event.event_time as number).toBeGreaterThanOrEqual(before)
      expect(event.event_time as number).toBeLessThanOrEqual(after)
      expect(order.TotalAmount).toBe(2 * (product.saleprice || product.price) + 60)
      // only hashes leave: no phone, no email, no token in the body (the token rides in the query string only)
      for (const secret of [
        "01912345678",
        "1912345678",
        "8801912345678",
        "karim@example.com",
        "Karim@Example.com",
        META_TOKEN,
      ]) {
        expect(request!.raw).not.toContain(secret)
      }
      expect(JSON.stringify(request!.headers)).not.toContain(META_TOKEN)

      const view = (await purchaseOf(order._id))!
      expect(view).toMatchObject({
        state: "sent",
        attempts: 1,
        reason: null,
        nextAttemptAt: null,
        sentAt: expect.any(String),
      })
      expect(Math.floor(Date.parse(view.eventTime!) / 1000)).toBe(event.event_time)
      // the admin's answers never carry the token or the raw tracking
      const answers = JSON.stringify([
        await details(order._id),
        (await api.get("/api/admin/order/all-orders", as(admin.cookie))).data,
      ])
      expect(answers).not.toContain(META_TOKEN)
      expect(answers).not.toContain("fb.1.1700000000000")
      expect(answers).not.toContain("203.0.113.77")

      // a _fbc cookie the pixel wrote wins over the fbclid
      const second = await placed({ cookie: "_fbc=fb.1.1699999999999.AbCdEfCookie", extra: { fbclid: "IwAR_other" } })
      await setStatus(second._id, "shipped")
      expect(fake.requestsFor(second.orderNumber)[0]!.body.data![0]!.user_data).toMatchObject({
        fbc: "fb.1.1699999999999.AbCdEfCookie",
      })
      expect(
        (fake.requestsFor(second.orderNumber)[0]!.body.data![0]!.user_data as Record<string, unknown>).fbp
      ).toBeUndefined()

      // a malformed fbclid or address is dropped, never a reason to refuse the order
      const odd = await placed({
        email: null,
        extra: { fbclid: "bad id!<script>", eventSourceUrl: "javascript:alert(1)" },
      })
      expect((await purchaseOf(odd._id))!.tracking).toEqual({ browserId: false, clickId: false })
      await setStatus(odd._id, "shipped")
      const oddEvent = fake.requestsFor(odd.orderNumber)[0]!.body.data![0]!
      // no email: no em; the page's own address stands in
      expect(oddEvent.user_data).not.toHaveProperty("em")
      expect(oddEvent.event_source_url).toMatch(/\/landing\/salwar-kameez-offer$/)
      expectCleanLogs("01912345678", "karim@example.com")
    })

    it("sends Purchase when the confirmation call confirms the order, and at most once however it moves on", async () => {
      const order = await placed()
      await confirm(order._id, "no_answer")
      expect(fake.requests).toHaveLength(0)
      await confirm(order._id)
      expect(fake.requestsFor(order.orderNumber)).toHaveLength(1)
      // confirmed, then shipped, then delivered, then completed: still one event
      await setStatus(order._id, "shipped")
      await setStatus(order._id, "delivered")
      await setStatus(order._id, "completed")
      await confirm(order._id)
      expect(fake.purchases()).toHaveLength(1)
      expect((await purchaseOf(order._id))!.state).toBe("sent")
      expect(await metaPurchaseTriggered({ order_id: order._id, trigger: "shipped", at: new Date() })).toBe("ignored")
      expect(fake.purchases()).toHaveLength(1)
      // beside it, its delivery once (delivered, then completed, then confirmed again: one OrderDelivered)
      expect(fake.deliveries().map((d) => d.event.event_id)).toEqual([`${order.orderNumber}-delivered`])
      expect(fake.requests).toHaveLength(2)
    })

    it("two triggers at once send one request; two senders at once send one request", async () => {
      // a confirmation and a shipment of the same order at the same moment
      const order = await placed()
      fake.slowNextMs = 300
      const [a, b] = await Promise.all([
        api.post(`/api/admin/order/${order._id}/confirmation`, { outcome: "confirmed" }, as(admin.cookie)),
        api.put(
          "/api/admin/order/update-order-status",
          { orderId: order._id, orderStatus: "shipped" },
          as(admin.cookie)
        ),
      ])
      expect([a.status, b.status]).toEqual([200, 200])
      await settled()
      expect(fake.requestsFor(order.orderNumber)).toHaveLength(1)

      // the same, straight at the trigger: one arms, the other finds it armed
      const other = await placed()
      fake.slowNextMs = 300
      const at = new Date()
      const results = await Promise.all([
        metaPurchaseTriggered({ order_id: other._id, trigger: "confirmed", at }),
        metaPurchaseTriggered({ order_id: other._id, trigger: "shipped", at }),
        metaPurchaseTriggered({ order_id: other._id, trigger: "delivered", at }),
      ])
      expect(results.filter((r) => r === "armed")).toHaveLength(1)
      expect(fake.requestsFor(other.orderNumber)).toHaveLength(1)

      // an event due for a retry, sent by five senders at once (the job in several processes): one request
      const third = await placed()
      fake.failNext(503)
      await setStatus(third._id, "shipped")
      const failed = (await purchaseEventOfOrder(container(), third._id))!
      expect(failed.state).toBe("failed")
      fake.slowNextMs = 300
      const due = new Date(failed.next_attempt_at!)
      const outcomes = await Promise.all(Array.from({ length: 5 }, () => sendMetaPurchase(failed.id, due)))
      expect(outcomes.filter((o) => o === "sent")).toHaveLength(1)
      expect(outcomes.filter((o) => o === null)).toHaveLength(4)
      expect(fake.requestsFor(third.orderNumber)).toHaveLength(2)
    })

    it("retries with back-off while Meta is down (5xx, unreachable, 429), then sends the same event", async () => {
      expect([1, 2, 3, 4, 6, 7, 20].map(retryDelaySeconds)).toEqual([60, 120, 240, 480, 1920, 3600, 3600])
      const phone = newPhone()
      const order = await placed({ phone, email: "down@example.com" })
      fake.failNext(500)
      await setStatus(order._id, "shipped")
      let row = (await purchaseEventOfOrder(container(), order._id))!
      expect(row).toMatchObject({
        state: "failed",
        attempts: 1,
        last_error: expect.stringContaining("Meta is having trouble"),
      })
      const view = (await purchaseOf(order._id))!
      expect(view).toMatchObject({
        state: "failed",
        reason: expect.stringContaining("HTTP 500"),
        nextAttemptAt: expect.any(String),
      })
      const eventTime = new Date(row.event_time!)
      let next = new Date(row.next_attempt_at!)

      // not due before its back-off: nothing sent
      expect((await retryMetaPurchases(container(), { now: new Date(next.getTime() - 1000) })).tried).toBe(0)
      expect(fake.requests).toHaveLength(1)

      // Meta unreachable (nothing listens at the address): retried, the next wait doubles
      process.env.META_GRAPH_URL = "http://127.0.0.1:9"
      expect(await retryMetaPurchases(container(), { now: next })).toMatchObject({ tried: 1, failed: 1 })
      row = (await purchaseEventOfOrder(container(), order._id))!
      expect(row).toMatchObject({
        state: "failed",
        attempts: 2,
        last_error: expect.stringContaining("Meta cannot be reached"),
      })
      expect(new Date(row.next_attempt_at!).getTime() - next.getTime()).toBe(120_000)
      next = new Date(row.next_attempt_at!)
      connect()

      // rate-limited: retried, the wait doubles again
      fake.failNext(429)
      expect(await retryMetaPurchases(container(), { now: next })).toMatchObject({ tried: 1, failed: 1 })
      row = (await purchaseEventOfOrder(container(), order._id))!
      expect(row).toMatchObject({ state: "failed", attempts: 3 })
      expect(new Date(row.next_attempt_at!).getTime() - next.getTime()).toBe(240_000)
      next = new Date(row.next_attempt_at!)

      // Meta is back: the same event (same id, same time) goes out and is not sent again
      expect(await retryMetaPurchases(container(), { now: next })).toMatchObject({ tried: 1, sent: 1 })
      expect(await retryMetaPurchases(container(), { now: new Date(next.getTime() + 3_600_000) })).toEqual({ tried: 0 })
      const sent = fake.requestsFor(order.orderNumber)
      expect(sent).toHaveLength(3)
      expect(new Set(sent.map((r) => JSON.stringify(r.body.data![0])))).toEqual(
        new Set([JSON.stringify(sent[0]!.body.data![0])])
      )
      expect(sent[0]!.body.data![0]!.event_time).toBe(Math.floor(eventTime.getTime() / 1000))
      expect(await purchaseOf(order._id)).toMatchObject({ state: "sent", attempts: 4, reason: null })

      // the failures were logged, without the token or the shopper's details
      expect(logs.some((line) => line.includes(`Purchase of order ${order.orderNumber} was not sent`))).toBe(true)
      expectCleanLogs(phone, "down@example.com")
    })

    it("a refusal from Meta (4xx other than 429) is given up at once with Meta's words", async () => {
      const phone = newPhone()
      const order = await placed({ phone })
      fake.failNext(400, {
        message: "Invalid parameter",
        error_user_title: "Invalid Pixel",
        error_user_msg: "The pixel id is not valid for this token.",
      })
      await setStatus(order._id, "shipped")
      const view = (await purchaseOf(order._id))!
      expect(view).toMatchObject({ state: "given_up", attempts: 1, nextAttemptAt: null })
      expect(view.reason).toBe("Meta refused it: Invalid Pixel: The pixel id is not valid for this token. (code 100)")
      expect(await retryMetaPurchases(container(), { now: new Date(Date.now() + 86_400_000) })).toEqual({ tried: 0 })
      expect(fake.requests).toHaveLength(1)
      // the dialog's admin answer shows the reason
      expect((await details(order._id)).metaPurchase).toMatchObject({
        state: "given_up",
        reason: expect.stringContaining("Invalid Pixel"),
      })
      expectCleanLogs(phone, "buyer@example.com")

      // a token Meta refuses (code 190) is the merchant's to fix: it waits with back-off, not given up
      const second = await placed()
      process.env.META_CAPI_TOKEN = "EAAGwrongTOKEN"
      await setStatus(second._id, "shipped")
      const waiting = (await purchaseOf(second._id))!
      expect(waiting).toMatchObject({ state: "failed", reason: expect.stringContaining("Invalid OAuth access token") })
      expect(logs.join("\n")).not.toContain("EAAGwrongTOKEN")
      connect()
      expect(await retryMetaPurchases(container(), { now: new Date(waiting.nextAttemptAt!) })).toMatchObject({
        sent: 1,
      })
    })

    it("an event that would be older than 7 days is given up, not sent", async () => {
      const order = await placed()
      fake.failNext(502)
      await setStatus(order._id, "shipped")
      const row = (await purchaseEventOfOrder(container(), order._id))!
      const eventTime = new Date(row.event_time!).getTime()
      // six days on, Meta still takes it
      fake.failNext(500)
      expect(await retryMetaPurchases(container(), { now: new Date(eventTime + 6 * 86_400_000) })).toMatchObject({
        failed: 1,
      })
      expect(fake.requests).toHaveLength(2)
      // past seven days: given up with the reason, nothing sent
      expect(
        await retryMetaPurchases(container(), { now: new Date(eventTime + 7 * 86_400_000 + 60_000) })
      ).toMatchObject({ tried: 1, given_up: 1 })
      expect(fake.requests).toHaveLength(2)
      expect(await purchaseOf(order._id)).toMatchObject({
        state: "given_up",
        reason: META_EVENT_TOO_OLD,
        nextAttemptAt: null,
      })
    })

    it("only when delivered, when the merchant chooses so", async () => {
      await setPurchaseOn("delivered")
      const order = await placed()
      await confirm(order._id)
      await setStatus(order._id, "shipped")
      expect(fake.requests).toHaveLength(0)
      expect(await purchaseOf(order._id)).toMatchObject({ state: "not_sent", eventTime: null })
      const before = Math.floor(Date.now() / 1000)
      await setStatus(order._id, "delivered")
      expect(fake.requestsFor(order.orderNumber)).toHaveLength(1)
      expect(fake.requests[0]!.body.data![0]!.event_time as number).toBeGreaterThanOrEqual(before)
      await setStatus(order._id, "completed")
      expect(fake.purchases()).toHaveLength(1)
      // and its delivery, once
      expect(fake.deliveries()).toHaveLength(1)
      // delivered while held for a call: the call that confirms it sends it
      const phone = newPhone()
      await placed({ phone })
      const held = await placed({ phone })
      await setStatus(held._id, "delivered")
      expect(await purchaseOf(held._id)).toMatchObject({
        state: "not_sent",
        reason: "Waiting: the order is held for a confirmation call",
      })
      await confirm(held._id)
      expect(fake.requestsFor(held.orderNumber)).toHaveLength(1)
      // its delivery waited for the call too: sent by it, not before
      expect(fake.requestsFor(`${held.orderNumber}-delivered`)).toHaveLength(1)
      // back to confirmed: a confirmation call fires it again for new orders
      await setPurchaseOn("confirmed")
      const next = await placed()
      await confirm(next._id)
      expect(fake.requestsFor(next.orderNumber)).toHaveLength(1)
    })

    it("never for a cancelled, fake, held or blocklisted order", async () => {
      // cancelled: cancelling fires nothing; a confirmation of a cancelled order neither
      const cancelled = await placed()
      await setStatus(cancelled._id, "cancelled")
      await confirm(cancelled._id)
      expect(await purchaseOf(cancelled._id)).toMatchObject({
        state: "not_sent",
        reason: "Waiting: the order is cancelled",
      })

      // fake: marked fake (cancelled), even moved to shipped afterwards
      const fakeOrder = await placed()
      await confirm(fakeOrder._id, "fake")
      await setStatus(fakeOrder._id, "shipped")
      expect(await purchaseOf(fakeOrder._id)).toMatchObject({
        state: "not_sent",
        reason: "Waiting: the order was marked fake",
      })

      // held for a call (a duplicate): shipping it sends nothing until the call confirms it
      const phone = newPhone()
      await placed({ phone })
      const held = await placed({ phone })
      expect((await details(held._id)).risk).toMatchObject({ needsConfirmation: true })
      await setStatus(held._id, "shipped")
      expect(await purchaseOf(held._id)).toMatchObject({
        state: "not_sent",
        reason: "Waiting: the order is held for a confirmation call",
      })
      expect(fake.requests).toHaveLength(0)
      await confirm(held._id)
      expect(fake.requestsFor(held.orderNumber)).toHaveLength(1)
      // shipped is not delivered: no delivery event
      expect(fake.deliveries()).toHaveLength(0)

      // cancelled while Meta was down: the retry sends nothing and it waits again
      const late = await placed()
      fake.failNext(500)
      await setStatus(late._id, "shipped")
      const due = new Date((await purchaseOf(late._id))!.nextAttemptAt!)
      await setStatus(late._id, "cancelled")
      expect(await retryMetaPurchases(container(), { now: due })).toMatchObject({ tried: 1, not_sent: 1 })
      expect(await purchaseOf(late._id)).toMatchObject({
        state: "not_sent",
        reason: "Not sent: the order is cancelled",
        eventTime: null,
      })
      expect(fake.requestsFor(late.orderNumber)).toHaveLength(1)

      // a phone blocklisted after it ordered
      const blockedPhone = newPhone()
      const blocked = await placed({ phone: blockedPhone })
      const entry = await api.post(
        "/api/admin/order-guard/blocklist",
        { kind: "phone", value: blockedPhone, reason: "Refused parcels" },
        as(admin.cookie)
      )
      expect(entry.status).toBe(201)
      await setStatus(blocked._id, "shipped")
      expect(await purchaseOf(blocked._id)).toMatchObject({
        state: "not_sent",
        reason: expect.stringContaining("blocklisted"),
      })
      expect(fake.requestsFor(blocked.orderNumber)).toHaveLength(0)
    })

    it("without a token nothing is sent and the state says why; once it is set the event goes out", async () => {
      delete process.env.META_CAPI_TOKEN
      const order = await placed()
      await setStatus(order._id, "shipped")
      const view = (await purchaseOf(order._id))!
      expect(view).toMatchObject({ state: "failed", reason: NO_TOKEN, nextAttemptAt: expect.any(String) })
      expect(fake.requests).toHaveLength(0)
      const settings = (await api.get("/api/admin/meta/settings", as(admin.cookie))).data.data as MetaSettings
      expect(settings).toEqual({ purchaseOn: "confirmed", defaultPixelId: null, tokenSet: false })
      connect()
      expect(await retryMetaPurchases(container(), { now: new Date(view.nextAttemptAt!) })).toMatchObject({ sent: 1 })
      expect(fake.requestsFor(order.orderNumber)).toHaveLength(1)
    })

    it("the page's pixel: its own, else META_PIXEL_ID, else none; checked in the editor; orders without a pixel keep nothing", async () => {
      // the public page loads the page's own pixel; the admin's editor shows it
      expect((await api.get(`/api/landing/${SLUG}`)).data.data.metaPixelId).toBe(PAGE_PIXEL)
      expect((await api.get(`/api/admin/landing-pages/${pageId}`, as(admin.cookie))).data.data.metaPixelId).toBe(
        PAGE_PIXEL
      )

      for (const bad of ["1234", "12345abc", "123456789012345678901", 12345]) {
        const res = await api.put(`/api/admin/landing-pages/${pageId}`, { metaPixelId: bad }, as(admin.cookie))
        expect([res.status, res.data.message]).toEqual([400, META_PIXEL_ID_MESSAGE])
      }
      // cleared: the shop's default, where there is one
      const cleared = await api.put(`/api/admin/landing-pages/${pageId}`, { metaPixelId: "" }, as(admin.cookie))
      expect([cleared.status, cleared.data.data.metaPixelId]).toEqual([200, null])
      process.env.META_PIXEL_ID = SHOP_PIXEL
      expect((await api.get(`/api/landing/${SLUG}`)).data.data.metaPixelId).toBe(SHOP_PIXEL)
      expect((await api.get(`/api/admin/landing-pages/${pageId}`, as(admin.cookie))).data.data.metaPixelId).toBeNull()
      const withDefault = await placed()
      expect(await purchaseOf(withDefault._id)).toMatchObject({ pixelId: SHOP_PIXEL })
      await setStatus(withDefault._id, "shipped")
      expect(fake.requestsFor(withDefault.orderNumber)[0]!.pixelId).toBe(SHOP_PIXEL)

      // neither: no pixel on the page, nothing kept for its orders, nothing sent
      delete process.env.META_PIXEL_ID
      expect((await api.get(`/api/landing/${SLUG}`)).data.data.metaPixelId).toBeNull()
      const untracked = await placed({ cookie: "_fbp=fb.1.1700000000000.99" })
      expect(await purchaseOf(untracked._id)).toBeNull()
      expect(await purchaseEventOfOrder(container(), untracked._id)).toBeNull()
      await setStatus(untracked._id, "shipped")
      expect(fake.requestsFor(untracked.orderNumber)).toHaveLength(0)

      // a new page names its pixel on create; a shop checkout order has no Purchase event
      const created = await api.post(
        "/api/admin/landing-pages/create",
        { title: "Pixel Page", slug: "pixel-page", productId: product._id, isActive: true, metaPixelId: "98765" },
        as(admin.cookie)
      )
      expect([created.status, created.data.data.metaPixelId]).toEqual([201, "98765"])
      const shopOrder = await api.post(
        "/api/shop/order/create-order",
        {
          isGuest: true,
          guestName: "Shop Buyer",
          guestPhone: newPhone(),
          guestEmail: "shop@example.com",
          landingPageSlug: null,
          cartItems: [{ productId: product._id, quantity: 1 }],
          addressInfo: [{ address: "House 2", city: "Dhaka", pincode: "1216", number: "01812345678", notes: "" }],
        },
        { ...anyStatus, headers: { cookie: "_fbp=fb.1.1700000000000.77" } }
      )
      expect(shopOrder.status).toBe(201)
      expect(await purchaseOf(shopOrder.data.data._id)).toBeNull()
    })

    it("an incomplete order the merchant converts is sent once confirmed, as a phone-call sale (no shopper's browser)", async () => {
      const phone = newPhone()
      const saved = await api.post(
        `/api/landing/${SLUG}/draft`,
        { phone, name: "Draft Buyer", address: "House 3, Road 4, Banani", quantity: 1 },
        {
          ...anyStatus,
          headers: { "x-forwarded-for": "198.51.100.250", "user-agent": "DraftBrowser/1.0" },
        }
      )
      expect(saved.status).toBeLessThan(300)
      const drafts = (await api.get("/api/admin/incomplete-orders", as(admin.cookie))).data.data as {
        _id: string
        phone: string
      }[]
      const draft = drafts.find((d) => d.phone === phone)!
      const converted = await api.post(`/api/admin/incomplete-orders/${draft._id}/convert`, undefined, as(admin.cookie))
      expect(converted.status).toBe(201)
      const order = converted.data.data as Order
      // the merchant's own browser is not the shopper's: nothing of it is kept
      expect(await purchaseOf(order._id)).toMatchObject({
        state: "not_sent",
        tracking: { browserId: false, clickId: false },
      })
      expect(await purchaseEventOfOrder(container(), order._id)).toMatchObject({
        client_ip: null,
        user_agent: null,
        fbp: null,
        fbc: null,
      })
      await confirm(order._id)
      const [request] = fake.requestsFor(order.orderNumber)
      expect(request!.body.data![0]).toMatchObject({
        event_name: "Purchase",
        event_id: order.orderNumber,
        action_source: "phone_call",
        user_data: { ph: [hashedPhone(phone)] },
      })
      expect(request!.body.data![0]!.user_data).not.toHaveProperty("client_user_agent")
    })

    it("the landing-page list counts Purchases sent per page; the settings are the admin's only", async () => {
      const orders = [await placed(), await placed(), await placed()]
      await setStatus(orders[0]!._id, "shipped")
      await confirm(orders[1]!._id)
      // a refused one does not count
      fake.failNext(400)
      await setStatus(orders[2]!._id, "shipped")
      const list = (await api.get("/api/admin/landing-pages", as(admin.cookie))).data.data as LandingPageListItem[]
      expect(list.find((p) => p._id === pageId)!.analytics).toMatchObject({ purchasesSent: 2 })

      const settings = await api.get("/api/admin/meta/settings", as(admin.cookie))
      expect(settings.data.data).toEqual({ purchaseOn: "confirmed", defaultPixelId: null, tokenSet: true })
      expect(JSON.stringify(settings.data)).not.toContain(META_TOKEN)
      const bad = await api.put("/api/admin/meta/settings", { purchaseOn: "shipped" }, as(admin.cookie))
      expect([bad.status, bad.data.message]).toEqual([400, "purchaseOn must be one of: confirmed, delivered"])
      const customer = await customerSession(api, "Pixel Peeker")
      expect((await api.get("/api/admin/meta/settings", as(customer.cookie))).status).toBe(403)
      expect((await api.put("/api/admin/meta/settings", { purchaseOn: "delivered" }, as(customer.cookie))).status).toBe(
        403
      )
      expect((await api.get("/api/admin/meta/settings", anyStatus)).status).toBe(401)
    })
  },
})
