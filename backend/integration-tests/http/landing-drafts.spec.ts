// Incomplete orders of landing pages. The limits this file proves (read when
// the app loads, after this runs): 5 saves a minute per phone, 12 per client
// address, 8 phones an hour per client address. TRUST_PROXY=loopback: the
// test client is the proxy, so each test names its own client address in
// X-Forwarded-For and the limits of one test do not spill into another.
process.env.DRAFT_LIMIT_PER_PHONE = "5"
process.env.DRAFT_SAVE_LIMIT_PER_ADDRESS = "12"
process.env.DRAFT_LIMIT_PER_ADDRESS = "8"
process.env.TRUST_PROXY = "loopback"

import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { BN_MESSAGES, type IncompleteOrder, type LandingPage, type Product } from "@shop/contract"
import expireLandingDraftsJob from "../../src/jobs/expire-landing-drafts"
import seed from "../../src/scripts/seed"
import { DEMO_LANDING_PAGE } from "../../src/scripts/seed-data"
import { shopIntegrationTestRunner } from "../utils/runner"
import { ADMIN, anyStatus, customerSession, loginAs } from "../utils/session"

jest.setTimeout(300_000)

const SLUG = DEMO_LANDING_PAGE.slug
const PLACED = "shop-order.placed"

type DraftRow = {
  id: string
  page_id: string
  slug: string
  phone: string
  name: string | null
  address: string | null
  quantity: number | null
  delivery_area: string | null
  status: string
  order_id: string | null
}

shopIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: { cookie: string }
    let demo: LandingPage
    let product: Product
    let client = 0
    let phones = 0
    /** A new client address (the limits count per address). */
    const newClient = () => `198.51.100.${++client}`
    /** A new Bangladeshi mobile number, 01XXXXXXXXX. */
    const newPhone = () => `0171${String(4000000 + ++phones).padStart(7, "0")}`

    const knex = () => getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    const draftsOf = async (phone: string): Promise<DraftRow[]> =>
      (
        await knex().raw(`select * from landing_draft where phone = ? and deleted_at is null order by created_at`, [
          phone,
        ])
      ).rows
    const as = (cookie?: string) => ({ ...anyStatus, headers: cookie ? { cookie } : {} })
    /** A browser's cookie jar: the draft cookie its first save is given, sent with every later save. */
    type Browser = { cookie: string | null }
    const newBrowser = (): Browser => ({ cookie: null })
    /** The shopper's browser: every save that names no other. */
    const shopper = newBrowser()
    const draftCookie = (setCookie: string[] | string | undefined) =>
      ([] as string[]).concat(setCookie ?? []).find((c) => c.startsWith("shop_draft="))
    const save = async (
      body: unknown,
      opts: { slug?: string; from?: string; contentType?: string; browser?: Browser } = {}
    ) => {
      const browser = opts.browser ?? shopper
      const res = await api.post(
        `/api/landing/${opts.slug ?? SLUG}/draft`,
        typeof body === "string" || Buffer.isBuffer(body) ? body : JSON.stringify(body),
        {
          ...anyStatus,
          headers: {
            "content-type": opts.contentType ?? "application/json",
            "x-forwarded-for": opts.from ?? newClient(),
            ...(browser.cookie ? { cookie: browser.cookie } : {}),
          },
          transformRequest: [(data: unknown) => data],
        }
      )
      const given = draftCookie(res.headers["set-cookie"])
      if (given) browser.cookie = given.split(";")[0]
      return res
    }
    const stockOf = async (id: string) => (await api.get(`/api/shop/products/get/${id}`)).data.data.stock as number
    const setStock = async (p: Product, stock: number) => {
      const { _id, ...form } = (await api.get(`/api/shop/products/get/${p._id}`)).data.data as Product
      const res = await api.put(`/api/admin/products/edit-product/${_id}`, { ...form, stock }, as(admin.cookie))
      expect(res.status).toBe(200)
    }
    const incomplete = async (): Promise<IncompleteOrder[]> => {
      const res = await api.get("/api/admin/incomplete-orders?limit=200", as(admin.cookie))
      expect(res.status).toBe(200)
      return res.data.data
    }
    const convert = (id: string) => api.post(`/api/admin/incomplete-orders/${id}/convert`, undefined, as(admin.cookie))
    /** Reads until `ok` (subscribers run after the event is emitted); the last read when it never is. */
    async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
      let value = await read()
      for (let i = 0; i < 150 && !ok(value); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        value = await read()
      }
      return value
    }
    const emitPlaced = (data: { id: string; phone: string; landing_page_slug: string | null }) =>
      getContainer().resolve(Modules.EVENT_BUS).emit({ name: PLACED, data })
    const createPage = async (isActive: boolean) => {
      const res = await api.post(
        "/api/admin/landing-pages/create",
        {
          title: `Draft test ${Date.now()}`,
          slug: `draft-test-${Date.now()}-${++client}`,
          productId: product._id,
          isActive,
        },
        as(admin.cookie)
      )
      expect(res.status).toBe(201)
      return res.data.data as LandingPage
    }

    beforeAll(async () => {
      await seed({ container: getContainer(), args: [] } as never)
    })
    beforeEach(async () => {
      admin = await loginAs(api, ADMIN)
      demo = (await api.get(`/api/landing/${SLUG}`)).data.data
      product = demo.productId!
    })

    describe("saving", () => {
      it("saves a draft for a valid phone in any spelling, answering 204 with no body", async () => {
        const phone = newPhone()
        const res = await save({
          phone: `+88 ${phone.slice(0, 5)}-${phone.slice(5)}`,
          name: "  রহিম উদ্দিন ",
          quantity: 2,
          deliveryArea: "outside",
        })
        expect(res.status).toBe(204)
        expect(res.data).toBe("")
        expect(res.headers["content-type"]).toBeUndefined()
        const rows = await draftsOf(phone)
        expect(rows).toEqual([
          expect.objectContaining({
            id: expect.stringMatching(/^ldraft_/),
            page_id: demo._id,
            slug: SLUG,
            phone,
            name: "রহিম উদ্দিন",
            address: null,
            quantity: 2,
            delivery_area: "outside",
            status: "open",
            order_id: null,
          }),
        ])
      })

      it("keeps one draft per page and phone, updated by each save; fields left out keep what was saved", async () => {
        const phone = newPhone()
        expect((await save({ phone, name: "Karim" })).status).toBe(204)
        expect((await save({ phone, address: "House 5, Road 2, Mirpur", quantity: 3 })).status).toBe(204)
        expect((await save({ phone, name: "Karim Mia", address: "" })).status).toBe(204)
        const rows = await draftsOf(phone)
        expect(rows).toHaveLength(1)
        expect(rows[0]).toMatchObject({
          name: "Karim Mia",
          address: "House 5, Road 2, Mirpur",
          quantity: 3,
          status: "open",
        })
        // another page: a draft of its own
        const other = await createPage(true)
        expect((await save({ phone, name: "Karim" }, { slug: other.slug })).status).toBe(204)
        expect((await draftsOf(phone)).map((r) => r.page_id).sort()).toEqual([demo._id, other._id].sort())
      })

      it("accepts a body sent as sendBeacon sends a JSON Blob (bytes, application/json with a charset)", async () => {
        const phone = newPhone()
        const blob = Buffer.from(JSON.stringify({ phone, name: "বীকন" }), "utf8")
        const res = await save(blob, { contentType: "application/json;charset=UTF-8" })
        expect(res.status).toBe(204)
        expect((await draftsOf(phone))[0]).toMatchObject({ name: "বীকন" })
      })

      it("refuses a phone that is not a Bangladeshi mobile with 400 and a clear message; saves nothing", async () => {
        for (const phone of ["", "12345", "01212345678", "0171234567", "+1 202 555 0100", "০১২১২৩৪৫৬৭৮"]) {
          const res = await save({ phone, name: "X" })
          expect([phone, res.status, res.data]).toEqual([phone, 400, { success: false, message: BN_MESSAGES.badPhone }])
        }
        const missing = await save({ name: "X" })
        expect(missing.status).toBe(400)
        expect(missing.data).toEqual({ success: false, message: BN_MESSAGES.badPhone })
        const { rows } = await knex().raw(`select count(*)::int as n from landing_draft where name = 'X'`)
        expect(rows[0].n).toBe(0)
      })

      it("reads a phone typed in Bengali digits as the mobile it is (kept as 01XXXXXXXXX)", async () => {
        const res = await save({ phone: "০১৭৩১২৩৪৫৬৭", name: "বাংলা অঙ্ক" })
        expect(res.status).toBe(204)
        expect((await draftsOf("01731234567"))[0]).toMatchObject({ name: "বাংলা অঙ্ক" })
      })

      it("caps every field and refuses what is not JSON", async () => {
        const phone = newPhone()
        for (const body of [
          { phone, name: "x".repeat(101) },
          { phone, address: "x".repeat(301) },
          { phone, quantity: 0 },
          { phone, quantity: 1001 },
          { phone, quantity: 1.5 },
          { phone, deliveryArea: "moon" },
          { phone: "0".repeat(21) },
        ]) {
          const res = await save(body)
          expect([JSON.stringify(body), res.status, res.data.success]).toEqual([JSON.stringify(body), 400, false])
        }
        const text = await save(JSON.stringify({ phone }), { contentType: "text/plain" })
        expect(text.status).toBe(400)
        expect(text.data.message).toMatch(/JSON/)
        const huge = await save({ phone, name: "x".repeat(20_000) })
        expect(huge.status).toBe(413)
        expect(await draftsOf(phone)).toEqual([])
      })

      it("answers 404 for an unknown or unpublished page", async () => {
        const phone = newPhone()
        const unknown = await save({ phone }, { slug: "no-such-page" })
        expect(unknown.status).toBe(404)
        expect(unknown.data).toEqual({ success: false, message: "Landing page not found" })
        const unpublished = await createPage(false)
        expect((await save({ phone }, { slug: unpublished.slug })).status).toBe(404)
        expect(await draftsOf(phone)).toEqual([])
      })

      it("limits saves per phone and per client address: 429 with Retry-After", async () => {
        const phone = newPhone()
        for (let i = 0; i < 5; i++) expect((await save({ phone, quantity: i + 1 })).status).toBe(204)
        const refused = await save({ phone, quantity: 9 })
        expect(refused.status).toBe(429)
        expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0)
        expect(refused.data.success).toBe(false)
        expect((await draftsOf(phone))[0].quantity).toBe(5)
      })

      it("one address cannot fill the merchant's list with made-up phones; the phones it saved keep saving", async () => {
        const from = newClient()
        const made: string[] = []
        for (let i = 0; i < 8; i++) {
          made.push(newPhone())
          expect((await save({ phone: made[i] }, { from, browser: newBrowser() })).status).toBe(204)
        }
        // a ninth phone from that address within the hour: refused, nothing kept
        const ninth = newPhone()
        const over = await save({ phone: ninth, name: "Made up" }, { from })
        expect(over.status).toBe(429)
        expect(Number(over.headers["retry-after"])).toBeGreaterThan(0)
        expect(over.data.success).toBe(false)
        expect(await draftsOf(ninth)).toEqual([])
        // a shopper behind that address who already started a draft goes on typing
        const typing = newBrowser()
        const phone = newPhone()
        const other = newClient()
        expect((await save({ phone, name: "Shopper" }, { from: other, browser: typing })).status).toBe(204)
        for (let i = 0; i < 7; i++)
          expect((await save({ phone: newPhone() }, { from: other, browser: newBrowser() })).status).toBe(204)
        expect((await save({ phone: newPhone() }, { from: other })).status).toBe(429)
        expect(
          (await save({ phone, address: "House 1, Road 2, Banani" }, { from: other, browser: typing })).status
        ).toBe(204)
        expect((await draftsOf(phone))[0]).toMatchObject({ name: "Shopper", address: "House 1, Road 2, Banani" })
        // every save from an address counts too (12 a minute here), before the body is read
        expect((await save({ phone, quantity: 2 }, { from: other, browser: typing })).status).toBe(204)
        expect((await save({ phone, quantity: 3 }, { from: other, browser: typing })).status).toBe(204)
        expect((await save({ phone: "nope" }, { from: other })).status).toBe(429)
        // another address is not affected
        expect((await save({ phone: newPhone() })).status).toBe(204)
      })
    })

    describe("the browser that started a draft", () => {
      it("is given an HTTP-only draft cookie for the draft route only", async () => {
        const browser = newBrowser()
        const res = await save({ phone: newPhone(), name: "Cookie" }, { browser })
        expect(res.status).toBe(204)
        const cookie = draftCookie(res.headers["set-cookie"])!
        expect(cookie).toMatch(/^shop_draft=[A-Za-z0-9_-]{43};/)
        expect(cookie).toMatch(/; Path=\/api\/landing(;|$)/)
        expect(cookie).toMatch(/; HttpOnly(;|$)/)
        expect(cookie).toMatch(/; SameSite=Lax(;|$)/)
        expect(cookie).toMatch(/; Max-Age=\d+/)
        // kept, not given again
        const again = await save({ phone: newPhone() }, { browser })
        expect(draftCookie(again.headers["set-cookie"])).toBeUndefined()
        // the draft keeps the token's hash only
        const { rows } = await knex().raw(`select token_hash from landing_draft where name = 'Cookie'`)
        expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/)
        expect(rows[0].token_hash).not.toContain(browser.cookie!.slice("shop_draft=".length))
      })

      it("anyone else who knows the phone cannot change the draft: the same 204, nothing changed", async () => {
        const phone = newPhone()
        const shopperBrowser = newBrowser()
        expect(
          (
            await save(
              { phone, name: "রহিম", address: "House 4, Road 1, Mirpur", quantity: 1 },
              { browser: shopperBrowser }
            )
          ).status
        ).toBe(204)
        const attacker = newBrowser()
        const forged = { cookie: `shop_draft=${"A".repeat(43)}` }
        for (const browser of [attacker, attacker, forged, { cookie: "shop_draft=short" }]) {
          const res = await save(
            { phone, name: "Attacker", address: "Attacker's street 9", quantity: 20, deliveryArea: "outside" },
            { browser }
          )
          expect(res.status).toBe(204)
          expect(res.data).toBe("")
        }
        const rows = await draftsOf(phone)
        expect(rows).toHaveLength(1)
        expect(rows[0]).toMatchObject({
          name: "রহিম",
          address: "House 4, Road 1, Mirpur",
          quantity: 1,
          delivery_area: null,
          status: "open",
        })
        // the merchant's list shows the shopper's draft only
        const listed = (await incomplete()).filter((d) => d.phone === phone)
        expect(listed).toHaveLength(1)
        expect(listed[0]).toMatchObject({ address: "House 4, Road 1, Mirpur", quantity: 1 })
        // the shopper's own browser still changes it, from any address: others' saves used up none of its own
        for (let i = 0; i < 4; i++)
          expect((await save({ phone, name: "Attacker" }, { browser: attacker })).status).toBe(204)
        expect((await save({ phone, name: "Attacker" }, { browser: attacker })).status).toBe(429)
        expect((await save({ phone, quantity: 2 }, { browser: shopperBrowser })).status).toBe(204)
        expect((await draftsOf(phone))[0]).toMatchObject({ address: "House 4, Road 1, Mirpur", quantity: 2 })
        // and the conversion ships to the shopper
        const converted = await convert(rows[0].id)
        expect(converted.status).toBe(201)
        expect(converted.data.data.addressInfo[0]).toMatchObject({ address: "House 4, Road 1, Mirpur" })
        expect(converted.data.data.cartItems[0]).toMatchObject({ quantity: 2 })
      })
    })

    describe("recovery", () => {
      it("an order from the phone (shop-order.placed) marks that page's draft recovered with the order's id", async () => {
        const phone = newPhone()
        await save({ phone, name: "Recovered" })
        const other = await createPage(true)
        await save({ phone, name: "Other page" }, { slug: other.slug })

        await emitPlaced({ id: "order_01RECOVERED", phone, landing_page_slug: SLUG })
        const rows = await eventually(
          () => draftsOf(phone),
          (rs) => rs.some((r) => r.status === "recovered")
        )
        expect(rows.find((r) => r.page_id === demo._id)).toMatchObject({
          status: "recovered",
          order_id: "order_01RECOVERED",
        })
        // the other page's draft stays open
        expect(rows.find((r) => r.page_id === other._id)).toMatchObject({ status: "open", order_id: null })

        // a late save (the page's beacon) does not reopen or change it
        expect((await save({ phone, name: "Late" })).status).toBe(204)
        expect((await draftsOf(phone)).find((r) => r.page_id === demo._id)).toMatchObject({
          status: "recovered",
          name: "Recovered",
        })

        // an order from the shop's checkout (no page) recovers the phone's every open draft
        await emitPlaced({ id: "order_01SHOP", phone, landing_page_slug: null })
        const after = await eventually(
          () => draftsOf(phone),
          (rs) => rs.every((r) => r.status === "recovered")
        )
        expect(after.find((r) => r.page_id === other._id)).toMatchObject({
          status: "recovered",
          order_id: "order_01SHOP",
        })
        expect(after.find((r) => r.page_id === demo._id)).toMatchObject({ order_id: "order_01RECOVERED" })
        // recovered drafts are no longer incomplete orders
        expect((await incomplete()).some((d) => d.phone === phone)).toBe(false)
      })

      it("a real landing order from the phone recovers its draft", async () => {
        const phone = newPhone()
        await save({ phone, name: "Buyer" })
        const res = await api.post(
          "/api/shop/order/create-order",
          {
            isGuest: true,
            guestName: "Buyer",
            guestPhone: `+88${phone}`,
            landingPageSlug: SLUG,
            deliveryArea: "dhaka",
            cartItems: [{ productId: product._id, quantity: 1 }],
            addressInfo: [{ address: "House 1, Road 1, Dhanmondi" }],
          },
          { ...anyStatus, headers: { "x-forwarded-for": newClient() } }
        )
        expect(res.status).toBe(201)
        const [row] = await eventually(
          () => draftsOf(phone),
          (rs) => rs[0]?.status === "recovered"
        )
        expect(row).toMatchObject({ status: "recovered", order_id: res.data.data._id })
      })
    })

    describe("admin", () => {
      it("answers 401 without a session and 403 to a customer", async () => {
        const customer = await customerSession(api, "Draft Peeker")
        const phone = newPhone()
        await save({ phone, name: "Private", address: "Secret street 1" })
        const [row] = await draftsOf(phone)
        for (const [method, url] of [
          ["get", "/api/admin/incomplete-orders"],
          ["post", `/api/admin/incomplete-orders/${row.id}/convert`],
        ]) {
          expect([url, (await api.request({ method, url, ...as() })).status]).toEqual([url, 401])
          const asCustomer = await api.request({ method, url, ...as(customer.cookie) })
          expect([url, asCustomer.status]).toEqual([url, 403])
          expect(JSON.stringify(asCustomer.data)).not.toContain("Secret street")
        }
        expect((await draftsOf(phone))[0].status).toBe("open")
      })

      it("lists open drafts, latest first, with their page and age; the landing-page list counts drafts and recovered", async () => {
        const first = newPhone()
        const second = newPhone()
        await save({ phone: first, name: "First", address: "Road 1" })
        await save({ phone: second, name: "Second" })
        const res = await api.get("/api/admin/incomplete-orders", as(admin.cookie))
        expect(res.status).toBe(200)
        expect(res.data).toMatchObject({ success: true, offset: 0, limit: 50, count: expect.any(Number) })
        const list: IncompleteOrder[] = res.data.data
        const i1 = list.findIndex((d) => d.phone === first)
        const i2 = list.findIndex((d) => d.phone === second)
        expect(i2).toBeGreaterThanOrEqual(0)
        expect(i2).toBeLessThan(i1)
        expect(list[i1]).toEqual({
          _id: expect.stringMatching(/^ldraft_/),
          page: { _id: demo._id, slug: SLUG, title: DEMO_LANDING_PAGE.title },
          phone: first,
          name: "First",
          address: "Road 1",
          quantity: null,
          deliveryArea: null,
          status: "open",
          orderId: null,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
          ageSeconds: expect.any(Number),
        })
        expect(list.every((d) => d.status === "open")).toBe(true)
        // the shopper's latest change first: saving the first again brings it to the top
        await save({ phone: first, quantity: 2 })
        const again = await incomplete()
        expect(again.findIndex((d) => d.phone === first)).toBeLessThan(again.findIndex((d) => d.phone === second))
        // paging and its checks
        const one = await api.get("/api/admin/incomplete-orders?limit=1&offset=1", as(admin.cookie))
        expect(one.data.data).toHaveLength(1)
        expect((await api.get("/api/admin/incomplete-orders?limit=500", as(admin.cookie))).status).toBe(400)
        expect((await api.get("/api/admin/incomplete-orders?sort=x", as(admin.cookie))).status).toBe(400)

        // the landing-page list: open drafts and recovered ones per page
        const { rows } = await knex().raw(
          `select count(*) filter (where status = 'open')::int as open, count(*) filter (where status = 'recovered')::int as recovered
             from landing_draft where page_id = ?`,
          [demo._id]
        )
        const pages: LandingPage[] = (await api.get("/api/admin/landing-pages", as(admin.cookie))).data.data
        const listed = pages.find((p) => p._id === demo._id)!
        expect(listed.analytics).toMatchObject({ drafts: rows[0].open, recovered: rows[0].recovered })
        expect(listed.analytics!.drafts).toBeGreaterThan(0)
      })

      it("converts a draft into an order through the landing order workflow, once", async () => {
        const phone = newPhone()
        await save({
          phone,
          name: "রহিম",
          address: "House 9, Road 3, Uttara, Dhaka",
          quantity: 2,
          deliveryArea: "outside",
        })
        const [row] = await draftsOf(phone)
        const stockBefore = await stockOf(product._id)
        const ordersBefore = (await knex().raw(`select orders from landing_page where id = ?`, [demo._id])).rows[0]
          .orders

        const res = await convert(row.id)
        expect(res.status).toBe(201)
        expect(res.data).toMatchObject({
          success: true,
          message: expect.stringMatching(/^Order ORD-\S+ created from the incomplete order$/),
          data: {
            _id: expect.stringMatching(/^order_/),
            guestName: "রহিম",
            guestPhone: phone,
            landingPageSlug: SLUG,
            deliveryArea: "outside",
            deliveryCharge: 120,
            cartItems: [expect.objectContaining({ productId: product._id, quantity: 2 })],
          },
        })
        expect(res.data.data.addressInfo[0]).toMatchObject({ address: "House 9, Road 3, Uttara, Dhaka", number: phone })
        expect(await stockOf(product._id)).toBe(stockBefore - 2)
        expect((await knex().raw(`select orders from landing_page where id = ?`, [demo._id])).rows[0].orders).toBe(
          ordersBefore + 1
        )
        const [after] = await draftsOf(phone)
        expect(after).toMatchObject({ status: "converted", order_id: res.data.data._id })
        expect((await incomplete()).some((d) => d._id === row.id)).toBe(false)

        // the order's own shop-order.placed does not turn it into "recovered"
        await new Promise((resolve) => setTimeout(resolve, 500))
        expect((await draftsOf(phone))[0].status).toBe("converted")

        const twice = await convert(row.id)
        expect(twice.status).toBe(409)
        expect(twice.data).toEqual({ success: false, message: "This incomplete order is already converted" })
        expect(await stockOf(product._id)).toBe(stockBefore - 2)
        expect((await convert("ldraft_01NOPE")).status).toBe(404)
      })

      it("refuses a draft without a name or an address, saying what is missing; it stays open", async () => {
        const phoneOnly = newPhone()
        await save({ phone: phoneOnly })
        const [bare] = await draftsOf(phoneOnly)
        const res = await convert(bare.id)
        expect(res.status).toBe(400)
        expect(res.data).toEqual({
          success: false,
          message: "Cannot convert this incomplete order: the name and address are missing",
        })

        const nameOnly = newPhone()
        await save({ phone: nameOnly, name: "Nameonly" })
        const [named] = await draftsOf(nameOnly)
        const noAddress = await convert(named.id)
        expect(noAddress.status).toBe(400)
        expect(noAddress.data.message).toBe("Cannot convert this incomplete order: the address is missing")
        expect((await draftsOf(phoneOnly))[0].status).toBe("open")
        expect((await draftsOf(nameOnly))[0].status).toBe("open")
      })

      it("a sold-out product answers its 409 and the draft stays open, with no order made", async () => {
        const phone = newPhone()
        await save({ phone, name: "Late Buyer", address: "Road 7, Khulna" })
        const [row] = await draftsOf(phone)
        const stock = await stockOf(product._id)
        const ordersBefore = (await knex().raw(`select count(*)::int as n from shop_order`)).rows[0].n
        await setStock(product, 0)
        try {
          const res = await convert(row.id)
          expect(res.status).toBe(409)
          expect(res.data.success).toBe(false)
          expect(res.data.message).toContain(product.title)
          expect((await draftsOf(phone))[0]).toMatchObject({ status: "open", order_id: null })
          expect((await knex().raw(`select count(*)::int as n from shop_order`)).rows[0].n).toBe(ordersBefore)
        } finally {
          await setStock(product, stock)
        }
        // back in stock: it converts
        expect((await convert(row.id)).status).toBe(201)
      })
    })

    it("the job removes drafts whose last change is older than 30 days, whatever their status", async () => {
      const old = newPhone()
      const oldRecovered = newPhone()
      const fresh = newPhone()
      for (const phone of [old, oldRecovered, fresh]) await save({ phone, name: "Aged" })
      await emitPlaced({ id: "order_01OLD", phone: oldRecovered, landing_page_slug: SLUG })
      await eventually(
        () => draftsOf(oldRecovered),
        (rs) => rs[0]?.status === "recovered"
      )
      await knex().raw(`update landing_draft set updated_at = now() - interval '31 days' where phone = any(?)`, [
        [old, oldRecovered],
      ])
      await knex().raw(`update landing_draft set updated_at = now() - interval '29 days' where phone = ?`, [fresh])

      await expireLandingDraftsJob(getContainer())

      expect(await draftsOf(old)).toEqual([])
      expect(await draftsOf(oldRecovered)).toEqual([])
      expect(await draftsOf(fresh)).toHaveLength(1)
    })
  },
})
