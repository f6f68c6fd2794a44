import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { ORDER_REFUSED_MESSAGES, type Order, type Product } from "@shop/contract"
import seed from "../../src/scripts/seed"
import { FakeCouriers, STEADFAST_KEYS } from "../utils/fake-couriers"
import { shopIntegrationTestRunner } from "../utils/runner"
import { ADMIN, anyStatus, customerSession, loginAs } from "../utils/session"

jest.setTimeout(240_000)

// each test forges its own client address (believed from loopback), so velocity
// and the address blocklist see one shopper per test
process.env.TRUST_PROXY = "loopback"
process.env.ORDER_LIMIT_PER_PHONE = "1000"
process.env.ORDER_LIMIT_PER_ADDRESS = "1000"

/** The fake-order guard against the real backend, with a fake Steadfast for its fraud check. */
shopIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const fake = new FakeCouriers()
    let admin: { cookie: string }
    let products: Product[]
    let client = 0
    let phoneSeq = 0

    beforeAll(async () => {
      const base = await fake.start()
      process.env.STEADFAST_BASE_URL = `${base}/steadfast/api/v1`
      await seed({ container: getContainer(), args: [] } as never)
    })
    afterAll(async () => {
      delete process.env.STEADFAST_API_KEY
      delete process.env.STEADFAST_SECRET_KEY
      await fake.stop()
    })
    beforeEach(async () => {
      delete process.env.STEADFAST_API_KEY
      delete process.env.STEADFAST_SECRET_KEY
      admin = await loginAs(api, ADMIN)
      products = ((await api.get("/api/shop/products/get")).data.products as Product[]).filter((p) => p.stock > 30)
    })

    const newPhone = () => `0171${String(5000000 + ++phoneSeq).padStart(7, "0")}`
    const newAddress = () => `203.0.113.${++client}`
    const as = (cookie?: string) => ({ ...anyStatus, headers: cookie ? { cookie } : {} })
    const order = async (phone: string, opts: { product?: Product; address?: string; landing?: string } = {}) => {
      const product = opts.product ?? products[0]!
      return api.post(
        "/api/shop/order/create-order",
        {
          isGuest: true,
          guestName: "Guard Test",
          guestEmail: "guard@example.com",
          guestPhone: phone,
          landingPageSlug: opts.landing ?? null,
          ...(opts.landing ? { deliveryArea: "dhaka" } : {}),
          cartItems: [{ productId: product._id, title: product.title, quantity: 1 }],
          addressInfo: [
            { address: "House 1, Road 1, Mirpur", city: "Dhaka", pincode: "1216", number: phone, notes: "" },
          ],
          orderStatus: "pending",
        },
        { ...anyStatus, headers: { "x-forwarded-for": opts.address ?? newAddress() } }
      )
    }
    const placed = async (phone: string, opts: Parameters<typeof order>[1] = {}) => {
      const res = await order(phone, opts)
      expect([res.status, res.data.message]).toEqual([201, expect.anything()])
      return res.data.data as Order
    }
    const details = async (id: string) =>
      (await api.get(`/api/admin/order/order-details/${id}`, as(admin.cookie))).data.data as Order
    const setStatus = async (id: string, orderStatus: string) =>
      expect(
        (await api.put("/api/admin/order/update-order-status", { orderId: id, orderStatus }, as(admin.cookie))).status
      ).toBe(200)
    /** A phone with this history: `delivered` delivered orders and `cancelled` cancelled ones, each of another product. */
    const history = async (phone: string, delivered: number, cancelled: number) => {
      for (let i = 0; i < delivered + cancelled; i++) {
        const o = await placed(phone, { product: products[(i + 1) % products.length] })
        await setStatus(o._id, i < delivered ? "delivered" : "cancelled")
      }
    }
    const stockOf = async (id: string) => (await api.get(`/api/shop/products/get/${id}`)).data.data.stock as number
    const queue = async () =>
      (await api.get("/api/admin/order/to-confirm", as(admin.cookie))).data.data as (Order & {
        phoneOrders: { orderNumber: string }[]
      })[]
    const confirm = (id: string, body: Record<string, unknown>, cookie = admin.cookie) =>
      api.post(`/api/admin/order/${id}/confirmation`, body, as(cookie))

    it("a first order is low risk and the shopper's answer says nothing of the guard", async () => {
      const res = await order(newPhone())
      expect(res.status).toBe(201)
      expect(JSON.stringify(res.data)).not.toMatch(/risk|needsConfirmation/)
      const risk = (await details(res.data.data._id)).risk!
      expect(risk).toEqual({
        level: "low",
        reasons: ["First order from this phone"],
        pastOrders: 0,
        delivered: 0,
        returnedOrCancelled: 0,
        successRatio: null,
        courierScore: null,
        needsConfirmation: false,
        phoneVerified: false,
        duplicateOf: null,
        confirmations: [],
      })
    })

    it("a phone with at least 3 finished orders, fewer than half delivered, is high risk and held; the rules can change that", async () => {
      const phone = newPhone()
      await history(phone, 1, 2)
      // typed another way, still the same phone
      const held = await placed(`+880 ${phone.slice(1, 5)}-${phone.slice(5)}`)
      const risk = (await details(held._id)).risk!
      expect(risk).toMatchObject({
        level: "high",
        needsConfirmation: true,
        pastOrders: 3,
        delivered: 1,
        returnedOrCancelled: 2,
      })
      expect(risk.successRatio).toBeCloseTo(1 / 3)
      expect(risk.reasons).toContain("2 of 3 finished orders from this phone were returned or cancelled")
      expect((await details(held._id)).orderStatus).toBe("pending")

      const good = newPhone()
      await history(good, 2, 1)
      // 2 of 3 delivered: not high (the fourth order today is only past the phone's velocity)
      const goodRisk = (await details((await placed(good))._id)).risk!
      expect(goodRisk).toMatchObject({
        level: "medium",
        needsConfirmation: false,
        reasons: ["4 orders from this phone in 24 hours"],
      })

      // the merchant asks for 5 finished orders before judging
      const changed = await api.put("/api/admin/order-guard/rules", { minFinishedOrders: 5 }, as(admin.cookie))
      expect(changed.status).toBe(200)
      expect(changed.data.data).toMatchObject({ minFinishedOrders: 5, minSuccessRatio: 0.5, holdHighRisk: true })
      expect((await details((await placed(phone, { product: products[3] }))._id)).risk).toMatchObject({
        level: "medium",
        needsConfirmation: false,
        reasons: ["5 orders from this phone in 24 hours"],
      })
      expect((await api.put("/api/admin/order-guard/rules", { minFinishedOrders: 3 }, as(admin.cookie))).status).toBe(
        200
      )

      const bad = await api.put("/api/admin/order-guard/rules", { minSuccessRatio: 2 }, as(admin.cookie))
      expect([bad.status, bad.data.message]).toEqual([400, "minSuccessRatio must be between 0 and 1"])
      const unknown = await api.put("/api/admin/order-guard/rules", { holdEverything: true }, as(admin.cookie))
      expect(unknown.status).toBe(400)
      const customer = await customerSession(api, "Rule Bender")
      expect(
        (await api.put("/api/admin/order-guard/rules", { minFinishedOrders: 100 }, as(customer.cookie))).status
      ).toBe(403)
      expect((await api.get("/api/admin/order-guard/rules", as(admin.cookie))).data.data.minFinishedOrders).toBe(3)
    })

    it("the same phone ordering the same product within 24 hours is a duplicate and held; velocity is a reason", async () => {
      const phone = newPhone()
      const first = await placed(phone)
      const again = await placed(phone)
      expect((await details(again._id)).risk).toMatchObject({
        level: "medium",
        needsConfirmation: true,
        duplicateOf: first.orderNumber,
      })
      // another product is no duplicate; the fourth order in a day is past the phone's velocity
      await placed(phone, { product: products[1] })
      const fourth = (await details((await placed(phone, { product: products[2] }))._id)).risk!
      expect(fourth.duplicateOf).toBeNull()
      expect(fourth.reasons).toContain("4 orders from this phone in 24 hours")
      expect(fourth.level).toBe("medium")
      expect(fourth.needsConfirmation).toBe(false)
    })

    it("a blocklisted phone or client address is refused with the message any refused order gets; nothing is taken", async () => {
      const phone = newPhone()
      const add = await api.post(
        "/api/admin/order-guard/blocklist",
        { kind: "phone", value: `+880${phone.slice(1)}`, reason: "Refused three parcels" },
        as(admin.cookie)
      )
      expect(add.status).toBe(201)
      expect(add.data.data).toMatchObject({ kind: "phone", value: phone, reason: "Refused three parcels" })
      const stock = await stockOf(products[0]!._id)
      const refused = await order(phone)
      expect(refused.status).toBe(403)
      expect(refused.data).toEqual({ success: false, message: ORDER_REFUSED_MESSAGES.en })
      const landing = await order(phone, {
        landing: "salwar-kameez-offer",
        product: (await api.get("/api/landing/salwar-kameez-offer")).data.data.productId as Product,
      })
      expect([landing.status, landing.data.message]).toEqual([403, ORDER_REFUSED_MESSAGES.bn])
      expect(await stockOf(products[0]!._id)).toBe(stock)

      const address = newAddress()
      const byAddress = await api.post(
        "/api/admin/order-guard/blocklist",
        { kind: "address", value: address, reason: "Bot" },
        as(admin.cookie)
      )
      expect(byAddress.status).toBe(201)
      expect((await order(newPhone(), { address })).status).toBe(403)

      const list = (await api.get("/api/admin/order-guard/blocklist", as(admin.cookie))).data.data as {
        id: string
        value: string
      }[]
      for (const entry of list.filter((e) => e.value === phone || e.value === address)) {
        expect((await api.delete(`/api/admin/order-guard/blocklist/${entry.id}`, as(admin.cookie))).status).toBe(200)
      }
      expect((await order(phone)).status).toBe(201)
      expect((await order(newPhone(), { address })).status).toBe(201)
      const badPhone = await api.post(
        "/api/admin/order-guard/blocklist",
        { kind: "phone", value: "12345", reason: "x" },
        as(admin.cookie)
      )
      expect([badPhone.status, badPhone.data.message]).toEqual([400, "Not a Bangladeshi mobile number (01XXXXXXXXX)"])
    })

    it("the confirmation queue: held orders oldest first; calls are logged; confirmed releases, fake cancels and blocklists", async () => {
      const a = newPhone()
      const b = newPhone()
      const c = newPhone()
      const heldA = [await placed(a), await placed(a)][1]!
      const heldB = [await placed(b), await placed(b)][1]!
      const heldC = [await placed(c), await placed(c)][1]!
      const held = (await queue()).map((o) => o._id)
      expect(held.indexOf(heldA._id)).toBeLessThan(held.indexOf(heldB._id))
      expect(held.indexOf(heldB._id)).toBeLessThan(held.indexOf(heldC._id))
      const entry = (await queue()).find((o) => o._id === heldA._id)!
      expect(entry.phoneOrders.map((o) => o.orderNumber)).toHaveLength(1)
      expect(entry.risk).toMatchObject({ needsConfirmation: true, duplicateOf: entry.phoneOrders[0]!.orderNumber })

      const noAnswer = await confirm(heldA._id, { outcome: "no_answer", note: "Rang twice" })
      expect(noAnswer.status).toBe(200)
      expect(noAnswer.data.data.risk).toMatchObject({
        needsConfirmation: true,
        confirmations: [
          {
            outcome: "no_answer",
            note: "Rang twice",
            adminId: expect.any(String),
            at: expect.any(String),
            via: "call",
          },
        ],
      })
      expect((await queue()).map((o) => o._id)).toContain(heldA._id)

      const ok = await confirm(heldA._id, { outcome: "confirmed" })
      expect(ok.data.message).toBe("Confirmed recorded")
      expect(ok.data.data.risk.confirmations.map((x: { outcome: string }) => x.outcome)).toEqual([
        "no_answer",
        "confirmed",
      ])
      expect((await queue()).map((o) => o._id)).not.toContain(heldA._id)
      expect((await details(heldA._id)).orderStatus).toBe("pending")

      const stock = await stockOf(products[0]!._id)
      const fakeOrder = await confirm(heldB._id, { outcome: "fake", blocklist: true })
      expect(fakeOrder.status).toBe(200)
      expect((await details(heldB._id)).orderStatus).toBe("cancelled")
      expect(await stockOf(products[0]!._id)).toBe(stock + 1)
      const blocked = (await api.get("/api/admin/order-guard/blocklist", as(admin.cookie))).data.data as {
        value: string
        reason: string
      }[]
      expect(blocked.find((e) => e.value === b)).toMatchObject({ reason: `Fake order ${heldB.orderNumber}` })
      expect((await order(b)).status).toBe(403)

      expect((await confirm(heldC._id, { outcome: "maybe" })).status).toBe(400)
      const customer = await customerSession(api, "Queue Peeker")
      expect((await confirm(heldC._id, { outcome: "confirmed" }, customer.cookie)).status).toBe(403)
      expect((await api.get("/api/admin/order/to-confirm", as(customer.cookie))).status).toBe(403)
      expect((await confirm("order_01NOTANORDER0000000000000", { outcome: "confirmed" })).status).toBe(404)
    })

    it("with Steadfast set up, its fraud check raises the risk, is cached, and a courier failure never blocks an order", async () => {
      process.env.STEADFAST_API_KEY = STEADFAST_KEYS.apiKey
      process.env.STEADFAST_SECRET_KEY = STEADFAST_KEYS.secretKey
      const risky = newPhone()
      fake.fraud.set(risky, { total_parcels: 10, total_delivered: 2, total_cancelled: 8 })
      const first = (await details((await placed(risky))._id)).risk!
      expect(first).toMatchObject({ level: "high", needsConfirmation: true, courierScore: 0.2 })
      expect(first.reasons).toContain("Steadfast delivered 20% of this phone's 10 parcels")
      const calls = fake.requests.filter((r) => r.path === `/fraud_check/score/${risky}`).length
      await placed(risky, { product: products[1] })
      expect(fake.requests.filter((r) => r.path === `/fraud_check/score/${risky}`).length).toBe(calls)

      const down = newPhone()
      fake.failNextFraudStatus = 503
      expect((await details((await placed(down))._id)).risk).toMatchObject({ level: "low", courierScore: null })
      const slow = newPhone()
      fake.slowNextFraudMs = 4000
      expect((await details((await placed(slow))._id)).risk).toMatchObject({ level: "low", courierScore: null })
      const known = await getContainer()
        .resolve(ContainerRegistrationKeys.PG_CONNECTION)
        .raw("select count(*)::int as n from courier_score where phone = ?", [slow])
      expect(known.rows[0].n).toBe(0)
    })
  },
})
