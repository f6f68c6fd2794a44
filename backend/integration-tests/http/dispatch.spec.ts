import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { parse } from "csv-parse/sync"
import {
  MAX_BULK_ORDERS,
  NOT_A_BD_MOBILE,
  ORDER_EXPORT_COLUMNS,
  type AdminOrder,
  type Order,
  type PhoneView,
  type Product,
} from "@shop/contract"
import seed from "../../src/scripts/seed"
import { FakeCouriers, STEADFAST_KEYS } from "../utils/fake-couriers"
import { PdfReader } from "../utils/pdf"
import { shopIntegrationTestRunner } from "../utils/runner"
import { ADMIN, anyStatus, customerSession, loginAs } from "../utils/session"
import { followSubscribers } from "../utils/subscribers"

jest.setTimeout(300_000)

process.env.TRUST_PROXY = "loopback"

const ENV = ["STEADFAST_BASE_URL", "STEADFAST_API_KEY", "STEADFAST_SECRET_KEY", "COURIER_TIMEOUT_MS"]
const BENGALI_ADDRESS = "বাড়ি ১২, রোড ৫, মিরপুর ১০, ঢাকা-১২১৬"
const BENGALI_NAME = "রহিম উদ্দিন"

/**
 * The dispatch desk: one PDF of invoices and labels read back with Poppler
 * and ZXing (pages and their sizes, text with Bengali in its typed order,
 * barcodes decoded), the print marks (409 before a reprint, two prints at
 * once), today's orders, bulk status changes under the one-order rules, and
 * the CSV of a selection.
 */
shopIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const couriers = new FakeCouriers()
    let courierBase = ""
    let admin: { cookie: string }
    let product: Product
    let phoneSeq = 0
    let client = 0
    let subscribers: { settled: () => Promise<void> }
    const settled = () => subscribers.settled()

    beforeAll(async () => {
      courierBase = await couriers.start()
      await seed({ container: getContainer(), args: [] } as never)
      subscribers = followSubscribers(getContainer() as never, [
        "shop-order.placed",
        "shop-order.status-changed",
        "shop-order.parcel-changed",
      ])
    })
    afterAll(async () => {
      ENV.forEach((name) => delete process.env[name])
      await couriers.stop()
    })
    beforeEach(async () => {
      Object.assign(process.env, {
        STEADFAST_BASE_URL: `${courierBase}/steadfast/api/v1`,
        STEADFAST_API_KEY: STEADFAST_KEYS.apiKey,
        STEADFAST_SECRET_KEY: STEADFAST_KEYS.secretKey,
        COURIER_TIMEOUT_MS: "1500",
      })
      admin = await loginAs(api, ADMIN)
      product = ((await api.get("/api/shop/products/get")).data.products as Product[])
        .filter((p) => p.stock > 30)
        .sort((a, b) => b.stock - a.stock)[0]!
    })
    afterEach(settled)

    const as = (cookie?: string) => ({ ...anyStatus, headers: cookie ? { cookie } : {} })
    const asPdf = (cookie: string) => ({ ...as(cookie), responseType: "arraybuffer" as const })
    const newPhone = () => `0181${String(2000000 + ++phoneSeq).padStart(7, "0")}`

    const guestOrder = async (name = "Karim Hossain", address = "House 7, Road 2, Agrabad", city = "Chattogram") => {
      const phone = newPhone()
      const res = await api.post(
        "/api/shop/order/create-order",
        {
          isGuest: true,
          guestName: name,
          guestEmail: `desk${phoneSeq}@example.com`,
          guestPhone: phone,
          cartItems: [{ productId: product._id, quantity: 2 }],
          addressInfo: [{ address, city, pincode: "1216", number: phone, notes: "" }],
        },
        { ...anyStatus, headers: { "x-forwarded-for": `198.51.100.${++client}` } }
      )
      expect([res.status, res.data.message]).toEqual([201, "Order created successfully!"])
      await settled()
      return res.data.data as Order
    }
    const shipSteadfast = async (order: Order) => {
      const res = await api.post(`/api/admin/order/${order._id}/courier`, { provider: "steadfast" }, as(admin.cookie))
      expect(res.status).toBe(201)
      await settled()
      return res.data.data as AdminOrder["courier"]
    }
    const print = (body: unknown, cookie = admin.cookie) => api.post("/api/admin/order/print", body, asPdf(cookie))
    const json = (data: ArrayBuffer) => JSON.parse(Buffer.from(data).toString("utf8"))
    const dispatchOf = async (orderId: string) => {
      const res = await api.get(`/api/admin/order/order-details/${orderId}`, as(admin.cookie))
      expect(res.status).toBe(200)
      return (res.data.data as AdminOrder).dispatch!
    }
    const sql = async (text: string, bindings: unknown[] = []) =>
      (
        await (
          getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION) as {
            raw: (s: string, b: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>
          }
        ).raw(text, bindings)
      ).rows

    it("prints A4 invoices then A6 labels whose text, Bengali included, and barcodes read back", async () => {
      const bengali = await guestOrder(BENGALI_NAME, BENGALI_ADDRESS, "ঢাকা")
      const latin = await guestOrder()
      const parcel = await shipSteadfast(latin)
      expect(parcel?.consignmentId).toBeTruthy()

      const res = await print({ orderIds: [bengali._id, latin._id] })
      expect(res.status).toBe(200)
      expect(res.headers["content-type"]).toBe("application/pdf")
      expect(res.headers["x-printed-orders"]).toBe("2")
      const pdf = new PdfReader(Buffer.from(res.data))
      try {
        // A4 is 595 x 842 points, A6 298 x 420
        expect(await pdf.pageSizes()).toEqual([
          [595, 842],
          [595, 842],
          [298, 420],
          [298, 420],
        ])
        const invoice = await pdf.text(1)
        expect(invoice).toContain(bengali.orderNumber)
        expect(invoice).toContain(BENGALI_NAME)
        expect(invoice).toContain(BENGALI_ADDRESS)
        expect(invoice).toContain("Inside Dhaka")
        expect(invoice).toContain(product.title)
        expect(invoice).toContain(`Cash to collect: ৳${bengali.TotalAmount.toLocaleString("en-US")}`)

        const label = await pdf.text(4)
        expect(label).toContain(latin.orderNumber)
        expect(label).toContain("Karim Hossain")
        expect(label).toContain("House 7, Road 2, Agrabad, Chattogram")
        expect(label).toContain(`Consignment ${parcel!.consignmentId}`)
        expect(label).toContain(`৳${latin.TotalAmount.toLocaleString("en-US")}`)
        expect(await pdf.text(3)).toContain(BENGALI_ADDRESS)
        expect(await pdf.text(3)).toContain("Not booked with a courier yet")

        // the scanner reads the order number off the invoice, and off the label the courier's codes too
        expect(await pdf.barcodes(1)).toEqual([["Code128", bengali.orderNumber]])
        expect(await pdf.barcodes(4)).toEqual(
          [
            ["Code128", latin.orderNumber],
            ["Code128", parcel!.consignmentId!],
            ["QRCode", parcel!.trackingUrl ?? parcel!.trackingCode!],
          ].sort()
        )
      } finally {
        pdf.close()
      }
      const marked = await dispatchOf(latin._id)
      expect(marked.printCount).toBe(1)
      expect(Date.now() - Date.parse(marked.printedAt!)).toBeLessThan(60_000)
      expect(marked.source).toBe("shop")
    })

    it("asks before printing an order again, reprints when told, and two prints at once mark once", async () => {
      const a = await guestOrder()
      const b = await guestOrder()
      expect((await print({ orderIds: [a._id] })).status).toBe(200)

      const again = await print({ orderIds: [a._id, b._id] })
      expect(again.status).toBe(409)
      expect(json(again.data)).toEqual({
        success: false,
        message: `Order ${a.orderNumber} was printed before. Print again?`,
        data: { orderIds: [a._id], orderNumbers: [a.orderNumber] },
      })
      // the refused print marked nothing
      expect((await dispatchOf(b._id)).printCount).toBe(0)

      expect((await print({ orderIds: [a._id, b._id], reprint: true })).status).toBe(200)
      expect((await dispatchOf(a._id)).printCount).toBe(2)
      expect((await dispatchOf(b._id)).printCount).toBe(1)

      // a double tap: the same new orders printed twice at the same moment
      const c = await guestOrder()
      const d = await guestOrder()
      const both = await Promise.all([print({ orderIds: [c._id, d._id] }), print({ orderIds: [d._id, c._id] })])
      expect(both.map((r) => r.status).sort()).toEqual([200, 409])
      expect((await dispatchOf(c._id)).printCount).toBe(1)
      expect((await dispatchOf(d._id)).printCount).toBe(1)
    })

    it("prints today's confirmed orders once: booked today or waiting and not held, never the printed", async () => {
      const booked = await guestOrder()
      await shipSteadfast(booked)
      const waiting = await guestOrder()
      const cancelled = await guestOrder()
      expect(
        (
          await api.put(
            "/api/admin/order/update-order-status",
            { orderId: cancelled._id, orderStatus: "cancelled" },
            as(admin.cookie)
          )
        ).status
      ).toBe(200)
      const held = await guestOrder()
      await sql(`update order_risk set needs_confirmation = true where order_id = ?`, [held._id])
      const yesterday = await guestOrder()
      await sql(
        `update shop_order set created_at = now() - interval '2 days', status_changed_at = now() - interval '2 days'
          where id = (select shop_order_id from order_order_shoporder_shop_order where order_id = ?)`,
        [yesterday._id]
      )
      await sql(`update order_risk set updated_at = now() - interval '2 days' where order_id = ?`, [yesterday._id])

      const res = await print({ today: true })
      expect(res.status).toBe(200)
      expect(res.headers["x-printed-orders"]).toBe("2")
      const pdf = new PdfReader(Buffer.from(res.data))
      try {
        expect((await pdf.pageSizes()).length).toBe(4)
        expect(await pdf.text(1)).toContain(booked.orderNumber)
        expect(await pdf.text(2)).toContain(waiting.orderNumber)
      } finally {
        pdf.close()
      }
      const none = await print({ today: true })
      expect(none.status).toBe(404)
      expect(json(none.data).message).toBe("No orders to print: every order confirmed today is printed already")
      expect((await dispatchOf(held._id)).printCount).toBe(0)
      expect((await dispatchOf(yesterday._id)).printCount).toBe(0)
    })

    it("changes many orders' status under the one-order rules, each answered on its own", async () => {
      const a = await guestOrder()
      const b = await guestOrder()
      const stockBefore = ((await api.get(`/api/shop/products/get/${product._id}`)).data.data as Product).stock
      const res = await api.put(
        "/api/admin/order/bulk-status",
        { orderIds: [a._id, "order_01NOSUCHORDER00000000000000", b._id, a._id], orderStatus: "cancelled" },
        as(admin.cookie)
      )
      await settled()
      expect(res.status).toBe(200)
      expect(res.data).toEqual({
        success: true,
        message: "2 updated, 1 refused",
        data: [
          { orderId: a._id, success: true },
          { orderId: "order_01NOSUCHORDER00000000000000", success: false, message: "Order not found" },
          { orderId: b._id, success: true },
        ],
      })
      // as one cancellation does: the units are back in stock
      const stockAfter = ((await api.get(`/api/shop/products/get/${product._id}`)).data.data as Product).stock
      expect(stockAfter).toBe(stockBefore + 4)
      const list = (await api.get("/api/admin/order/all-orders", as(admin.cookie))).data.data as AdminOrder[]
      expect(list.filter((o) => [a._id, b._id].includes(o._id)).map((o) => o.orderStatus)).toEqual([
        "cancelled",
        "cancelled",
      ])
    })

    it("exports the chosen orders as CSV, one row per line, Bengali kept and formulas disarmed", async () => {
      const a = await guestOrder(BENGALI_NAME, BENGALI_ADDRESS, "ঢাকা")
      const b = await guestOrder('=HYPERLINK("http://evil.example","x")')
      await shipSteadfast(b)
      const res = await api.post("/api/admin/order/export", { orderIds: [b._id, a._id] }, as(admin.cookie))
      expect(res.status).toBe(200)
      expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8")
      const rows: string[][] = parse(String(res.data).replace(/^\uFEFF/, ""))
      expect(rows[0]).toEqual([...ORDER_EXPORT_COLUMNS])
      const col = (name: (typeof ORDER_EXPORT_COLUMNS)[number]) => ORDER_EXPORT_COLUMNS.indexOf(name)
      expect(rows.slice(1).map((r) => r[col("order_number")])).toEqual([a.orderNumber, b.orderNumber])
      expect(rows[1]![col("customer")]).toBe(BENGALI_NAME)
      expect(rows[1]![col("address")]).toBe(`${BENGALI_ADDRESS}, ঢাকা, 1216`)
      expect(rows[1]![col("quantity")]).toBe("2")
      expect(rows[2]![col("customer")]).toBe('\'=HYPERLINK("http://evil.example","x")')
      expect(rows[2]![col("courier")]).toBe("Steadfast")
      expect(rows[2]![col("consignment")]).not.toBe("")
    })

    describe("orders taken by phone and in Messenger", () => {
      const manual = (body: Record<string, unknown>, key?: string) =>
        api.post("/api/admin/order/manual", body, {
          ...anyStatus,
          headers: { cookie: admin.cookie, ...(key ? { "idempotency-key": key } : {}) },
        })
      const stockOf = async (id: string) => ((await api.get(`/api/shop/products/get/${id}`)).data.data as Product).stock
      const orderCount = async () => Number((await sql(`select count(*)::int as n from shop_order`))[0]!.n)
      const phoneOrder = (overrides: Record<string, unknown> = {}) => ({
        source: "phone",
        name: BENGALI_NAME,
        phone: "+৮৮০ ১৭১২-৩৪৫৬৭৮",
        address: BENGALI_ADDRESS,
        items: [{ productId: product._id, quantity: 2 }],
        ...overrides,
      })

      it("goes through the one order workflow: priced, stock taken, the area's charge, marked with who took it", async () => {
        const before = await stockOf(product._id)
        const key = `desk-${Date.now()}`
        const res = await manual(phoneOrder({ notes: "call after 5pm" }), key)
        await settled()
        expect([res.status, res.data.message]).toEqual([201, "Order added"])
        const order = res.data.data as AdminOrder
        const price = product.saleprice > 0 ? product.saleprice : product.price
        // the address names Dhaka: the inside-Dhaka charge, ৳60
        expect([order.deliveryArea, order.deliveryCharge, order.TotalAmount]).toEqual(["dhaka", 60, price * 2 + 60])
        expect(order.guestPhone).toBe("01712345678")
        expect(order.addressInfo[0]).toMatchObject({
          address: BENGALI_ADDRESS,
          number: "01712345678",
          notes: "call after 5pm",
        })
        expect(order.dispatch).toEqual({ source: "phone", takenBy: ADMIN.email, printedAt: null, printCount: 0 })
        // Medusa's own order says the same (Medusa Admin shows its metadata)
        const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
        const { data: native } = await query.graph({
          entity: "order",
          fields: ["metadata"],
          filters: { id: order._id },
        })
        expect(native[0]?.metadata).toEqual({ payment_method: "cod", source: "phone", taken_by: ADMIN.email })
        expect(order.risk).toEqual(expect.objectContaining({ level: expect.any(String) }))
        expect(await stockOf(product._id)).toBe(before - 2)

        // a double click: the same key twice at once, and once more later, answers the one order
        const again = await Promise.all([
          manual(phoneOrder({ notes: "call after 5pm" }), key),
          manual(phoneOrder({ notes: "call after 5pm" }), key),
        ])
        await settled()
        expect(again.map((r) => [r.status, (r.data.data as AdminOrder)._id])).toEqual([
          [201, order._id],
          [201, order._id],
        ])
        expect(await stockOf(product._id)).toBe(before - 2)

        // the phone's view now names the order
        const view = await api.get(
          `/api/admin/order/phone-view?phone=${encodeURIComponent("01712 345678")}&productIds=${product._id}`,
          as(admin.cookie)
        )
        expect(view.status).toBe(200)
        const data = view.data.data as PhoneView
        expect(data.phone).toBe("01712345678")
        expect(data.orders.map((o) => o.orderNumber)).toContain(order.orderNumber)
        expect(data.blocklisted).toBe(false)
        // the same product again within the guard's window: a duplicate
        expect(data.risk.duplicateOf).toBe(order.orderNumber)
      })

      it("is not held to the shopper's order limit, and a Messenger order outside Dhaka pays the outside charge", async () => {
        const phone = newPhone()
        for (let i = 0; i < 4; i++) {
          const res = await manual(
            phoneOrder({
              source: "messenger",
              name: "Nasrin Akter",
              phone,
              address: "Vill: Charpara, Sherpur Sadar",
              city: "Sherpur",
            })
          )
          await settled()
          expect([i, res.status, res.data.message]).toEqual([i, 201, "Order added"])
          expect((res.data.data as AdminOrder).deliveryCharge).toBe(120)
          expect((res.data.data as AdminOrder).dispatch?.source).toBe("messenger")
        }
      })

      it("the guard still refuses a blocklisted phone, and nothing is saved", async () => {
        const phone = newPhone()
        const listed = await api.post(
          "/api/admin/order-guard/blocklist",
          { kind: "phone", value: phone, reason: "fake orders" },
          as(admin.cookie)
        )
        expect(listed.status).toBeLessThan(300)
        const view = await api.get(`/api/admin/order/phone-view?phone=${phone}`, as(admin.cookie))
        expect((view.data.data as PhoneView).blocklisted).toBe(true)
        const count = await orderCount()
        const stock = await stockOf(product._id)
        const res = await manual(phoneOrder({ phone }))
        expect(res.status).toBe(403)
        expect(await orderCount()).toBe(count)
        expect(await stockOf(product._id)).toBe(stock)
      })

      it("refuses a phone outside Bangladesh's mobiles, sold-out stock and unknown products, saving nothing", async () => {
        const count = await orderCount()
        const stock = await stockOf(product._id)
        const cases: [Record<string, unknown>, number, string][] = [
          [phoneOrder({ phone: "01212345678" }), 400, NOT_A_BD_MOBILE],
          [phoneOrder({ phone: "+44 7700 900123" }), 400, NOT_A_BD_MOBILE],
          [phoneOrder({ phone: "" }), 400, "Enter the customer's phone"],
          [phoneOrder({ name: " " }), 400, "Enter the customer's name"],
          [phoneOrder({ items: [] }), 400, "Add at least one product"],
          [phoneOrder({ source: "email" }), 400, "source must be one of: phone, messenger"],
          [
            phoneOrder({ items: [{ productId: product._id, quantity: stock + 1 }] }),
            409,
            `Only ${stock} of ${product.title} left in stock`,
          ],
          [
            phoneOrder({ items: [{ productId: "prod_01NOSUCHPRODUCT0000000000", quantity: 1 }] }),
            404,
            "Product not found!",
          ],
        ]
        for (const [body, status, message] of cases) {
          const res = await manual(body)
          expect([res.status, res.data.message]).toEqual([status, expect.stringContaining(message)])
        }
        expect(await orderCount()).toBe(count)
        expect(await stockOf(product._id)).toBe(stock)
        const bad = await api.get(`/api/admin/order/phone-view?phone=12345`, as(admin.cookie))
        expect([bad.status, bad.data.message]).toEqual([400, expect.stringContaining(NOT_A_BD_MOBILE)])
        const shopper = await customerSession(api, "Desk Intruder")
        expect([401, 403]).toContain(
          (await api.post("/api/admin/order/manual", phoneOrder(), as(shopper.cookie))).status
        )
      })
    })

    it("refuses bad requests with a clear message, for admins only", async () => {
      const order = await guestOrder()
      const cases: [string, "post" | "put", unknown, number, string][] = [
        ["/api/admin/order/print", "post", {}, 400, "Choose orders, or today's orders"],
        [
          "/api/admin/order/print",
          "post",
          { orderIds: [order._id], today: true },
          400,
          "Choose orders, or today's orders",
        ],
        ["/api/admin/order/print", "post", { orderIds: [] }, 400, "Choose at least one order"],
        [
          "/api/admin/order/print",
          "post",
          { orderIds: Array.from({ length: MAX_BULK_ORDERS + 1 }, (_, i) => `order_${i}`) },
          400,
          `At most ${MAX_BULK_ORDERS} orders at once`,
        ],
        [
          "/api/admin/order/print",
          "post",
          { orderIds: ["order_01NOSUCHORDER00000000000000"] },
          404,
          "Some of these orders do not exist",
        ],
        [
          "/api/admin/order/bulk-status",
          "put",
          { orderIds: [order._id], orderStatus: "lost" },
          400,
          "orderStatus must be one of",
        ],
        ["/api/admin/order/export", "post", { orderIds: "all" }, 400, "orderIds must be a list of order ids"],
      ]
      for (const [url, method, body, status, message] of cases) {
        const res = await api[method](url, body, as(admin.cookie))
        expect([url, res.status]).toEqual([url, status])
        expect(String(res.data.message)).toContain(message)
      }
      const shopper = await customerSession(api, "Desk Shopper")
      for (const cookie of [undefined, shopper.cookie]) {
        const res = await api.post("/api/admin/order/print", { orderIds: [order._id] }, as(cookie))
        expect([401, 403]).toContain(res.status)
      }
      expect((await dispatchOf(order._id)).printCount).toBe(0)
    })
  },
})
