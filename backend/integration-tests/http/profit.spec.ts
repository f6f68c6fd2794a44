import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  unitPrice,
  type LandingPage,
  type Order,
  type Product,
  type ProfitReport,
  type ProfitRow,
  type ProfitSettings,
} from "@shop/contract"
import orderProfitBackfill from "../../src/migration-scripts/order-profit-backfill"
import seed from "../../src/scripts/seed"
import { refreshOrderProfitWorkflow } from "../../src/workflows/order-profit"
import { FakeCouriers, STEADFAST_KEYS } from "../utils/fake-couriers"
import { FakeMetaGraph, META_TOKEN, type InsightsRow } from "../utils/fake-meta-graph"
import { shopIntegrationTestRunner } from "../utils/runner"
import { ADMIN, anyStatus, customerSession, loginAs } from "../utils/session"
import { followSubscribers } from "../utils/subscribers"

jest.setTimeout(300_000)

process.env.TRUST_PROXY = "loopback"

const SLUG = "salwar-kameez-offer"
const PIXEL = "1234567890123456"
const ACCOUNT = "987654321"
const STEADFAST_TOKEN = "sf-webhook-profit-1"
const ENV = [
  "STEADFAST_BASE_URL",
  "STEADFAST_API_KEY",
  "STEADFAST_SECRET_KEY",
  "STEADFAST_WEBHOOK_TOKEN",
  "COURIER_TIMEOUT_MS",
  "META_GRAPH_URL",
  "META_CAPI_TOKEN",
  "META_AD_ACCOUNT_ID",
  "META_ADS_TOKEN",
  "META_TIMEOUT_MS",
]

/** The merchant's rates in every test (each test starts from the seeded shop). */
const RATES: ProfitSettings = {
  packagingCost: 15,
  couriers: {
    steadfast: { dhakaFee: 65, outsideFee: 130, codPercent: 1, returnPercent: 50 },
    pathao: { dhakaFee: 60, outsideFee: 120, codPercent: 1, returnPercent: 100 },
    manual: { dhakaFee: 60, outsideFee: 120, codPercent: 0, returnPercent: 100 },
  },
}

const round2 = (n: number) => Math.round(n * 100) / 100
const TZ_DAY = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Asia/Dhaka",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
})
const dhakaDay = (at: Date) => TZ_DAY.format(at)

/**
 * True profit end to end: cost prices with their history, the merchant's
 * rates, orders placed through the shop's doors and carried by a fake
 * Steadfast (webhooks, payouts), ad spend from a fake Ads Insights (paging,
 * rate limit, refusals), the report's figures against ones worked out here
 * by hand, the CSV, the delivered event to Meta once, and the rows written
 * once when two refreshes meet.
 */
shopIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const couriers = new FakeCouriers()
    const graph = new FakeMetaGraph()
    let courierBase = ""
    let graphBase = ""
    let admin: { cookie: string }
    let product: Product
    let landingProduct: Product
    let phoneSeq = 0
    let client = 0
    const container = () => getContainer() as unknown as MedusaContainer
    let subscribers: { settled: () => Promise<void> }
    const settled = () => subscribers.settled()

    const connect = () =>
      Object.assign(process.env, {
        STEADFAST_BASE_URL: `${courierBase}/steadfast/api/v1`,
        STEADFAST_API_KEY: STEADFAST_KEYS.apiKey,
        STEADFAST_SECRET_KEY: STEADFAST_KEYS.secretKey,
        STEADFAST_WEBHOOK_TOKEN: STEADFAST_TOKEN,
        COURIER_TIMEOUT_MS: "1500",
        META_GRAPH_URL: graphBase,
        META_CAPI_TOKEN: META_TOKEN,
        META_AD_ACCOUNT_ID: `act_${ACCOUNT}`,
        META_ADS_TOKEN: META_TOKEN,
        META_TIMEOUT_MS: "2000",
      })

    beforeAll(async () => {
      courierBase = await couriers.start()
      graphBase = await graph.start()
      await seed({ container: getContainer(), args: [] } as never)
      subscribers = followSubscribers(container(), [
        "shop-order.placed",
        "shop-order.status-changed",
        "shop-order.confirmed",
        "shop-order.parcel-changed",
      ])
    })
    afterAll(async () => {
      ENV.forEach((name) => delete process.env[name])
      await couriers.stop()
      await graph.stop()
    })
    beforeEach(async () => {
      ENV.forEach((name) => delete process.env[name])
      connect()
      graph.reset()
      admin = await loginAs(api, ADMIN)
      product = ((await api.get("/api/shop/products/get")).data.products as Product[])
        .filter((p) => p.stock > 20)
        .sort((a, b) => b.stock - a.stock)[0]!
      landingProduct = (await api.get(`/api/landing/${SLUG}`)).data.data.productId as Product
      expect(landingProduct._id).not.toBe(product._id)
      expect((await api.put("/api/admin/profit/settings", RATES, as(admin.cookie))).status).toBe(200)
    })
    afterEach(settled)

    const as = (cookie?: string) => ({ ...anyStatus, headers: cookie ? { cookie } : {} })
    const newPhone = () => `0171${String(5000000 + ++phoneSeq).padStart(7, "0")}`
    const setCost = (productId: string, cost: unknown) =>
      api.put(`/api/admin/profit/costs/${productId}`, { cost }, as(admin.cookie))

    const guestOrder = async (city = "Dhaka", address = "House 7, Road 2, Mirpur"): Promise<Order> => {
      const phone = newPhone()
      const res = await api.post(
        "/api/shop/order/create-order",
        {
          isGuest: true,
          guestName: "Profit Buyer",
          guestEmail: `profit${phoneSeq}@example.com`,
          guestPhone: phone,
          cartItems: [{ productId: product._id, quantity: 2 }],
          addressInfo: [{ address, city, pincode: "1216", number: phone, notes: "" }],
        },
        { ...anyStatus, headers: { "x-forwarded-for": `198.51.100.${++client}` } }
      )
      expect([res.status, res.data.message]).toEqual([201, expect.anything()])
      await settled()
      return res.data.data as Order
    }
    const landingOrder = async (url: string): Promise<Order> => {
      const phone = newPhone()
      const res = await api.post(
        "/api/shop/order/create-order",
        {
          isGuest: true,
          landingPageSlug: SLUG,
          guestName: "বিজ্ঞাপনের ক্রেতা",
          guestPhone: phone,
          deliveryArea: "dhaka",
          cartItems: [{ productId: landingProduct._id, quantity: 1 }],
          addressInfo: [{ address: "বাড়ি ৫, মিরপুর ১০, ঢাকা", number: phone }],
          eventSourceUrl: url,
        },
        {
          ...anyStatus,
          headers: {
            "x-forwarded-for": `198.51.100.${++client}`,
            "user-agent": "Mozilla/5.0 (Linux; Android 14) ProfitSpec/1.0",
            cookie: "_fbp=fb.1.1700000000000.1234567890",
          },
        }
      )
      expect([res.status, res.data.message]).toEqual([201, expect.anything()])
      await settled()
      return res.data.data as Order
    }
    const setStatus = async (orderId: string, orderStatus: string) => {
      const res = await api.put("/api/admin/order/update-order-status", { orderId, orderStatus }, as(admin.cookie))
      expect([res.status, res.data.message]).toEqual([200, expect.anything()])
      await settled()
    }
    const shipSteadfast = async (order: Order) => {
      const res = await api.post(`/api/admin/order/${order._id}/courier`, { provider: "steadfast" }, as(admin.cookie))
      expect(res.status).toBe(201)
      await settled()
    }
    const steadfastSays = async (order: Order, status: string) => {
      couriers.steadfast.get(order.orderNumber)!.status = status
      const consignment = couriers.steadfast.get(order.orderNumber)!
      const res = await api.post(
        "/api/courier/steadfast/webhook",
        {
          notification_type: "delivery_status",
          consignment_id: consignment.consignment_id,
          invoice: order.orderNumber,
          status,
          cod_amount: order.TotalAmount,
          delivery_charge: 60,
          updated_at: "2026-11-29 12:00:00",
        },
        { ...anyStatus, headers: { authorization: `Bearer ${STEADFAST_TOKEN}` } }
      )
      expect(res.status).toBe(200)
      await settled()
    }
    const report = async (query = "") => {
      const res = await api.get(`/api/admin/profit${query}`, as(admin.cookie))
      expect([res.status, res.data.message]).toEqual([200, undefined])
      return res.data.data as ProfitReport
    }
    const today = () => dhakaDay(new Date())
    const rowOf = (rows: ProfitRow[], key: string) => {
      const row = rows.find((r) => r.key === key)
      expect(row).toBeDefined()
      return row!
    }
    const sql = async (text: string, bindings: unknown[] = []) =>
      (
        await (
          container().resolve(ContainerRegistrationKeys.PG_CONNECTION) as {
            raw: (s: string, b: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>
          }
        ).raw(text, bindings)
      ).rows
    const insight = (ad: string, campaign: string, day: string, spend: string): InsightsRow => ({
      ad_id: ad,
      adset_id: `${ad}-SET`,
      campaign_id: campaign,
      spend,
      impressions: "1200",
      clicks: "37",
      date_start: day,
      date_stop: day,
    })

    it("a cost price is kept with its history; old orders keep the cost they had; bad costs are refused", async () => {
      expect((await setCost(product._id, 300)).status).toBe(200)
      const order = await guestOrder()
      const later = await setCost(product._id, 999.5)
      expect(later.status).toBe(200)
      expect(later.data).toMatchObject({ message: "Cost price saved", data: { current: 999.5 } })
      expect(later.data.data.history.map((h: { cost: number }) => h.cost)).toEqual([999.5, 300])

      await setStatus(order._id, "delivered")
      const [row] = await sql(`select goods_cost, profit, packaging from order_profit where order_id = ?`, [order._id])
      // two units at the cost the order was placed under (৳300), not the new ৳999.50
      expect(Number(row.goods_cost)).toBe(60_000)
      expect(Number(row.profit)).toBe(order.TotalAmount * 100 - 60_000 - 1_500)

      for (const [cost, message] of [
        [-1, "cost must be from 0 to 10000000 taka, with at most two decimals"],
        [12.345, "cost must be from 0 to 10000000 taka, with at most two decimals"],
        ["300", "cost must be a number of taka"],
      ] as const) {
        const res = await setCost(product._id, cost)
        expect([res.status, res.data.message]).toEqual([400, message])
      }
      const missing = await setCost("prod_01NOSUCHPRODUCT000000000000", 10)
      expect([missing.status, missing.data.message]).toEqual([404, "Product not found"])
      expect(
        (await api.get(`/api/admin/profit/costs/${product._id}`, as(admin.cookie))).data.data.history
      ).toHaveLength(2)
      const customer = await customerSession(api, "Cost Snoop")
      expect((await api.get(`/api/admin/profit/costs/${product._id}`, as(customer.cookie))).status).toBe(403)
      expect((await api.get("/api/admin/profit", as())).status).toBe(401)
    })

    it("the period's funnel, totals and every group match figures worked out by hand; the CSV carries each order", async () => {
      expect((await setCost(product._id, 300)).status).toBe(200)
      expect((await setCost(landingProduct._id, 150.25)).status).toBe(200)
      const unit = unitPrice(product)

      // A: delivered by the shop's own hand
      const a = await guestOrder()
      await setStatus(a._id, "delivered")
      // B: Steadfast delivers, then pays out less its ৳70
      const b = await guestOrder()
      await shipSteadfast(b)
      await steadfastSays(b, "delivered")
      couriers.payouts.length = 0
      couriers.payouts.unshift({
        id: 7001,
        amount: b.TotalAmount - 70,
        created_at: "2026-11-29 18:00:00",
        consignments: [
          {
            consignment_id: couriers.steadfast.get(b.orderNumber)!.consignment_id,
            invoice: b.orderNumber,
            tracking_code: couriers.steadfast.get(b.orderNumber)!.tracking_code,
            cod_amount: b.TotalAmount,
            delivery_charge: 70,
            status: "delivered",
          },
        ],
      })
      expect((await api.post("/api/admin/couriers/steadfast/payouts", {}, as(admin.cookie))).status).toBe(200)
      await settled()
      // C: to Cumilla (outside Dhaka), returned
      const c = await guestOrder("Cumilla", "Kandirpar, Cumilla Sadar")
      await shipSteadfast(c)
      await steadfastSays(c, "cancelled")
      // D: cancelled before it was sent; E: still waiting
      const d = await guestOrder()
      await setStatus(d._id, "cancelled")
      const e = await guestOrder()
      // F: from an ad, delivered by Steadfast (no payout yet)
      const f = await landingOrder(
        `https://shop.example/landing/${SLUG}?utm_source=facebook&utm_campaign=CAMP1&utm_term=SET1&utm_content=AD1&fbclid=IwAR_x`
      )
      await shipSteadfast(f)
      await steadfastSays(f, "delivered")

      // Meta's spend: AD1 today and yesterday, AD2 (no order came from it) today; one row a page
      graph.insightsPageSize = 1
      const yesterday = dhakaDay(new Date(Date.now() - 86_400_000))
      graph.insights.set(ACCOUNT, [
        insight("AD1", "CAMP1", today(), "500.50"),
        insight("AD1", "CAMP1", yesterday, "10"),
        insight("AD2", "CAMP2", today(), "100"),
      ])
      const spend = await api.post("/api/admin/profit/ad-spend", {}, as(admin.cookie))
      expect([spend.status, spend.data.data]).toEqual([200, { days: 3, pages: 3 }])
      // the pages were asked of the shop's own address, each with the cursor of the one before
      expect(graph.insightsReads().map((r) => new URL(r.path, "http://x").pathname)).toEqual(
        Array(3).fill(`/v21.0/act_${ACCOUNT}/insights`)
      )

      // by hand, in taka
      expect(a.TotalAmount).toBe(2 * unit + 60)
      expect(c.TotalAmount).toBe(2 * unit + 120)
      const profitA = a.TotalAmount - 600 - 15
      const profitB = b.TotalAmount - 600 - 70 - 15
      const profitC = -(130 + 65 + 15)
      const profitF = round2(f.TotalAmount - 150.25 - 65 - round2(f.TotalAmount * 0.01) - 15)
      const totals = [a, b, c, d, e, f].reduce((s, o) => s + o.TotalAmount, 0)

      const data = await report(`?from=${today()}&to=${today()}`)
      expect(data.funnel).toEqual([
        { stage: "placed", orders: 6, amount: totals },
        { stage: "confirmed", orders: 5, amount: totals - d.TotalAmount },
        { stage: "sent", orders: 4, amount: a.TotalAmount + b.TotalAmount + c.TotalAmount + f.TotalAmount },
        { stage: "delivered", orders: 3, amount: a.TotalAmount + b.TotalAmount + f.TotalAmount },
        { stage: "settled", orders: 2, amount: a.TotalAmount + b.TotalAmount },
      ])
      expect(data.total).toEqual({
        orders: 6,
        counted: 4,
        delivered: 3,
        returned: 1,
        returnRate: 0.25,
        revenue: totals,
        cashReceived: a.TotalAmount + b.TotalAmount + f.TotalAmount,
        goodsCost: 600 + 600 + 150.25,
        deliveryFee: 70 + 130 + 65,
        codCharge: round2(f.TotalAmount * 0.01),
        returnFee: 65,
        packaging: 4 * 15,
        adSpend: 600.5,
        profit: round2(profitA + profitB + profitC + profitF - 600.5),
        missingCosts: 0,
      })
      expect(data.unattributedSpend).toBe(100)

      const ad = rowOf(data.groups.ad, "AD1")
      expect([ad.orders, ad.adSpend, ad.profit]).toEqual([1, 500.5, round2(profitF - 500.5)])
      expect(rowOf(data.groups.ad, "AD2")).toMatchObject({ orders: 0, adSpend: 100, profit: -100 })
      expect(rowOf(data.groups.campaign, "CAMP1")).toMatchObject({
        orders: 1,
        adSpend: 500.5,
        profit: round2(profitF - 500.5),
      })
      expect(rowOf(data.groups.landing, SLUG)).toMatchObject({
        orders: 1,
        adSpend: 500.5,
        profit: round2(profitF - 500.5),
      })
      expect(rowOf(data.groups.landing, "")).toMatchObject({ label: "Shop checkout", orders: 5, adSpend: 0 })
      expect(rowOf(data.groups.courier, "steadfast")).toMatchObject({
        label: "Steadfast",
        orders: 3,
        delivered: 2,
        returned: 1,
        // a rate to four decimals
        returnRate: 0.3333,
        profit: round2(profitB + profitC + profitF),
      })
      expect(rowOf(data.groups.courier, "")).toMatchObject({ label: "No courier", orders: 3, profit: profitA })
      expect(rowOf(data.groups.district, "Cumilla")).toMatchObject({ orders: 1, returned: 1, profit: profitC })
      expect(rowOf(data.groups.district, "Dhaka")).toMatchObject({
        orders: 5,
        profit: round2(profitA + profitB + profitF),
      })
      expect(rowOf(data.groups.product, product._id)).toMatchObject({
        orders: 5,
        counted: 3,
        goodsCost: 1200,
        revenue: 5 * 2 * unit,
        // one line an order: the line's cash is its order's
        cashReceived: a.TotalAmount + b.TotalAmount,
        profit: profitA + profitB + profitC,
      })
      expect(rowOf(data.groups.product, landingProduct._id)).toMatchObject({
        orders: 1,
        goodsCost: 150.25,
        profit: profitF,
      })

      // yesterday: AD1's ৳10 only, and none of the orders
      const before = await report(`?from=${yesterday}&to=${yesterday}`)
      expect([before.total.orders, before.total.adSpend, before.total.profit]).toEqual([0, 10, -10])

      // the CSV: a header, then one row per order, oldest first, money to the paisa
      const csv = await api.get(`/api/admin/profit/export?from=${today()}&to=${today()}`, {
        ...as(admin.cookie),
        responseType: "text",
      })
      expect(csv.status).toBe(200)
      expect(csv.headers["content-type"]).toMatch(/^text\/csv/)
      expect(csv.headers["content-disposition"]).toBe(`attachment; filename="profit-${today()}-to-${today()}.csv"`)
      const lines = String(csv.data)
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\n")
      expect(lines[0]).toBe(
        "Order,Placed (Dhaka),Stage,End,Landing page,Campaign id,Ad set id,Ad id,District,Courier,Order total,Cash received,Goods cost,Courier fee,COD charge,Return fee,Packaging,Profit,Lines without a cost"
      )
      expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual([a, b, c, d, e, f].map((o) => o.orderNumber))
      const fCells = lines[6].split(",")
      expect(fCells.slice(2, 10)).toEqual([
        "delivered",
        "delivered",
        expect.any(String),
        "CAMP1",
        "SET1",
        "AD1",
        "Dhaka",
        "Steadfast",
      ])
      expect(fCells[17]).toBe(profitF.toFixed(2))
      expect(lines[3].split(",")[17]).toBe(profitC.toFixed(2))

      // bad periods: the spec's 400 with the reason
      for (const [query, message] of [
        ["?from=2026-02-30", "from must be a day written YYYY-MM-DD"],
        ["?from=2026-11-10&to=2026-11-01", "from must not be after to"],
        ["?from=2024-01-01&to=2026-01-01", "A period may cover at most 366 days"],
        ["?period=all", "Unknown parameter: period"],
      ]) {
        const res = await api.get(`/api/admin/profit${query}`, as(admin.cookie))
        expect([res.status, res.data.message]).toEqual([400, message])
      }
    })

    it("ad spend: read again it replaces its days; Meta's rate limit is a 429 that writes nothing; a refused token a 422; not set up a 409", async () => {
      graph.insights.set(ACCOUNT, [insight("AD9", "CAMP9", today(), "42.10")])
      const read = () => api.post("/api/admin/profit/ad-spend", {}, as(admin.cookie))
      // twice at once: one row for the day
      const both = await Promise.all([read(), read()])
      expect(both.map((r) => r.status)).toEqual([200, 200])
      graph.insights.set(ACCOUNT, [insight("AD9", "CAMP9", today(), "50")])
      expect((await read()).status).toBe(200)
      const rows = await sql(`select day, ad_id, campaign_id, spend, clicks from ad_spend where deleted_at is null`)
      expect(rows).toEqual([{ day: today(), ad_id: "AD9", campaign_id: "CAMP9", spend: 5000, clicks: 37 }])

      graph.insights.set(ACCOUNT, [insight("AD9", "CAMP9", today(), "999")])
      graph.rateLimitNext(ACCOUNT, 12)
      const limited = await read()
      expect(limited.status).toBe(429)
      expect(limited.headers["retry-after"]).toBe("720")
      expect(limited.data.message).toMatch(/^Meta's rate limit: \(#80000\) There have been too many calls/)
      expect((await sql(`select spend from ad_spend`)).map((r) => r.spend)).toEqual([5000])

      graph.token = "another-token"
      const refused = await read()
      expect(refused.status).toBe(422)
      expect(refused.data.message).toMatch(/Invalid OAuth access token/)
      expect(refused.data.message).not.toContain(META_TOKEN)

      delete process.env.META_ADS_TOKEN
      const off = await read()
      expect([off.status, off.data.message]).toEqual([
        409,
        "Meta's ad account is not set up: set META_AD_ACCOUNT_ID and META_ADS_TOKEN",
      ])
    })

    it("a delivered landing order goes to Meta as OrderDelivered once; a returned one never", async () => {
      const pages = (await api.get("/api/admin/landing-pages", as(admin.cookie))).data.data as LandingPage[]
      const pageId = pages.find((p) => p.slug === SLUG)!._id
      expect(
        (await api.put(`/api/admin/landing-pages/${pageId}`, { metaPixelId: PIXEL }, as(admin.cookie))).status
      ).toBe(200)
      const delivered = await landingOrder(`https://shop.example/landing/${SLUG}?utm_content=AD7`)
      const returned = await landingOrder(`https://shop.example/landing/${SLUG}`)
      for (const order of [delivered, returned]) await shipSteadfast(order)
      await steadfastSays(delivered, "delivered")
      // the courier's webhook again: nothing more goes to Meta
      await steadfastSays(delivered, "delivered")
      await steadfastSays(returned, "cancelled")
      const deliveries = graph.requests.flatMap((r) =>
        (r.body.data ?? []).filter((e) => e.event_name === "OrderDelivered")
      )
      expect(deliveries).toHaveLength(1)
      expect(deliveries[0]).toMatchObject({
        event_id: `${delivered.orderNumber}-delivered`,
        action_source: "system_generated",
        custom_data: { value: delivered.TotalAmount, currency: "BDT", order_id: delivered.orderNumber },
        user_data: { fbp: "fb.1.1700000000000.1234567890" },
      })
      // its time is the delivery's, within Meta's 7 days
      expect(Math.abs(Number(deliveries[0].event_time) - Date.now() / 1000)).toBeLessThan(120)
      // both Purchases went when the orders shipped, as before
      expect(
        graph
          .purchases()
          .map((p) => p.event.event_id)
          .sort()
      ).toEqual([delivered.orderNumber, returned.orderNumber].sort())
      const details = (await api.get(`/api/admin/order/order-details/${delivered._id}`, as(admin.cookie))).data.data
      expect(details.metaDelivered).toMatchObject({ state: "sent" })
    })

    it("two refreshes of one order at once write one row and its lines once", async () => {
      const order = await guestOrder()
      const refresh = () =>
        refreshOrderProfitWorkflow(container()).run({ input: { order_ids: [order._id, order._id] } })
      await Promise.all([refresh(), refresh(), refresh()])
      expect(await sql(`select count(*)::int as n from order_profit where order_id = ?`, [order._id])).toEqual([
        { n: 1 },
      ])
      expect(await sql(`select count(*)::int as n from order_profit_line where order_id = ?`, [order._id])).toEqual([
        { n: 1 },
      ])
      // and the row is the order as it is: placed, confirmed by no call, nothing counted yet
      const [row] = await sql(
        `select stage, end_state, revenue, profit, district from order_profit where order_id = ?`,
        [order._id]
      )
      expect(row).toEqual({
        stage: "confirmed",
        end_state: "open",
        revenue: order.TotalAmount * 100,
        profit: 0,
        district: "Dhaka",
      })
    })

    it("orders placed before the figures existed get their rows from the migration script, once", async () => {
      expect((await setCost(product._id, 300)).status).toBe(200)
      const orders = [await guestOrder(), await guestOrder()]
      await setStatus(orders[0]._id, "delivered")
      const before = await sql(`select order_id, profit from order_profit order by order_id`)
      const lines = await sql(`select count(*)::int as n from order_profit_line`)
      // as a shop upgraded from before the module: no rows at all
      await sql(`delete from order_profit_line`)
      await sql(`delete from order_profit`)
      await orderProfitBackfill({ container: container(), args: [] } as never)
      expect(await sql(`select order_id, profit from order_profit order by order_id`)).toEqual(before)
      // run again: the same rows, not twice as many
      await orderProfitBackfill({ container: container(), args: [] } as never)
      expect(await sql(`select count(*)::int as n from order_profit`)).toEqual([{ n: before.length }])
      expect(await sql(`select count(*)::int as n from order_profit_line`)).toEqual(lines)
      expect(before.map((r) => r.order_id)).toEqual(expect.arrayContaining(orders.map((o) => o._id)))
    })

    it("rates: refused with the reason, saved whole, and three saves at once leave one row", async () => {
      const put = (body: unknown) => api.put("/api/admin/profit/settings", body, as(admin.cookie))
      for (const [body, message] of [
        [{ ...RATES, packagingCost: -5 }, "packagingCost must be a number from 0 to 10000000"],
        [
          { ...RATES, couriers: { ...RATES.couriers, pathao: { ...RATES.couriers.pathao, codPercent: 120 } } },
          "couriers.pathao.codPercent must be a percent from 0 to 100",
        ],
        [{ packagingCost: 1 }, "couriers: Invalid input: expected object, received undefined"],
      ] as const) {
        const res = await put(body)
        expect([res.status, res.data.message]).toEqual([400, message])
      }
      const saves = await Promise.all([5, 10, 20].map((packagingCost) => put({ ...RATES, packagingCost })))
      expect(saves.map((r) => r.status)).toEqual([200, 200, 200])
      const rows = await sql(`select settings from profit_settings where deleted_at is null`)
      expect(rows).toHaveLength(1)
      const read = (await api.get("/api/admin/profit/settings", as(admin.cookie))).data.data
      expect([5, 10, 20]).toContain(read.packagingCost)
      expect(read.couriers).toEqual(RATES.couriers)
    })
  },
})
