import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Product } from "@shop/contract"
import seed from "../../src/scripts/seed"
import { SEED_PRODUCTS } from "../../src/scripts/seed-data"
import { shopIntegrationTestRunner } from "../utils/runner"
import { ADMIN, anyStatus, customerSession, loginAs } from "../utils/session"

jest.setTimeout(300_000)

const TZ = "Asia/Dhaka"
const PERIODS = ["today", "month", "year", "all"] as const
type Period = (typeof PERIODS)[number]
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

// ---- the shop's calendar, worked out independently with Intl ----

const dhakaFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: TZ,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
})

/** Wall-clock parts of an instant in Dhaka. */
function dhaka(at: Date) {
  const p = Object.fromEntries(dhakaFormat.formatToParts(at).map((part) => [part.type, Number(part.value)]))
  return { y: p.year, m: p.month, d: p.day, h: p.hour, min: p.minute, s: p.second }
}

/** The instant Dhaka's clock shows midnight of y-m-d. */
function dhakaMidnight(y: number, m: number, d: number): Date {
  const guess = Date.UTC(y, m - 1, d)
  const wall = dhaka(new Date(guess))
  const offset = Date.UTC(wall.y, wall.m - 1, wall.d, wall.h, wall.min, wall.s) - guess
  return new Date(guess - offset)
}

function periodStart(period: Period, now: Date): Date | null {
  const n = dhaka(now)
  if (period === "today") return dhakaMidnight(n.y, n.m, n.d)
  if (period === "month") return dhakaMidnight(n.y, n.m, 1)
  if (period === "year") return dhakaMidnight(n.y, 1, 1)
  return null
}

/** Same Dhaka day / month / year as `now` (everything for all). */
function inPeriod(at: Date, period: Period, now: Date): boolean {
  const a = dhaka(at)
  const n = dhaka(now)
  if (period === "all") return true
  if (period === "year") return a.y === n.y
  if (period === "month") return a.y === n.y && a.m === n.m
  return a.y === n.y && a.m === n.m && a.d === n.d
}

type Placed = {
  _id: string
  orderNumber: string
  TotalAmount: number
  isGuest: boolean
  guestName: string | null
  /** The name the dashboard must show: the guest's, or the account's Full Name. */
  name: string
  guestEmail: string | null
  guestPhone: string | null
  customerId: string | null
  status: string
  at: Date
  deleted: boolean
  linked: boolean
}

const round2 = (n: number) => Math.round(n * 100) / 100

/** What the dashboard must say for a period, from the orders the test placed. */
function expectedFigures(orders: Placed[], period: Period, now: Date) {
  const live = orders.filter((o) => !o.deleted)
  const mine = live.filter((o) => inPeriod(o.at, period, now))
  const count = (status: string) => mine.filter((o) => o.status === status).length
  const amount = (status: string) =>
    round2(mine.filter((o) => o.status === status).reduce((s, o) => s + o.TotalAmount, 0))
  const customerKey = (o: Placed) => o.guestEmail?.trim().toLowerCase() || o.guestPhone?.trim() || o.customerId
  return {
    totalProfit: amount("delivered"),
    pendingAmount: amount("pending"),
    // every order here is cash on delivery: nothing received by bKash (bkash-orders.spec counts it)
    bkashReceived: 0,
    totalOrders: mine.length,
    todayOrders: live.filter((o) => inPeriod(o.at, "today", now)).length,
    totalCustomers: new Set(mine.map(customerKey).filter(Boolean)).size,
    pendingOrders: count("pending"),
    // Completed Orders ("Successfully delivered"): completed and delivered
    completedOrders: count("completed") + count("delivered"),
    cancelledOrders: count("cancelled"),
    shippedOrders: count("shipped"),
    deliveredOrders: count("delivered"),
    recentOrders: [...mine]
      .sort((a, b) => b.at.getTime() - a.at.getTime() || b.orderNumber.localeCompare(a.orderNumber))
      .slice(0, 5)
      .map((o) => ({
        _id: o.linked ? o._id : null,
        orderNumber: o.orderNumber,
        isGuest: o.isGuest,
        guestName: o.guestName,
        customerName: o.name,
        TotalAmount: o.TotalAmount,
        orderStatus: o.status,
        orderDate: o.at.toISOString(),
      })),
  }
}

const address = {
  address: "House 12, Road 5, Dhanmondi",
  city: "Dhaka",
  pincode: "1209",
  number: "01700000000",
  notes: "Ring twice",
}

shopIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: { cookie: string }

    beforeAll(async () => {
      await seed({ container: getContainer(), args: [] } as never)
    })
    beforeEach(async () => {
      admin = await loginAs(api, ADMIN)
    })

    const as = (cookie?: string) => ({ ...anyStatus, headers: cookie ? { cookie } : {} })
    const dashboard = (query = "", cookie: string | null = admin.cookie) =>
      api.get(`/api/admin/dashboard${query}`, as(cookie ?? undefined))
    type Sql = { raw: (sql: string, bindings?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> }
    const knex = () =>
      getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION) as unknown as Sql & {
        transaction: () => Promise<Sql & { commit: () => Promise<void> }>
      }

    describe("who may read it and what it accepts", () => {
      it("401 without a session, 403 for a signed-in customer", async () => {
        const anonymous = await dashboard("", null)
        expect(anonymous.status).toBe(401)
        expect(anonymous.data).toEqual({ success: false, message: expect.any(String) })
        const customer = await customerSession(api, "Dashboard Snoop")
        const forbidden = await dashboard("?period=today", customer.cookie)
        expect(forbidden.status).toBe(403)
        expect(forbidden.data.success).toBe(false)
        const ok = await dashboard()
        expect(ok.status).toBe(200)
        expect(ok.headers["cache-control"]).toMatch(/no-store/)
        expect(ok.data.success).toBe(true)
        expect(ok.data.data.period).toBe("all")
      })

      it.each([
        ["?period=week", "period must be one of today, month, year, all"],
        ["?period=", "period must be one of today, month, year, all"],
        ["?period=TODAY", "period must be one of today, month, year, all"],
        ["?period=today&period=month", "period must be one of today, month, year, all"],
        ["?period=all&from=2020-01-01", "Unknown parameter: from"],
      ])("refuses %s with 400", async (query, message) => {
        const res = await dashboard(query)
        expect(res.status).toBe(400)
        expect(res.data).toEqual({ success: false, message })
      })
    })

    it("an answer never predates its request, even while another computation is under way", async () => {
      const product = ((await api.get("/api/shop/products/get")).data.products as Product[]).find((p) => p.stock >= 5)!
      const placed = await api.post(
        "/api/shop/order/create-order",
        {
          isGuest: true,
          guestName: "Early Bird",
          guestEmail: "early@example.com",
          guestPhone: "01712121212",
          cartItems: [{ productId: product._id, quantity: 1 }],
          addressInfo: [address],
        },
        anyStatus
      )
      expect(placed.status).toBe(201)
      const pg = knex()
      const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
      /** Dashboard computations of this database waiting for the product table (each has one such query). */
      const waiting = async () => {
        const { rows } = await pg.raw(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and query like '%from product p%'`
        )
        return Number(rows[0].n)
      }
      /** Waits until `n` computations wait for the product table; fails when they never do. */
      const untilWaiting = async (n: number) => {
        for (let i = 0; i < 400; i++) {
          if ((await waiting()) >= n) return
          await sleep(25)
        }
        throw new Error(`${n} dashboard computations should be waiting for the product table; ${await waiting()} are`)
      }

      // hold the product table so a first computation stays under way...
      const lock = await pg.transaction()
      let first: ReturnType<typeof dashboard>
      let again: ReturnType<typeof dashboard>[]
      let others: ReturnType<typeof dashboard>[]
      let lockedUntil: Date
      try {
        await lock.raw("lock table product in access exclusive mode")
        first = dashboard("?period=all")
        await untilWaiting(1)
        expect(await waiting()).toBe(1)
        // ...then an order is delivered, and only then is the dashboard asked again, three times at once...
        await pg.raw("update shop_order set status = 'delivered' where order_number = ?", [
          placed.data.data.orderNumber,
        ])
        again = [dashboard("?period=all"), dashboard("?period=all"), dashboard("?period=all")]
        // ...and for two other periods, asked after them: each starts its own computation at once, which waits too
        others = [dashboard("?period=today"), dashboard("?period=month")]
        await untilWaiting(3)
        // the three asking for "all" again start nothing while its computation runs: they share the next one
        for (let i = 0; i < 10; i++) {
          expect(await waiting()).toBe(3)
          await sleep(25)
        }
        lockedUntil = new Date((await lock.raw("select clock_timestamp() as at")).rows[0].at as string)
      } finally {
        await lock.commit()
      }
      const [a, ...rest] = await Promise.all([first, ...again, ...others])
      const b = rest.slice(0, again.length)
      const c = rest.slice(again.length)
      expect(a.status).toBe(200)
      expect(a.data.data.pendingOrders + a.data.data.deliveredOrders).toBe(1)
      for (const res of b) {
        expect(res.status).toBe(200)
        expect(res.data.data).toMatchObject({
          period: "all",
          pendingOrders: 0,
          deliveredOrders: 1,
          totalProfit: placed.data.data.TotalAmount,
        })
        expect(new Date(res.data.data.generatedAt).getTime()).toBeGreaterThan(
          new Date(a.data.data.generatedAt).getTime()
        )
        // computed after the first one ended, so after the table was let go
        expect(new Date(res.data.data.generatedAt).getTime()).toBeGreaterThanOrEqual(lockedUntil.getTime())
      }
      // one computation answered all three
      expect(b[1].data.data).toEqual(b[0].data.data)
      expect(b[2].data.data).toEqual(b[0].data.data)
      expect(c.map((res) => [res.status, res.data.data.period])).toEqual([
        [200, "today"],
        [200, "month"],
      ])
      for (const res of c) {
        expect(res.data.data).toMatchObject({
          pendingOrders: 0,
          deliveredOrders: 1,
          totalProfit: placed.data.data.TotalAmount,
        })
      }

      // requests side by side (sharing computations) all get the right figures for their period
      const burst = await Promise.all(
        ["all", "today", "all", "month", "all", "year", "all", "today"].map((period) => dashboard(`?period=${period}`))
      )
      for (const res of burst) {
        expect(res.status).toBe(200)
        expect(res.data.data).toMatchObject({ pendingOrders: 0, deliveredOrders: 1, totalOrders: 1, totalCustomers: 1 })
      }
      expect(burst.map((res) => res.data.data.period)).toEqual([
        "all",
        "today",
        "all",
        "month",
        "all",
        "year",
        "all",
        "today",
      ])
    })

    it("Completed Orders counts completed and delivered orders, as Total Profit (Delivered) does; every recent order is named", async () => {
      const products = (await api.get("/api/shop/products/get")).data.products as Product[]
      const byTitle = (title: string) => products.find((p) => p.title === title)!
      const guestOrder = async (
        who: { name: string; email: string; phone: string },
        title: string,
        quantity: number
      ) => {
        const res = await api.post(
          "/api/shop/order/create-order",
          {
            isGuest: true,
            guestName: who.name,
            guestEmail: who.email,
            guestPhone: who.phone,
            cartItems: [{ productId: byTitle(title)._id, quantity }],
            addressInfo: [address],
          },
          anyStatus
        )
        expect(res.status).toBe(201)
        return res.data.data as { _id: string; orderNumber: string; TotalAmount: number }
      }
      const accountOrder = async (name: string, title: string) => {
        const me = await customerSession(api, name)
        const cart = await api.post(
          "/api/shop/products/addtocart",
          { userId: me.user.id, productId: byTitle(title)._id, quantity: 1 },
          as(me.cookie)
        )
        expect(cart.status).toBe(200)
        const addressId = (await api.post("/api/shop/address/add", { userId: me.user.id, ...address }, as(me.cookie)))
          .data.data[0]._id
        const res = await api.post(
          "/api/shop/order/create-order",
          { userId: me.user.id, addressInfo: { addressId } },
          as(me.cookie)
        )
        expect(res.status).toBe(201)
        return res.data.data as { _id: string; orderNumber: string; TotalAmount: number }
      }
      const setStatus = async (order: { _id: string }, status: string) => {
        const res = await api.put(
          "/api/admin/order/update-order-status",
          { orderId: order._id, orderStatus: status },
          as(admin.cookie)
        )
        expect(res.status).toBe(200)
      }

      // oldest first: two guests, a named account, an account with no name, a guest with neither name nor email
      const delivered = await guestOrder(
        { name: "Mita Sen", email: "mita@example.com", phone: "01711110001" },
        "Cotton Gamcha Scarf",
        2
      )
      const completed = await guestOrder(
        { name: "Jamal Hossain", email: "jamal@example.com", phone: "01711110002" },
        "Puma Gym Sack",
        1
      )
      const named = await accountOrder("Farhana Kabir", "Kids Logo Tee")
      const nameless = await accountOrder("Nameless Buyer", "Kids Logo Tee")
      const phoneOnly = await guestOrder(
        { name: "Erased Name", email: "erased@example.com", phone: "01711110005" },
        "Kids Logo Tee",
        1
      )
      // 2 x 450 + 60 delivery in Dhaka
      expect(delivered.TotalAmount).toBe(960)
      await setStatus(delivered, "delivered")
      await setStatus(completed, "completed")
      const db = knex()
      await db.raw(
        "update customer set first_name = null, last_name = null, metadata = null where email = 'nameless.buyer@example.com'"
      )
      await db.raw("update shop_order set guest_name = '', guest_email = null where order_number = ?", [
        phoneOnly.orderNumber,
      ])
      // the name each order was placed for is kept with its address (intake): these two lost theirs too
      await db.raw("update shop_order set address = address - 'name' where order_number in (?, ?)", [
        phoneOnly.orderNumber,
        nameless.orderNumber,
      ])

      for (const period of PERIODS) {
        const res = await dashboard(`?period=${period}`)
        expect(res.status).toBe(200)
        expect(res.data.data).toMatchObject({
          period,
          totalOrders: 5,
          // the delivered one and the completed one ("Successfully delivered")
          completedOrders: 2,
          deliveredOrders: 1,
          pendingOrders: 3,
          // only the delivered one
          totalProfit: 960,
        })
        expect(
          (res.data.data.recentOrders as { orderNumber: string; isGuest: boolean; customerName: string }[]).map((o) => [
            o.orderNumber,
            o.isGuest,
            o.customerName,
          ])
        ).toEqual([
          [phoneOnly.orderNumber, true, "01711110005"],
          [nameless.orderNumber, false, "nameless.buyer@example.com"],
          [named.orderNumber, false, "Farhana Kabir"],
          [completed.orderNumber, true, "Jamal Hossain"],
          [delivered.orderNumber, true, "Mita Sen"],
        ])
      }
    })

    it("counts every figure for each period in Dhaka time, from real orders", async () => {
      const seedTotal = SEED_PRODUCTS.length
      const seedOut = SEED_PRODUCTS.filter((p) => p.stock === 0).length
      expect(seedOut).toBeGreaterThan(1)

      // an empty shop: nothing but the catalog
      for (const period of PERIODS) {
        const res = await dashboard(`?period=${period}`)
        expect(res.status).toBe(200)
        expect(res.data.data).toMatchObject({
          period,
          timeZone: TZ,
          totalProfit: 0,
          pendingAmount: 0,
          totalOrders: 0,
          todayOrders: 0,
          totalCustomers: 0,
          totalProducts: seedTotal,
          outOfStockProducts: seedOut,
          recentOrders: [],
        })
      }

      const products = (await api.get("/api/shop/products/get")).data.products as Product[]
      const byStock = products.filter((p) => p.stock >= 10).sort((a, b) => a.title.localeCompare(b.title))
      const [lastUnit, comesBack, reserved, deletedInStock, ...forOrders] = byStock
      const deletedSoldOut = products.find((p) => p.stock === 0)!
      const setStock = async (product: Product, stock: number) => {
        const { _id, ...form } = product
        const res = await api.put(`/api/admin/products/edit-product/${_id}`, { ...form, stock }, as(admin.cookie))
        expect(res.status).toBe(200)
      }
      await setStock(lastUnit, 1)
      await setStock(comesBack, 1)

      // ---- orders through the API ----
      const placed: Placed[] = []
      const guest = async (who: { name: string; email: string; phone: string }, product: Product, quantity: number) => {
        const res = await api.post(
          "/api/shop/order/create-order",
          {
            isGuest: true,
            guestName: who.name,
            guestEmail: who.email,
            guestPhone: who.phone,
            cartItems: [{ productId: product._id, quantity }],
            addressInfo: [address],
          },
          anyStatus
        )
        expect(res.status).toBe(201)
        const o = res.data.data
        const order: Placed = {
          _id: o._id,
          orderNumber: o.orderNumber,
          TotalAmount: o.TotalAmount,
          isGuest: true,
          guestName: o.guestName,
          name: who.name,
          guestEmail: o.guestEmail,
          guestPhone: o.guestPhone,
          customerId: null,
          status: "pending",
          at: new Date(o.orderDate),
          deleted: false,
          linked: true,
        }
        placed.push(order)
        return order
      }
      const [p1, p2, p3, p4] = forOrders
      const rupa = { name: "Rupa Akter", email: "rupa@example.com", phone: "01711111111" }
      const g1 = await guest(rupa, p1, 2)
      const g2 = await guest({ ...rupa, email: "Rupa@Example.com " }, p2, 1) // the same customer
      const g3 = await guest({ name: "Karim Uddin", email: "karim@example.com", phone: "01722222222" }, comesBack, 1)
      const g4 = await guest({ name: "Nila Roy", email: "nila@example.com", phone: "01733333333" }, p3, 3)
      const g5 = await guest({ name: "Phone Only", email: "phone.only@example.com", phone: "01999999999" }, p4, 1)
      const g6 = await guest({ name: "Sumi Das", email: "sumi@example.com", phone: "01744444444" }, lastUnit, 1)
      const g7 = await guest({ name: "Old Timer", email: "old@example.com", phone: "01755555555" }, p1, 1)
      const g8 = await guest({ name: "Same Phone", email: "other@example.com", phone: "01999999999" }, p2, 2)
      const g9 = await guest({ name: "Deleted Order", email: "deleted@example.com", phone: "01766666666" }, p3, 1)
      const g10 = await guest({ name: "Last Month", email: "rupa@example.com", phone: "01711111111" }, p4, 1)

      const me = await customerSession(api, "Dashboard Buyer")
      await api.post(
        "/api/shop/products/addtocart",
        { userId: me.user.id, productId: p2._id, quantity: 2 },
        as(me.cookie)
      )
      const addressId = (await api.post("/api/shop/address/add", { userId: me.user.id, ...address }, as(me.cookie)))
        .data.data[0]._id
      const mine = await api.post(
        "/api/shop/order/create-order",
        { userId: me.user.id, addressInfo: { addressId } },
        as(me.cookie)
      )
      expect(mine.status).toBe(201)
      const c1: Placed = {
        _id: mine.data.data._id,
        orderNumber: mine.data.data.orderNumber,
        TotalAmount: mine.data.data.TotalAmount,
        isGuest: false,
        guestName: mine.data.data.guestName,
        name: "Dashboard Buyer",
        guestEmail: null,
        guestPhone: null,
        customerId: me.user.id,
        status: "pending",
        at: new Date(mine.data.data.orderDate),
        deleted: false,
        linked: true,
      }
      placed.push(c1)

      // ---- statuses through the admin API ----
      const setStatus = async (order: Placed, status: string) => {
        const res = await api.put(
          "/api/admin/order/update-order-status",
          { orderId: order._id, orderStatus: status },
          as(admin.cookie)
        )
        expect(res.status).toBe(200)
        order.status = status
      }
      await setStatus(g1, "delivered")
      await setStatus(g3, "cancelled") // its unit goes back: comesBack is in stock again
      await setStatus(g4, "shipped")
      await setStatus(g5, "completed")
      await setStatus(g6, "delivered") // took lastUnit's last unit
      await setStatus(g9, "delivered")
      await setStatus(g10, "delivered")
      await setStatus(c1, "delivered")

      // ---- back-dating and edge rows, straight in the database ----
      const now = Date.now()
      const n = dhaka(new Date(now))
      const todayStart = dhakaMidnight(n.y, n.m, n.d).getTime()
      const monthStart = dhakaMidnight(n.y, n.m, 1).getTime()
      const when: [Placed, number][] = [
        [g1, now - 1 * MINUTE],
        [c1, now - 2 * MINUTE],
        [g2, Math.min(todayStart + MINUTE, now - 3 * MINUTE)], // just after midnight in Dhaka (the UTC day before)
        [g3, todayStart - MINUTE], // just before midnight in Dhaka: yesterday
        [g4, now - 2 * DAY],
        [g10, monthStart - MINUTE], // last month, by a minute
        [g5, now - 40 * DAY],
        [g6, now - 400 * DAY],
        [g7, now - 3 * 365 * DAY],
        [g8, now - 5 * MINUTE],
        [g9, now - 30 * 1000],
      ]
      const db = knex()
      for (const [order, at] of when) {
        order.at = new Date(at)
        await db.raw("update shop_order set created_at = ? where order_number = ?", [order.at, order.orderNumber])
      }
      // landing-page orders may come without an email: counted by phone (g5 and g8 are one customer)
      for (const order of [g5, g8]) {
        await db.raw("update shop_order set guest_email = '' where order_number = ?", [order.orderNumber])
        order.guestEmail = ""
      }
      // a deleted record counts nowhere
      await db.raw("update shop_order set deleted_at = now() where order_number = ?", [g9.orderNumber])
      g9.deleted = true
      // a record whose link to the Medusa order is gone: _id null
      await db.raw(
        `update order_order_shoporder_shop_order set deleted_at = now()
          where shop_order_id = (select id from shop_order where order_number = ?)`,
        [g4.orderNumber]
      )
      g4.linked = false

      // ---- catalog changes: deleted, added, reserved ----
      expect(
        (await api.delete(`/api/admin/products/delete-product/${deletedSoldOut._id}`, as(admin.cookie))).status
      ).toBe(200)
      expect(
        (await api.delete(`/api/admin/products/delete-product/${deletedInStock._id}`, as(admin.cookie))).status
      ).toBe(200)
      const added = await api.post(
        "/api/admin/products/add-product",
        {
          image: "http://localhost:9000/static/placeholder.png",
          title: "Sold Out Lungi",
          description: "Checked cotton lungi.",
          category: "men",
          brand: "no-brand",
          price: 950,
          saleprice: 0,
          stock: 0,
          discount: 0,
        },
        as(admin.cookie)
      )
      expect(added.status).toBe(201)
      // every unit of `reserved` is held: nothing left to sell
      await db.raw(
        `update inventory_level set reserved_quantity = stocked_quantity
          where inventory_item_id in (
            select pvi.inventory_item_id from product_variant_inventory_item pvi
              join product_variant v on v.id = pvi.variant_id where v.product_id = ?)`,
        [reserved._id]
      )
      const expectedProducts = {
        totalProducts: seedTotal - 2 + 1,
        // - the deleted sold-out one, + lastUnit, + reserved, + the added one
        outOfStockProducts: seedOut - 1 + 1 + 1 + 1,
      }
      // the same notion as the shop's own product list
      const listed = (await api.get("/api/admin/products/get-products", as(admin.cookie))).data.products as Product[]
      expect(listed).toHaveLength(expectedProducts.totalProducts)
      expect(listed.filter((p) => p.stock === 0)).toHaveLength(expectedProducts.outOfStockProducts)
      expect(listed.find((p) => p._id === comesBack._id)!.stock).toBe(1)

      // ---- the figures, period by period ----
      const seen: Record<string, unknown> = {}
      const answers: Record<
        string,
        { completedOrders: number; deliveredOrders: number; recentOrders: { customerName: string; isGuest: boolean }[] }
      > = {}
      for (const period of PERIODS) {
        const before = Date.now()
        const res = await dashboard(`?period=${period}`)
        expect(res.status).toBe(200)
        expect(res.headers["cache-control"]).toMatch(/no-store/)
        expect(res.data.success).toBe(true)
        const data = res.data.data
        const generatedAt = new Date(data.generatedAt)
        expect(Math.abs(generatedAt.getTime() - before)).toBeLessThan(60_000)
        const start = periodStart(period, generatedAt)
        expect(data).toEqual({
          period,
          timeZone: TZ,
          from: start ? start.toISOString() : null,
          generatedAt: data.generatedAt,
          ...expectedProducts,
          ...expectedFigures(placed, period, generatedAt),
        })
        seen[period] = data.totalOrders
        answers[period] = data
      }

      // all time: g1, g6, g10 and c1 delivered and g5 completed are the five Completed Orders
      expect(answers.all).toMatchObject({ completedOrders: 5, deliveredOrders: 4 })
      // the two newest: g1 (a guest) and c1 (the account "Dashboard Buyer"), each named
      expect(answers.all.recentOrders.slice(0, 2).map((o) => [o.isGuest, o.customerName])).toEqual([
        [true, "Rupa Akter"],
        [false, "Dashboard Buyer"],
      ])

      // the scenario really tells the periods apart (not all the same number)
      expect(seen.all).toBe(10)
      expect(new Set(Object.values(seen)).size).toBeGreaterThan(1)

      // no period is the default
      const fallback = await dashboard()
      expect(fallback.data.data).toMatchObject({ period: "all", from: null, totalOrders: 10 })
    })
  },
})
