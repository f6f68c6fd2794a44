// Pages at the edge, the backend's side (the storefront servers' shared
// cache of public reads, @shop/contract edge.ts): reads that are not counted,
// views counted at the edge and sent in batches, and the messages that tell
// the edges what changed. EDGE_SECRET is read on each request, so a test can
// take it away; REDIS_URL is read by the publisher on each message, so the
// Redis tests set it once the app runs (the app itself keeps its in-process
// event bus and workflow engine: only the publisher is under test).
const SECRET = "edge-secret-for-the-tests-0123456789"
process.env.EDGE_SECRET = SECRET

import { spawn, spawnSync, type ChildProcess } from "node:child_process"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import IORedis from "ioredis"
import {
  EDGE_SECRET_HEADER,
  EDGE_VIEWS_LIMITS,
  EDGE_VIEWS_PATH,
  PUBLIC_CACHE_CHANNEL,
  type LandingPage,
  type Product,
  type PublicCacheMessage,
} from "@shop/contract"
import { closePublicCache } from "../../src/lib/public-cache"
import seed from "../../src/scripts/seed"
import { shopIntegrationTestRunner } from "../utils/runner"
import { ADMIN, anyStatus, loginAs } from "../utils/session"

jest.setTimeout(300_000)

/** REDIS_URL for the tests: EDGE_TEST_REDIS_URL, else 127.0.0.1:6379, else a redis-server started here (when installed). */
async function testRedis(): Promise<{ url: string; stop: () => void }> {
  const ping = async (url: string) => {
    const client = new IORedis(url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      connectTimeout: 1000,
    })
    client.on("error", () => undefined)
    try {
      await client.connect()
      return (await client.ping()) === "PONG"
    } catch {
      return false
    } finally {
      client.disconnect()
    }
  }
  const url = process.env.EDGE_TEST_REDIS_URL || "redis://127.0.0.1:6379"
  if (await ping(url)) return { url, stop: () => undefined }
  if (spawnSync("redis-server", ["--version"]).status !== 0) {
    throw new Error(
      `These tests need Redis: none answers at ${url} and redis-server is not installed (set EDGE_TEST_REDIS_URL)`
    )
  }
  const port = 16_379 + Math.floor(Math.random() * 1000)
  const server: ChildProcess = spawn("redis-server", ["--port", String(port), "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  })
  const own = `redis://127.0.0.1:${port}`
  for (let i = 0; i < 50 && !(await ping(own)); i++) await new Promise((r) => setTimeout(r, 100))
  return { url: own, stop: () => server.kill() }
}

/**
 * Whether these tests can have a Redis (one answering, or redis-server to
 * start): a fresh machine without either skips the Redis tests, and the
 * runner's summary says they were skipped.
 */
function redisAtHand(): boolean {
  const url = new URL(process.env.EDGE_TEST_REDIS_URL || "redis://127.0.0.1:6379")
  const probe = spawnSync(
    process.execPath,
    [
      "-e",
      `const s=require("net").connect(${Number(url.port || 6379)},${JSON.stringify(url.hostname)});` +
        `s.on("connect",()=>process.exit(0));s.on("error",()=>process.exit(1));setTimeout(()=>process.exit(1),1000)`,
    ],
    { timeout: 3000 }
  )
  return probe.status === 0 || spawnSync("redis-server", ["--version"]).status === 0
}
const describeWithRedis = redisAtHand() ? describe : describe.skip

shopIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let products: Product[]
    let admin: { cookie: string }

    beforeAll(async () => {
      await seed({ container: getContainer(), args: [] } as never)
    })
    beforeEach(async () => {
      process.env.EDGE_SECRET = SECRET
      products = (await api.get("/api/shop/products/get")).data.products
      admin = await loginAs(api, ADMIN)
    })

    const as = (cookie?: string) => ({ ...anyStatus, headers: cookie ? { cookie } : {} })
    const knex = () => getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    let counter = 0
    const createPage = async (extra: Record<string, unknown> = {}): Promise<LandingPage> => {
      counter += 1
      const res = await api.post(
        "/api/admin/landing-pages/create",
        {
          title: `Edge ${counter}`,
          slug: `edge-${counter}-${Date.now()}`,
          productId: products[0]._id,
          isActive: true,
          ...extra,
        },
        as(admin.cookie)
      )
      expect(res.status).toBe(201)
      return res.data.data
    }
    /** The page's views as the admin's analytics show them. */
    const viewsOf = async (page: LandingPage) => {
      const res = await api.get(`/api/admin/landing-pages/${page._id}`, as(admin.cookie))
      expect(res.status).toBe(200)
      return res.data.data.analytics.views as number
    }
    const totalViews = async () =>
      Number((await knex().raw(`select coalesce(sum(views), 0)::bigint as v from landing_page`)).rows[0].v)
    const read = (slug: string, secret?: string) =>
      api.get(`/api/landing/${slug}`, {
        ...anyStatus,
        headers: secret === undefined ? {} : { [EDGE_SECRET_HEADER]: secret },
      })
    const sendViews = (body: unknown, secret: string | null = SECRET) =>
      api.post(EDGE_VIEWS_PATH, typeof body === "string" ? body : JSON.stringify(body), {
        ...anyStatus,
        headers: { "content-type": "application/json", ...(secret === null ? {} : { [EDGE_SECRET_HEADER]: secret }) },
        transformRequest: [(data: unknown) => data],
      })

    describe("landing reads", () => {
      it("a storefront server's read (the valid secret) is not counted; a shopper's is, one per read", async () => {
        const page = await createPage()
        for (let i = 0; i < 3; i++) {
          const res = await read(page.slug, SECRET)
          expect(res.status).toBe(200)
          expect(res.data).toMatchObject({
            success: true,
            data: { _id: page._id, slug: page.slug, productId: { _id: products[0]._id } },
          })
          expect(res.data.data.analytics).toBeUndefined()
        }
        expect(await viewsOf(page)).toBe(0)

        expect((await read(page.slug)).status).toBe(200)
        expect(await viewsOf(page)).toBe(1)
        // the same answer either way
        expect((await read(page.slug, SECRET)).data).toEqual((await read(page.slug)).data)
        expect(await viewsOf(page)).toBe(2)
      })

      it("a wrong or empty secret is a shopper's read: answered and counted, never refused", async () => {
        const page = await createPage()
        for (const wrong of ["nope", `${SECRET}x`, SECRET.slice(0, -1), SECRET.toUpperCase(), ""]) {
          expect((await read(page.slug, wrong)).status).toBe(200)
        }
        expect(await viewsOf(page)).toBe(5)
      })

      it("an edge read of a draft, an unknown slug or a deleted page is 404, and counts nothing", async () => {
        const draft = await createPage({ isActive: false })
        const gone = await createPage()
        expect((await api.delete(`/api/admin/landing-pages/${gone._id}`, as(admin.cookie))).status).toBe(200)
        const before = await totalViews()
        for (const slug of [draft.slug, gone.slug, "no-such-page", "Not A Slug"]) {
          const res = await read(encodeURIComponent(slug), SECRET)
          expect([slug, res.status, res.data]).toEqual([
            slug,
            404,
            { success: false, message: "Landing page not found" },
          ])
        }
        expect(await totalViews()).toBe(before)
      })

      it("without EDGE_SECRET on the backend the header is ignored: every read counts", async () => {
        const page = await createPage()
        delete process.env.EDGE_SECRET
        expect((await read(page.slug, SECRET)).status).toBe(200)
        expect((await read(page.slug)).status).toBe(200)
        expect(await viewsOf(page)).toBe(2)
      })
    })

    describe(`POST ${EDGE_VIEWS_PATH}`, () => {
      it("adds a batch exactly, and again on the next batch; slugs of no page are ignored", async () => {
        const [a, b, c] = [await createPage(), await createPage(), await createPage()]
        const batch = { [a.slug]: 1, [b.slug]: 250, [c.slug]: 1000, "no-such-page": 7 }
        const first = await sendViews({ views: batch })
        expect(first.status).toBe(200)
        expect(first.data).toEqual({ success: true, counted: 1251 })
        expect([await viewsOf(a), await viewsOf(b), await viewsOf(c)]).toEqual([1, 250, 1000])

        expect((await sendViews({ views: batch })).data).toEqual({ success: true, counted: 1251 })
        expect([await viewsOf(a), await viewsOf(b), await viewsOf(c)]).toEqual([2, 500, 2000])
        // the admin's list shows the same sums
        const list = (await api.get("/api/admin/landing-pages", as(admin.cookie))).data.data as LandingPage[]
        expect([a, b, c].map((p) => list.find((l) => l._id === p._id)!.analytics!.views)).toEqual([2, 500, 2000])
        expect(
          await knex()
            .raw(`select 1 from landing_page where slug = 'no-such-page'`)
            .then((r: { rows: unknown[] }) => r.rows)
        ).toEqual([])
      })

      it("2,000 views as 40 concurrent batches of 50, with shoppers' reads in between, sum exactly", async () => {
        const [a, b] = [await createPage(), await createPage()]
        const results = await Promise.all([
          ...Array.from({ length: 40 }, (_, i) =>
            sendViews({ views: { [a.slug]: 20 + (i % 2) * 10, [b.slug]: 30 - (i % 2) * 10 } })
          ),
          ...Array.from({ length: 20 }, () => read(a.slug)),
        ])
        const batches = results.slice(0, 40)
        expect(batches.map((r) => r.status)).toEqual(Array(40).fill(200))
        expect(batches.map((r) => r.data.counted)).toEqual(Array(40).fill(50))
        expect(results.slice(40).map((r) => r.status)).toEqual(Array(20).fill(200))
        // a: 20 batches of 20 and 20 of 30, plus 20 reads; b: 20 of 30 and 20 of 20
        expect([await viewsOf(a), await viewsOf(b)]).toEqual([1000 + 20, 1000])
      })

      it("counts a page that was unpublished since its views were served; a deleted page's slug counts nothing", async () => {
        const [off, gone] = [await createPage(), await createPage()]
        expect(
          (await api.patch(`/api/admin/landing-pages/${off._id}/toggle`, {}, as(admin.cookie))).data.data.isActive
        ).toBe(false)
        expect((await api.delete(`/api/admin/landing-pages/${gone._id}`, as(admin.cookie))).status).toBe(200)
        const res = await sendViews({ views: { [off.slug]: 3, [gone.slug]: 4 } })
        expect(res.data).toEqual({ success: true, counted: 3 })
        expect(await viewsOf(off)).toBe(3)
        const { rows } = await knex().raw(`select views from landing_page where id = ?`, [gone._id])
        expect(rows[0].views).toBe(0)
      })

      it("an empty batch counts nothing", async () => {
        expect((await sendViews({ views: {} })).data).toEqual({ success: true, counted: 0 })
      })

      it("refuses a missing secret (401), a wrong one (403), and any call while EDGE_SECRET is unset (403): nothing written", async () => {
        const page = await createPage()
        const body = { views: { [page.slug]: 5 } }
        const missing = await sendViews(body, null)
        expect(missing.status).toBe(401)
        expect(missing.data).toEqual({
          success: false,
          message: `Only a storefront server may call this: send EDGE_SECRET in ${EDGE_SECRET_HEADER}`,
        })
        for (const wrong of ["nope", `${SECRET}x`, SECRET.slice(0, -1), SECRET.toUpperCase()]) {
          const res = await sendViews(body, wrong)
          expect([wrong, res.status, res.data]).toEqual([
            wrong,
            403,
            { success: false, message: `Wrong ${EDGE_SECRET_HEADER}: it must equal the backend's EDGE_SECRET` },
          ])
        }
        // refused before the body is looked at: a bad body with a wrong secret is still 403
        expect((await sendViews({ views: { [page.slug]: -1 } }, "nope")).status).toBe(403)

        delete process.env.EDGE_SECRET
        for (const secret of [SECRET, null]) {
          const off = await sendViews(body, secret)
          expect(off.status).toBe(403)
          expect(off.data.message).toMatch(/EDGE_SECRET is not set on the backend/)
        }
        expect(await viewsOf(page)).toBe(0)
      })

      it("refuses a bad batch whole (400), nothing counted", async () => {
        const page = await createPage()
        const ok = page.slug
        const tooMany = Object.fromEntries(Array.from({ length: EDGE_VIEWS_LIMITS.slugs + 1 }, (_, i) => [`p-${i}`, 1]))
        const cases: [string, unknown, RegExp][] = [
          ["negative", { views: { [ok]: 1, "x-page": -3 } }, /whole number from 1 to 1000000/],
          ["zero", { views: { [ok]: 0 } }, /whole number from 1 to 1000000/],
          ["not whole", { views: { [ok]: 1.5 } }, /whole number from 1 to 1000000/],
          ["a string", { views: { [ok]: "5" } }, /whole number from 1 to 1000000/],
          ["null", { views: { [ok]: null } }, /whole number from 1 to 1000000/],
          ["over the limit", { views: { [ok]: EDGE_VIEWS_LIMITS.viewsPerSlug + 1 } }, /whole number from 1 to 1000000/],
          ["too many slugs", { views: { [ok]: 1, ...tooMany } }, /At most 500 slugs in one batch/],
          ["a bad slug", { views: { [ok]: 1, "Bad Slug": 1 } }, /^Each key of views must be a landing page slug$/],
          ["upper case", { views: { [ok]: 1, Offer: 1 } }, /^Each key of views must be a landing page slug$/],
          ["double hyphen", { views: { [ok]: 1, "a--b": 1 } }, /^Each key of views must be a landing page slug$/],
          ["edge hyphen", { views: { [ok]: 1, "-a": 1 } }, /^Each key of views must be a landing page slug$/],
          ["too long", { views: { [ok]: 1, ["a".repeat(101)]: 1 } }, /^A slug is at most 100 characters$/],
          ["no views", {}, /^views must be an object/],
          ["views a list", { views: [ok] }, /^views must be an object/],
          ["views a number", { views: 5 }, /^views must be an object/],
          ["another key", { views: { [ok]: 1 }, extra: true }, /Unknown parameter: extra/],
          ["an array body", [], /JSON object/],
          ["not JSON", "views=1", /./], // (express.json refuses it),
        ]
        for (const [name, body, message] of cases) {
          const res = await sendViews(body)
          expect([name, res.status, res.data.success]).toEqual([name, 400, false])
          expect([name, res.data.message]).toEqual([name, expect.stringMatching(message)])
        }
        // exactly the limit is fine
        const limit = Object.fromEntries(Array.from({ length: EDGE_VIEWS_LIMITS.slugs - 1 }, (_, i) => [`p-${i}`, 1]))
        expect((await sendViews({ views: { ...limit, [ok]: EDGE_VIEWS_LIMITS.viewsPerSlug } })).data).toEqual({
          success: true,
          counted: EDGE_VIEWS_LIMITS.viewsPerSlug,
        })
        expect(await viewsOf(page)).toBe(EDGE_VIEWS_LIMITS.viewsPerSlug)
      })

      it("refuses a body over 64 KB (413) before counting anything", async () => {
        const page = await createPage()
        const body = JSON.stringify({ views: { [page.slug]: 1, filler: "x".repeat(70 * 1024) } })
        const res = await sendViews(body)
        expect(res.status).toBe(413)
        expect(res.data.success).toBe(false)
        expect(await viewsOf(page)).toBe(0)
      })
    })

    describeWithRedis(`messages on ${PUBLIC_CACHE_CHANNEL} (REDIS_URL)`, () => {
      let redis: { url: string; stop: () => void }
      let subscriber: IORedis
      let received: { message: PublicCacheMessage; slugs: string[] }[] = []
      /** What the database holds when a landing message arrives: it must already show the change. */
      let snapshotSlugs: () => Promise<string[]>

      beforeAll(async () => {
        redis = await testRedis()
        subscriber = new IORedis(redis.url)
        await subscriber.subscribe(PUBLIC_CACHE_CHANNEL)
        subscriber.on("message", (_channel, text) => {
          const entry = { message: JSON.parse(text) as PublicCacheMessage, slugs: [] as string[] }
          received.push(entry)
          // a late message of an earlier test may come while the runner restores the database between
          // tests (its connections are ended): entry.slugs then stays [], which only that test reads
          void snapshotSlugs?.()
            .then((slugs) => (entry.slugs = slugs))
            .catch(() => undefined)
        })
      })
      afterAll(async () => {
        delete process.env.REDIS_URL
        await closePublicCache()
        subscriber?.disconnect()
        redis?.stop()
      })
      beforeEach(() => {
        process.env.REDIS_URL = redis.url
        received = []
        snapshotSlugs = async () => []
      })
      afterEach(() => {
        snapshotSlugs = async () => []
      })

      /** Waits until the messages seen include every one of `expected` (5 s at most), then answers them all. */
      async function waitFor(expected: PublicCacheMessage[]) {
        const has = () => expected.every((e) => received.some((r) => JSON.stringify(r.message) === JSON.stringify(e)))
        for (let i = 0; i < 100 && !has(); i++) await new Promise((r) => setTimeout(r, 50))
        expect(received.map((r) => r.message)).toEqual(expect.arrayContaining(expected))
        return received
      }

      it("a landing page created, updated (renamed: old and new slug), published and deleted through the admin API", async () => {
        const page = await createPage({ isActive: false })
        await waitFor([{ scope: "landing", slug: page.slug }])

        received = []
        snapshotSlugs = async () =>
          (await knex().raw(`select slug from landing_page where id = ? and deleted_at is null`, [page._id])).rows.map(
            (r: { slug: string }) => r.slug
          )
        const renamed = `${page.slug}-new`
        const res = await api.put(
          `/api/admin/landing-pages/${page._id}`,
          { title: "Renamed", slug: renamed },
          as(admin.cookie)
        )
        expect(res.status).toBe(200)
        const seen = await waitFor([
          { scope: "landing", slug: page.slug },
          { scope: "landing", slug: renamed },
        ])
        // published after the change was committed: the database showed it when the message came
        await new Promise((r) => setTimeout(r, 200))
        expect(seen.map((s) => s.slugs)).toEqual(seen.map(() => [renamed]))

        received = []
        expect((await api.patch(`/api/admin/landing-pages/${page._id}/toggle`, {}, as(admin.cookie))).status).toBe(200)
        await waitFor([{ scope: "landing", slug: renamed }])

        received = []
        expect((await api.delete(`/api/admin/landing-pages/${page._id}`, as(admin.cookie))).status).toBe(200)
        await waitFor([{ scope: "landing", slug: renamed }])
      })

      it("a product's stock changed through the shop's admin API, an order placed and cancelled", async () => {
        const product = products.find((p) => p.stock >= 5)!
        const { _id, ...form } = (await api.get(`/api/shop/products/get/${product._id}`)).data.data as Product
        const edit = await api.put(
          `/api/admin/products/edit-product/${_id}`,
          { ...form, stock: form.stock + 3 },
          as(admin.cookie)
        )
        expect(edit.status).toBe(200)
        await waitFor([{ scope: "product", id: _id }])

        const page = await createPage({ productId: _id })
        received = []
        const order = await api.post(
          "/api/shop/order/create-order",
          {
            isGuest: true,
            guestName: "রহিম উদ্দিন",
            guestPhone: "01712345678",
            landingPageSlug: page.slug,
            deliveryArea: "dhaka",
            cartItems: [{ productId: _id, quantity: 1 }],
            addressInfo: [{ address: "বাড়ি ১২, রোড ৩, ধানমন্ডি", city: "Dhaka", number: "01712345678" }],
          },
          anyStatus
        )
        expect(order.status).toBe(201)
        await waitFor([{ scope: "product", id: _id }])

        received = []
        const cancel = await api.put(
          "/api/admin/order/update-order-status",
          { orderId: order.data.data._id, orderStatus: "cancelled" },
          as(admin.cookie)
        )
        expect(cancel.status).toBe(200)
        await waitFor([{ scope: "product", id: _id }])
      })

      it("without REDIS_URL nothing is published, and a Redis that does not answer never fails the change", async () => {
        const page = await createPage()
        received = []
        delete process.env.REDIS_URL
        expect(
          (await api.put(`/api/admin/landing-pages/${page._id}`, { title: "Quiet" }, as(admin.cookie))).status
        ).toBe(200)
        process.env.REDIS_URL = "redis://127.0.0.1:1"
        const started = Date.now()
        expect(
          (await api.put(`/api/admin/landing-pages/${page._id}`, { title: "Still fine" }, as(admin.cookie))).status
        ).toBe(200)
        expect(Date.now() - started).toBeLessThan(1500)
        await new Promise((r) => setTimeout(r, 500))
        expect(received).toEqual([])
        // back on the real one: published again
        process.env.REDIS_URL = redis.url
        expect(
          (await api.put(`/api/admin/landing-pages/${page._id}`, { title: "Heard" }, as(admin.cookie))).status
        ).toBe(200)
        await waitFor([{ scope: "landing", slug: page.slug }])
      })
    })
  },
})
