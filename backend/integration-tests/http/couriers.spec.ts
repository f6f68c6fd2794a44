import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { Order, Product } from "@shop/contract"
import { pollCouriers } from "../../src/jobs/poll-couriers"
import seed from "../../src/scripts/seed"
import { FakeCouriers, PATHAO_ACCOUNT, STEADFAST_KEYS } from "../utils/fake-couriers"
import { shopIntegrationTestRunner } from "../utils/runner"
import { ADMIN, anyStatus, customerSession, loginAs } from "../utils/session"

jest.setTimeout(240_000)

/**
 * Courier booking and sync against a fake Steadfast and Pathao that follow
 * their documented requests and answers. Couriers read their settings from
 * the environment when they book, so each test sets what it needs.
 */
const STEADFAST_TOKEN = "sf-webhook-token-789"
const PATHAO_SECRET = "pathao-webhook-secret-012"
const COURIER_ENV = [
  "STEADFAST_WEBHOOK_TOKEN",
  "PATHAO_WEBHOOK_SECRET",
  "STEADFAST_BASE_URL",
  "STEADFAST_API_KEY",
  "STEADFAST_SECRET_KEY",
  "PATHAO_BASE_URL",
  "PATHAO_CLIENT_ID",
  "PATHAO_CLIENT_SECRET",
  "PATHAO_USERNAME",
  "PATHAO_PASSWORD",
  "PATHAO_STORE_ID",
  "COURIER_TIMEOUT_MS",
]

shopIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const fake = new FakeCouriers()
    let base = ""
    let admin: { cookie: string }
    let product: Product

    const connect = () => {
      Object.assign(process.env, {
        STEADFAST_BASE_URL: `${base}/steadfast/api/v1`,
        STEADFAST_API_KEY: STEADFAST_KEYS.apiKey,
        STEADFAST_SECRET_KEY: STEADFAST_KEYS.secretKey,
        PATHAO_BASE_URL: `${base}/pathao`,
        PATHAO_CLIENT_ID: PATHAO_ACCOUNT.clientId,
        PATHAO_CLIENT_SECRET: PATHAO_ACCOUNT.clientSecret,
        PATHAO_USERNAME: PATHAO_ACCOUNT.username,
        PATHAO_PASSWORD: PATHAO_ACCOUNT.password,
        PATHAO_STORE_ID: PATHAO_ACCOUNT.storeId,
        COURIER_TIMEOUT_MS: "1500",
        STEADFAST_WEBHOOK_TOKEN: STEADFAST_TOKEN,
        PATHAO_WEBHOOK_SECRET: PATHAO_SECRET,
      })
    }
    const disconnect = () => COURIER_ENV.forEach((name) => delete process.env[name])

    beforeAll(async () => {
      base = await fake.start()
      await seed({ container: getContainer(), args: [] } as never)
    })
    afterAll(async () => {
      disconnect()
      await fake.stop()
    })
    beforeEach(async () => {
      connect()
      admin = await loginAs(api, ADMIN)
      product = ((await api.get("/api/shop/products/get")).data.products as Product[])
        .filter((p) => p.stock > 20)
        .sort((a, b) => b.stock - a.stock)[0]!
    })

    const as = (cookie?: string) => ({ ...anyStatus, headers: cookie ? { cookie } : {} })
    let orderCount = 0
    const placeOrder = async (extra: Record<string, unknown> = {}): Promise<Order> => {
      orderCount += 1
      const res = await api.post(
        "/api/shop/order/create-order",
        {
          isGuest: true,
          guestName: `Courier Buyer ${orderCount}`,
          guestEmail: `buyer${orderCount}@example.com`,
          guestPhone: "+880 1712-345678",
          landingPageSlug: null,
          cartItems: [{ productId: product._id, title: product.title, quantity: 2 }],
          addressInfo: [
            {
              address: "House 7, Road 2, Mirpur",
              city: "Dhaka",
              pincode: "1216",
              number: "01712345678",
              notes: "Call first",
            },
          ],
          orderStatus: "pending",
          ...extra,
        },
        anyStatus
      )
      expect([res.status, res.data.message]).toEqual([201, expect.anything()])
      return res.data.data as Order
    }
    const book = (orderId: string, body: Record<string, unknown>, cookie = admin.cookie) =>
      api.post(`/api/admin/order/${orderId}/courier`, body, as(cookie))
    const details = async (orderId: string) =>
      (await api.get(`/api/admin/order/order-details/${orderId}`, as(admin.cookie))).data.data as Order
    const setStatus = async (orderId: string, orderStatus: string) => {
      const res = await api.put("/api/admin/order/update-order-status", { orderId, orderStatus }, as(admin.cookie))
      expect(res.status).toBe(200)
    }
    const fulfilments = async (orderId: string) => {
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({
        entity: "order",
        fields: [
          "fulfillments.provider_id",
          "fulfillments.canceled_at",
          "fulfillments.shipped_at",
          "fulfillments.labels.tracking_number",
          "fulfillments.labels.tracking_url",
        ],
        filters: { id: orderId },
      })
      return ((data[0] as { fulfillments?: unknown[] }).fulfillments ?? []) as {
        provider_id: string
        canceled_at: string | null
        shipped_at: string | null
        labels: { tracking_number: string; tracking_url: string }[]
      }[]
    }

    describe("GET /api/admin/couriers", () => {
      it("lists each courier set up or with the variables it still needs; the manual courier always works", async () => {
        disconnect()
        process.env.PATHAO_STORE_ID = "not-a-number"
        const res = await api.get("/api/admin/couriers", as(admin.cookie))
        expect(res.status).toBe(200)
        expect(res.data.data).toEqual([
          {
            provider: "steadfast",
            label: "Steadfast",
            configured: false,
            missing: ["STEADFAST_API_KEY", "STEADFAST_SECRET_KEY"],
          },
          {
            provider: "pathao",
            label: "Pathao",
            configured: false,
            missing: [
              "PATHAO_CLIENT_ID",
              "PATHAO_CLIENT_SECRET",
              "PATHAO_USERNAME",
              "PATHAO_PASSWORD",
              "PATHAO_STORE_ID",
            ],
          },
          { provider: "manual", label: "Other courier", configured: true, missing: [] },
        ])
        connect()
        const ready = await api.get("/api/admin/couriers", as(admin.cookie))
        expect(ready.data.data.map((c: { configured: boolean }) => c.configured)).toEqual([true, true, true])
        const customer = await customerSession(api, "Courier Snoop")
        expect((await api.get("/api/admin/couriers", as(customer.cookie))).status).toBe(403)
      })
    })

    describe("POST /api/admin/order/{orderId}/courier", () => {
      it("books Steadfast with the order number, the 11-digit phone, the address and the total as cash to collect; the order is shipped", async () => {
        const order = await placeOrder()
        const before = fake.creates("steadfast").length
        const res = await book(order._id, { provider: "steadfast" })
        expect(res.status).toBe(201)
        const sent = fake.creates("steadfast").at(-1)!
        expect(fake.creates("steadfast")).toHaveLength(before + 1)
        expect(sent.body).toEqual({
          invoice: order.orderNumber,
          recipient_name: order.guestName,
          recipient_phone: "01712345678",
          recipient_address: "House 7, Road 2, Mirpur, Dhaka, 1216",
          cod_amount: order.TotalAmount,
          note: "Call first",
          item_description: `${product.title} x 2`,
        })
        const consignment = fake.steadfast.get(order.orderNumber)!
        expect(res.data).toEqual({
          success: true,
          message: "Sent to Steadfast",
          data: {
            provider: "steadfast",
            courierName: "Steadfast",
            consignmentId: String(consignment.consignment_id),
            trackingCode: consignment.tracking_code,
            courierStatus: "in_review",
            trackingUrl: `https://steadfast.com.bd/t/${consignment.tracking_code}`,
            collectedAmount: null,
            deliveryCharge: null,
            settledAmount: null,
            payoutId: null,
            onHold: false,
            awaitingReturn: false,
            returnedUnits: 0,
            outcome: "open",
            updatedAt: expect.any(String),
          },
        })
        const after = await details(order._id)
        expect(after.orderStatus).toBe("shipped")
        expect(after.courier).toEqual(res.data.data)
        // the shop's own short link in the shipped message leads to Steadfast's tracking page
        const short = await api.get(`/t/${order.orderNumber.replace(/^ORD-/, "").toLowerCase()}`, {
          ...anyStatus,
          maxRedirects: 0,
        })
        expect([short.status, short.headers.location]).toEqual([302, res.data.data.trackingUrl])
        // Medusa's own record: a shipped fulfilment by the Steadfast provider with its tracking label
        const [fulfilment] = await fulfilments(order._id)
        expect(fulfilment).toMatchObject({ provider_id: "steadfast_steadfast", canceled_at: null })
        expect(fulfilment!.shipped_at).not.toBeNull()
        expect(fulfilment!.labels).toEqual([
          {
            tracking_number: consignment.tracking_code,
            tracking_url: `https://steadfast.com.bd/t/${consignment.tracking_code}`,
          },
        ])
        // and every all-orders row carries it
        const rows = (await api.get("/api/admin/order/all-orders", as(admin.cookie))).data.data as Order[]
        expect(rows.find((r) => r._id === order._id)!.courier).toEqual(res.data.data)
      })

      it("an order already booked answers its parcel and calls no courier again, also when asked for another courier", async () => {
        const order = await placeOrder()
        const first = await book(order._id, { provider: "steadfast" })
        expect(first.status).toBe(201)
        const calls = fake.requests.length
        const again = await Promise.all([
          book(order._id, { provider: "steadfast" }),
          book(order._id, { provider: "pathao" }),
        ])
        for (const res of again) {
          expect(res.status).toBe(200)
          expect(res.data.message).toBe("Already with Steadfast")
          expect(res.data.data).toEqual(first.data.data)
        }
        expect(fake.requests.length).toBe(calls)
        expect((await fulfilments(order._id)).filter((f) => !f.canceled_at)).toHaveLength(1)
      })

      it("a time-out leaves the order as it was (502); the next try finds the parcel by its invoice and books nothing twice", async () => {
        const order = await placeOrder()
        fake.slowNextCreateMs = 4000
        const slow = await book(order._id, { provider: "steadfast" })
        expect(slow.status).toBe(502)
        expect(slow.data).toEqual({
          success: false,
          message: "Steadfast did not answer within 2 s. The order was not changed; please try again.",
        })
        const unchanged = await details(order._id)
        expect([unchanged.orderStatus, unchanged.courier]).toEqual(["pending", null])
        expect(await fulfilments(order._id)).toEqual([])
        // the courier did make it: the retry looks the invoice up before creating
        expect(fake.steadfast.has(order.orderNumber)).toBe(true)
        const retry = await book(order._id, { provider: "steadfast" })
        expect(retry.status).toBe(201)
        expect(retry.data.data).toMatchObject({
          provider: "steadfast",
          courierStatus: "in_review",
          consignmentId: null,
        })
        expect(fake.creates("steadfast").filter((r) => r.body.invoice === order.orderNumber)).toHaveLength(1)
        expect((await details(order._id)).orderStatus).toBe("shipped")
      })

      it("a Pathao time-out is not booked again blindly: the retry waits for the merchant, who may force it", async () => {
        const order = await placeOrder()
        fake.slowNextCreateMs = 4000
        const slow = await book(order._id, { provider: "pathao" })
        expect([slow.status, slow.data.message]).toEqual([
          502,
          "Pathao did not answer within 2 s. The order was not changed; please try again.",
        ])
        expect((await details(order._id)).courier).toBeNull()
        const calls = fake.creates("pathao").length
        const retry = await book(order._id, { provider: "pathao" })
        expect(retry.status).toBe(409)
        expect(retry.data.message).toMatch(
          /^Pathao did not answer an earlier booking of this order, so it may have the parcel already\. Check its merchant panel/
        )
        expect(fake.creates("pathao").length).toBe(calls)
        // the merchant checked: another courier's form records it, or force books again
        const forced = await book(order._id, { provider: "pathao", force: true })
        expect(forced.status).toBe(201)
        expect(fake.creates("pathao").length).toBe(calls + 1)
        expect((await book(order._id, { provider: "pathao" })).data.message).toBe("Already with Pathao")
      })

      it("a courier that is down answers 502 and a refusal 422 in the courier's words; the order stays as it was", async () => {
        const order = await placeOrder()
        fake.failNextCreateStatus = 503
        const down = await book(order._id, { provider: "steadfast" })
        expect(down.status).toBe(502)
        expect(down.data.message).toBe(
          "Steadfast is having trouble (HTTP 503). The order was not changed; please try again."
        )

        fake.refuseNextCreate = {
          status: 400,
          errors: { recipient_address: ["The recipient address may not be greater than 250 characters."] },
        }
        const refused = await book(order._id, { provider: "steadfast" })
        expect(refused.status).toBe(422)
        expect(refused.data).toEqual({
          success: false,
          message: "Steadfast: The recipient address may not be greater than 250 characters.",
        })

        fake.refuseNextCreate = {
          message: "Please fix the given errors",
          type: "error",
          code: 422,
          errors: { recipient_phone: ["The recipient phone format is invalid."] },
        }
        const pathao = await book(order._id, { provider: "pathao" })
        expect(pathao.status).toBe(422)
        expect(pathao.data.message).toBe("Pathao: The recipient phone format is invalid.")

        const unchanged = await details(order._id)
        expect([unchanged.orderStatus, unchanged.courier]).toEqual(["pending", null])
        expect(await fulfilments(order._id)).toEqual([])
      })

      it("books Pathao with one token for many parcels, recording its consignment and fee", async () => {
        const [a, b] = [await placeOrder(), await placeOrder()]
        const tokens = fake.tokenCount
        const first = await book(a._id, { provider: "pathao" })
        const second = await book(b._id, { provider: "pathao" })
        expect([first.status, second.status]).toEqual([201, 201])
        expect(fake.tokenCount - tokens).toBeLessThanOrEqual(1)
        const sent = fake.creates("pathao").at(-1)!
        expect(sent.headers.authorization).toMatch(/^Bearer pathao-token-\d+$/)
        expect(sent.body).toMatchObject({
          store_id: Number(PATHAO_ACCOUNT.storeId),
          merchant_order_id: b.orderNumber,
          recipient_phone: "01712345678",
          delivery_type: 48,
          item_type: 2,
          item_quantity: 2,
          amount_to_collect: b.TotalAmount,
        })
        const consignment = [...fake.pathao.values()].find((o) => o.merchant_order_id === b.orderNumber)!
        expect(second.data.data).toMatchObject({
          provider: "pathao",
          consignmentId: consignment.consignment_id,
          courierStatus: "Pending",
          deliveryCharge: 60,
          trackingUrl: `https://merchant.pathao.com/tracking?consignment_id=${consignment.consignment_id}`,
        })
        expect((await fulfilments(b._id))[0]!.provider_id).toBe("pathao_pathao")
      })

      it("another courier: the merchant types its name and tracking code", async () => {
        const order = await placeOrder()
        const missing = await book(order._id, { provider: "manual", courierName: "Sundarban" })
        expect(missing.status).toBe(400)
        expect(missing.data).toEqual({ success: false, message: "Type the courier's name and the tracking code" })
        const res = await book(order._id, {
          provider: "manual",
          courierName: "Sundarban Courier",
          trackingCode: "SCS-88123",
        })
        expect(res.status).toBe(201)
        expect(res.data.data).toMatchObject({
          provider: "manual",
          courierName: "Sundarban Courier",
          trackingCode: "SCS-88123",
          trackingUrl: null,
        })
        expect((await fulfilments(order._id))[0]).toMatchObject({
          provider_id: "courier_manual",
          labels: [{ tracking_number: "SCS-88123", tracking_url: "" }],
        })
      })

      it("an order shipped by hand is booked: the courier's delivery replaces the hand-recorded one", async () => {
        const order = await placeOrder()
        await setStatus(order._id, "shipped")
        expect((await fulfilments(order._id)).map((f) => f.provider_id)).toEqual(["manual_manual"])
        const res = await book(order._id, { provider: "steadfast" })
        expect(res.status).toBe(201)
        const all = await fulfilments(order._id)
        expect(all.filter((f) => !f.canceled_at).map((f) => f.provider_id)).toEqual(["steadfast_steadfast"])
        expect(all.filter((f) => f.canceled_at).map((f) => f.provider_id)).toEqual(["manual_manual"])
        expect((await details(order._id)).orderStatus).toBe("shipped")
      })

      it("a cancelled, delivered or completed order cannot be booked (409), a courier not set up neither; nothing is called", async () => {
        const calls = fake.requests.length
        for (const status of ["cancelled", "delivered", "completed"]) {
          const order = await placeOrder()
          await setStatus(order._id, status)
          const res = await book(order._id, { provider: "steadfast" })
          expect(res.status).toBe(409)
          expect(res.data).toEqual({ success: false, message: `A ${status} order cannot be sent to a courier` })
          expect((await details(order._id)).orderStatus).toBe(status)
        }
        const order = await placeOrder()
        delete process.env.STEADFAST_SECRET_KEY
        const unset = await book(order._id, { provider: "steadfast" })
        expect(unset.status).toBe(409)
        expect(unset.data.message).toBe("Steadfast is not set up: set STEADFAST_SECRET_KEY")
        // (placing the orders may ask Steadfast's fraud check: the guard at intake, not a booking)
        expect(
          fake.requests
            .slice(calls)
            .filter((r) => !r.path.startsWith("/fraud_check/"))
            .map((r) => r.path)
        ).toEqual([])
        expect(
          (await book("order_01NOTANORDER0000000000000", { provider: "manual", courierName: "X", trackingCode: "Y" }))
            .status
        ).toBe(404)
        expect((await book(order._id, { provider: "dhl" })).status).toBe(400)
      })

      it("only an admin books: 401 without a session, 403 for a customer", async () => {
        const order = await placeOrder()
        expect(
          (await api.post(`/api/admin/order/${order._id}/courier`, { provider: "steadfast" }, anyStatus)).status
        ).toBe(401)
        const customer = await customerSession(api, "Courier Customer")
        expect((await book(order._id, { provider: "steadfast" }, customer.cookie)).status).toBe(403)
        expect((await details(order._id)).courier).toBeNull()
      })
    })

    describe("POST /api/admin/order/courier (many orders)", () => {
      it("books each order on its own: one refusal does not stop the rest", async () => {
        const [a, b, c] = [await placeOrder(), await placeOrder(), await placeOrder()]
        await setStatus(b._id, "cancelled")
        const res = await api.post(
          "/api/admin/order/courier",
          { provider: "steadfast", orderIds: [a._id, b._id, c._id, a._id] },
          as(admin.cookie)
        )
        expect(res.status).toBe(200)
        expect(res.data.data).toEqual([
          { orderId: a._id, success: true, booked: true, data: expect.objectContaining({ provider: "steadfast" }) },
          { orderId: b._id, success: false, message: "A cancelled order cannot be sent to a courier" },
          { orderId: c._id, success: true, booked: true, data: expect.objectContaining({ provider: "steadfast" }) },
        ])
        expect(
          fake.creates("steadfast").filter((r) => [a, c].some((o) => o.orderNumber === r.body.invoice))
        ).toHaveLength(2)
        const tooMany = await api.post(
          "/api/admin/order/courier",
          { provider: "steadfast", orderIds: Array.from({ length: 101 }, (_, i) => `order_${i}`) },
          as(admin.cookie)
        )
        expect(tooMany.status).toBe(400)
        expect(tooMany.data.message).toBe("At most 100 orders at once")
      })
    })

    describe("webhooks and the poll", () => {
      const steadfastHook = (body: Record<string, unknown>, token = STEADFAST_TOKEN) =>
        api.post("/api/courier/steadfast/webhook", body, {
          ...anyStatus,
          headers: { authorization: `Bearer ${token}` },
        })
      const pathaoHook = (body: Record<string, unknown>, signature: string | null = PATHAO_SECRET) =>
        api.post("/api/courier/pathao/webhook", body, {
          ...anyStatus,
          headers: signature === null ? {} : { "x-pathao-signature": signature },
        })
      const shippedWith = async (provider: "steadfast" | "pathao") => {
        const order = await placeOrder()
        expect((await book(order._id, { provider })).status).toBe(201)
        return order
      }
      const consignmentOf = (order: Order) => fake.steadfast.get(order.orderNumber)!
      const pathaoOf = (order: Order) =>
        [...fake.pathao.values()].find((o) => o.merchant_order_id === order.orderNumber)!
      const stockOf = async () => (await api.get(`/api/shop/products/get/${product._id}`)).data.data.stock as number
      const paymentStatus = async (orderId: string) => {
        const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
        const { data } = await query.graph({
          entity: "order",
          fields: ["payment_collections.status"],
          filters: { id: orderId },
        })
        return (data[0] as { payment_collections: { status: string }[] }).payment_collections.map((p) => p.status)
      }
      /** The shop's status changes per order, as its event tells whoever follows orders. */
      const transitions: { id: string; status: string }[] = []
      const transitionsOf = (orderId: string) => transitions.filter((t) => t.id === orderId).map((t) => t.status)
      beforeAll(() => {
        getContainer()
          .resolve(Modules.EVENT_BUS)
          .subscribe(
            "shop-order.status-changed",
            async (event: { data: unknown }) => void transitions.push(event.data as { id: string; status: string }),
            {
              subscriberId: "couriers-spec-transitions",
            }
          )
      })
      const hookBody = (order: Order, status: string, extra: Record<string, unknown> = {}) => ({
        notification_type: "delivery_status",
        consignment_id: consignmentOf(order).consignment_id,
        invoice: order.orderNumber,
        status,
        cod_amount: order.TotalAmount,
        delivery_charge: 60,
        updated_at: "2026-11-25 12:00:00",
        ...extra,
      })

      it("Steadfast: a wrong or missing token is 401 and changes nothing; the right one re-reads the status before moving", async () => {
        const order = await shippedWith("steadfast")
        consignmentOf(order).status = "delivered"
        for (const token of ["wrong-token", ""]) {
          const res = await steadfastHook(hookBody(order, "delivered"), token)
          expect(res.status).toBe(401)
        }
        delete process.env.STEADFAST_WEBHOOK_TOKEN
        expect((await steadfastHook(hookBody(order, "delivered"))).status).toBe(401)
        connect()
        expect((await details(order._id)).orderStatus).toBe("shipped")

        // the webhook says delivered, Steadfast itself still says in review: the order stays shipped
        consignmentOf(order).status = "in_review"
        const early = await steadfastHook(hookBody(order, "delivered"))
        expect(early.status).toBe(200)
        expect((await details(order._id)).orderStatus).toBe("shipped")
        expect((await details(order._id)).courier).toMatchObject({ courierStatus: "in_review", outcome: "open" })
        const statusReads = fake.requests.filter(
          (r) => r.path === `/status_by_cid/${consignmentOf(order).consignment_id}`
        )
        expect(statusReads.length).toBeGreaterThan(0)

        consignmentOf(order).status = "delivered"
        const res = await steadfastHook(hookBody(order, "delivered"))
        expect(res.status).toBe(200)
        expect(res.data).toMatchObject({
          status: "success",
          data: { outcome: "delivered", orderStatus: "delivered", moved: true },
        })
        const after = await details(order._id)
        expect(after.orderStatus).toBe("delivered")
        // the cash it was booked to collect; Steadfast states its fee with the payout (the body's 60 is not taken)
        expect(after.courier).toMatchObject({
          courierStatus: "delivered",
          outcome: "delivered",
          collectedAmount: order.TotalAmount,
          deliveryCharge: null,
          onHold: false,
        })
        expect(await paymentStatus(order._id)).toEqual(["completed"])
        // a repeat moves nothing further
        expect((await steadfastHook(hookBody(order, "delivered"))).data.data.moved).toBe(false)
      })

      it("Steadfast: a returned parcel cancels the order, its units back in stock when received; hold flags it; partial records its payout's cash and the units received", async () => {
        const returned = await shippedWith("steadfast")
        const stock = await stockOf()
        consignmentOf(returned).status = "cancelled"
        expect((await steadfastHook(hookBody(returned, "cancelled"))).status).toBe(200)
        const back = await details(returned._id)
        expect(back.orderStatus).toBe("cancelled")
        expect(back.courier).toMatchObject({
          provider: "steadfast",
          courierStatus: "cancelled",
          outcome: "returned",
          awaitingReturn: true,
          returnedUnits: 0,
        })
        // the parcel is on its way back: its units count again once the merchant receives them
        expect(await stockOf()).toBe(stock)
        const receive = (orderId: string, body: Record<string, unknown> = {}) =>
          api.post(`/api/admin/order/${orderId}/courier/returned`, body, as(admin.cookie))
        const received = await receive(returned._id)
        expect(received.status).toBe(200)
        expect(received.data).toMatchObject({
          success: true,
          message: "2 unit(s) back in stock",
          data: { awaitingReturn: false, returnedUnits: 2 },
        })
        expect(await stockOf()).toBe(stock + 2)
        const twice = await receive(returned._id)
        expect(twice.status).toBe(409)
        expect(twice.data.message).toBe("No units are on their way back from a courier for this order")
        expect(await stockOf()).toBe(stock + 2)
        // out of cancelled by hand, the units are taken again (they are back in stock)
        await setStatus(returned._id, "pending")
        expect(await stockOf()).toBe(stock)

        const held = await shippedWith("steadfast")
        consignmentOf(held).status = "hold"
        await steadfastHook(hookBody(held, "hold"))
        expect(await details(held._id)).toMatchObject({
          orderStatus: "shipped",
          courier: { onHold: true, outcome: "hold", courierStatus: "hold" },
        })

        const pending = await shippedWith("steadfast")
        consignmentOf(pending).status = "partial_delivered_approval_pending"
        await steadfastHook(hookBody(pending, "partial_delivered_approval_pending"))
        expect((await details(pending._id)).orderStatus).toBe("shipped")
        consignmentOf(pending).status = "partial_delivered"
        await steadfastHook(hookBody(pending, "partial_delivered", { cod_amount: 500 }))
        // what a partial delivery collected is Steadfast's word in its payout, not the webhook's
        expect(await details(pending._id)).toMatchObject({
          orderStatus: "delivered",
          courier: { outcome: "partial", collectedAmount: null, awaitingReturn: true },
        })
        const line = {
          consignment_id: consignmentOf(pending).consignment_id,
          invoice: pending.orderNumber,
          tracking_code: consignmentOf(pending).tracking_code,
        }
        fake.payouts.unshift({
          id: 8001,
          amount: 440,
          created_at: "2026-11-25 17:00:00",
          consignments: [{ ...line, cod_amount: 500, delivery_charge: 60, status: "partial_delivered" }],
        })
        expect((await api.post("/api/admin/couriers/steadfast/payouts", {}, as(admin.cookie))).status).toBe(200)
        expect((await details(pending._id)).courier).toMatchObject({
          outcome: "partial",
          collectedAmount: 500,
          deliveryCharge: 60,
          settledAmount: 440,
          payoutId: "8001",
        })
        const partialStock = await stockOf()
        const unnamed = await receive(pending._id)
        expect([unnamed.status, unnamed.data.message]).toEqual([
          400,
          "Name the units that came back from the partial delivery",
        ])
        const tooMany = await receive(pending._id, { items: [{ productId: product._id, quantity: 3 }] })
        expect([tooMany.status, tooMany.data.message]).toEqual([400, `At most 2 of ${product.title} can come back`])
        const one = await receive(pending._id, { items: [{ productId: product._id, quantity: 1 }] })
        expect(one.status).toBe(200)
        expect(one.data.data).toMatchObject({ awaitingReturn: false, returnedUnits: 1 })
        expect(await stockOf()).toBe(partialStock + 1)
        // a repeated webhook for the same partial delivery does not ask for the units again
        await steadfastHook(hookBody(pending, "partial_delivered", { cod_amount: 1 }))
        expect((await details(pending._id)).courier).toMatchObject({
          awaitingReturn: false,
          returnedUnits: 1,
          collectedAmount: 500,
        })
      })

      it("Steadfast: a webhook for another parcel or a bad body changes nothing", async () => {
        const order = await shippedWith("steadfast")
        consignmentOf(order).status = "delivered"
        const calls = fake.requests.length
        const stranger = await steadfastHook(hookBody(order, "delivered", { invoice: "ORD-000000-NOPE00" }))
        expect(stranger.status).toBe(200)
        expect(stranger.data.message).toBe("Ignored: no parcel of this shop matches")
        const wrongConsignment = await steadfastHook(hookBody(order, "delivered", { consignment_id: 999 }))
        expect(wrongConsignment.data.message).toBe("Ignored: no parcel of this shop matches")
        expect(fake.requests.length).toBe(calls)
        const bad = await steadfastHook({ invoice: order.orderNumber, status: "delivered" })
        expect(bad.status).toBe(400)
        const huge = await steadfastHook({ ...hookBody(order, "delivered"), note: "x".repeat(64 * 1024) })
        expect(huge.status).toBe(413)
        expect((await details(order._id)).orderStatus).toBe("shipped")
      })

      it("Pathao: the handshake is answered 202 with the documented header; a wrong signature is 401; an event re-reads the order", async () => {
        const handshake = await pathaoHook({ event: "webhook_integration" }, null)
        expect(handshake.status).toBe(202)
        expect(handshake.headers["x-pathao-merchant-webhook-integration-secret"]).toBe(
          "f3992ecc-59da-4cbe-a049-a13da2018d51"
        )

        const order = await shippedWith("pathao")
        const parcel = pathaoOf(order)
        parcel.order_status = "Delivered"
        const event = {
          consignment_id: parcel.consignment_id,
          merchant_order_id: order.orderNumber,
          event: "order.delivered",
          delivery_fee: 60,
          updated_at: "2026-11-25 23:49:43",
          store_id: 14401,
        }
        expect((await pathaoHook(event, "wrong")).status).toBe(401)
        expect((await pathaoHook(event, null)).status).toBe(401)
        expect((await pathaoHook({ event: "webhook_integration" }, "wrong")).status).toBe(401)
        expect((await details(order._id)).orderStatus).toBe("shipped")
        const res = await pathaoHook(event)
        expect(res.status).toBe(202)
        expect(await details(order._id)).toMatchObject({
          orderStatus: "delivered",
          courier: { outcome: "delivered", courierStatus: "Delivered" },
        })
      })

      it("a webhook's amounts are never stored: the parcel carries the courier's own (the cash asked for, Pathao's quoted fee, Steadfast's fee once it pays out)", async () => {
        const steadfast = await shippedWith("steadfast")
        consignmentOf(steadfast).status = "delivered"
        const claimed = await steadfastHook(hookBody(steadfast, "delivered", { cod_amount: 1, delivery_charge: 9999 }))
        expect(claimed.status).toBe(200)
        // Steadfast's status read states no amounts: delivered is the cash it was asked to collect, its fee is not known yet
        expect((await details(steadfast._id)).courier).toMatchObject({
          outcome: "delivered",
          collectedAmount: steadfast.TotalAmount,
          deliveryCharge: null,
        })

        const partial = await shippedWith("steadfast")
        consignmentOf(partial).status = "partial_delivered"
        await steadfastHook(hookBody(partial, "partial_delivered", { cod_amount: 1, delivery_charge: 9999 }))
        expect((await details(partial._id)).courier).toMatchObject({
          outcome: "partial",
          collectedAmount: null,
          deliveryCharge: null,
        })

        const pathao = await shippedWith("pathao")
        const parcel = pathaoOf(pathao)
        parcel.order_status = "Delivered"
        const event = {
          consignment_id: parcel.consignment_id,
          merchant_order_id: pathao.orderNumber,
          event: "order.delivered",
          delivery_fee: 9999,
          collected_amount: 1,
          updated_at: "2026-11-26 10:00:00",
        }
        expect((await pathaoHook(event)).status).toBe(202)
        expect((await details(pathao._id)).courier).toMatchObject({
          outcome: "delivered",
          collectedAmount: pathao.TotalAmount,
          deliveryCharge: 60,
        })
      })

      it("the same webhook twice, one after the other or at once, makes one transition: one status change, one event, the same record and cash", async () => {
        const settle = () => new Promise((resolve) => setTimeout(resolve, 300))
        const cash = async () => (await api.get("/api/admin/couriers/cash", as(admin.cookie))).data.data

        const order = await shippedWith("steadfast")
        consignmentOf(order).status = "delivered"
        const first = await steadfastHook(hookBody(order, "delivered"))
        expect(first.data.data).toMatchObject({ outcome: "delivered", moved: true })
        await settle()
        const once = await details(order._id)
        const cashOnce = await cash()
        const replay = await steadfastHook(hookBody(order, "delivered"))
        expect([replay.status, replay.data.data.moved]).toEqual([200, false])
        await settle()
        expect(await details(order._id)).toEqual(once)
        expect(await cash()).toEqual(cashOnce)
        // booked (shipped), then delivered once
        expect(transitionsOf(order._id)).toEqual(["shipped", "delivered"])
        expect(await paymentStatus(order._id)).toEqual(["completed"])

        for (const provider of ["steadfast", "pathao"] as const) {
          const twin = await shippedWith(provider)
          const cashBefore = await cash()
          let send: () => Promise<{ status: number; data: { data: { moved: boolean } } }>
          if (provider === "steadfast") {
            consignmentOf(twin).status = "delivered"
            send = () => steadfastHook(hookBody(twin, "delivered"))
          } else {
            const parcel = pathaoOf(twin)
            parcel.order_status = "Delivered"
            send = () =>
              pathaoHook({
                consignment_id: parcel.consignment_id,
                merchant_order_id: twin.orderNumber,
                event: "order.delivered",
                updated_at: "2026-11-26 11:00:00",
              })
          }
          const both = await Promise.all([send(), send()])
          expect(both.map((r) => r.status)).toEqual(provider === "steadfast" ? [200, 200] : [202, 202])
          expect(both.map((r) => r.data.data.moved).sort()).toEqual([false, true])
          await settle()
          const after = await details(twin._id)
          expect(after).toMatchObject({
            orderStatus: "delivered",
            courier: { outcome: "delivered", collectedAmount: twin.TotalAmount },
          })
          expect(transitionsOf(twin._id)).toEqual(["shipped", "delivered"])
          expect(await paymentStatus(twin._id)).toEqual(["completed"])
          expect((await cash()).collected - cashBefore.collected).toBe(twin.TotalAmount)
          // and once more, after both: nothing moves
          expect((await send()).data.data.moved).toBe(false)
          expect(await details(twin._id)).toEqual(after)
        }
      })

      it("a webhook for a status its courier does not confirm changes nothing", async () => {
        const order = await shippedWith("steadfast")
        const before = await details(order._id)
        const claimed = await steadfastHook(hookBody(order, "delivered", { cod_amount: 1, delivery_charge: 9999 }))
        expect(claimed.status).toBe(200)
        expect(claimed.data.data).toMatchObject({ courierStatus: "in_review", outcome: "open", moved: false })
        expect(await details(order._id)).toEqual(before)

        const pathao = await shippedWith("pathao")
        const pathaoBefore = await details(pathao._id)
        const parcel = pathaoOf(pathao)
        const event = {
          consignment_id: parcel.consignment_id,
          merchant_order_id: pathao.orderNumber,
          event: "order.delivered",
          delivery_fee: 9999,
          collected_amount: 1,
        }
        expect((await pathaoHook(event)).status).toBe(202)
        expect(await details(pathao._id)).toEqual(pathaoBefore)
        await new Promise((resolve) => setTimeout(resolve, 300))
        expect([...transitionsOf(order._id), ...transitionsOf(pathao._id)]).toEqual(["shipped", "shipped"])
      })

      it("a courier that cannot be reached: the webhook answers 502 (the courier sends it again) and records nothing; the poll catches up", async () => {
        const order = await shippedWith("steadfast")
        const before = await details(order._id)
        consignmentOf(order).status = "delivered"
        fake.failNextStatus = 503
        const down = await steadfastHook(hookBody(order, "delivered", { cod_amount: 1, delivery_charge: 9999 }))
        expect(down.status).toBe(502)
        expect(await details(order._id)).toEqual(before)
        await pollCouriers(getContainer(), { limit: 500, spacingMs: { steadfast: 0, pathao: 0 } })
        expect(await details(order._id)).toMatchObject({
          orderStatus: "delivered",
          courier: { collectedAmount: order.TotalAmount, deliveryCharge: null },
        })
      })

      it("payouts: Steadfast's payouts settle their parcels; the cash adds up; reading again changes nothing", async () => {
        // (the database starts afresh for each test, the fake does not: earlier tests' payouts would list parcels no longer here)
        fake.payouts.length = 0
        const before = (await api.get("/api/admin/couriers/cash", as(admin.cookie))).data.data
        const delivered = await shippedWith("steadfast")
        const returned = await shippedWith("steadfast")
        const onItsWay = await shippedWith("steadfast")
        consignmentOf(delivered).status = "delivered"
        consignmentOf(returned).status = "cancelled"
        await steadfastHook(hookBody(delivered, "delivered", { delivery_charge: 60 }))
        await steadfastHook(hookBody(returned, "cancelled", { cod_amount: 0, delivery_charge: 60 }))
        fake.payouts.unshift({
          id: 9001,
          amount: delivered.TotalAmount - 60 - 30,
          created_at: "2026-11-25 18:00:00",
          consignments: [
            {
              consignment_id: consignmentOf(delivered).consignment_id,
              invoice: delivered.orderNumber,
              tracking_code: consignmentOf(delivered).tracking_code,
              cod_amount: delivered.TotalAmount,
              delivery_charge: 60,
              status: "delivered",
            },
            {
              consignment_id: consignmentOf(returned).consignment_id,
              invoice: returned.orderNumber,
              tracking_code: consignmentOf(returned).tracking_code,
              cod_amount: 0,
              delivery_charge: 30,
              status: "cancelled",
            },
            {
              consignment_id: 1,
              invoice: "SOMEONE-ELSES-1",
              tracking_code: "X",
              cod_amount: 500,
              delivery_charge: 60,
              status: "delivered",
            },
          ],
        })
        const res = await api.post("/api/admin/couriers/steadfast/payouts", {}, as(admin.cookie))
        expect(res.status).toBe(200)
        expect(res.data.data).toMatchObject({ settled: 2, unmatched: 1 })
        expect((await details(delivered._id)).courier).toMatchObject({
          settledAmount: delivered.TotalAmount - 60,
          payoutId: "9001",
          deliveryCharge: 60,
          collectedAmount: delivered.TotalAmount,
        })
        expect((await details(returned._id)).courier).toMatchObject({
          settledAmount: -30,
          payoutId: "9001",
          deliveryCharge: 30,
          outcome: "returned",
        })
        const cash = (await api.get("/api/admin/couriers/cash", as(admin.cookie))).data.data
        expect(cash.parcels - before.parcels).toBe(3)
        expect(cash.toCollect - before.toCollect).toBe(onItsWay.TotalAmount)
        expect(cash.collected - before.collected).toBe(delivered.TotalAmount)
        expect(cash.fees - before.fees).toBe(90)
        expect(cash.settled - before.settled).toBe(delivered.TotalAmount - 90)
        expect(cash.owed).toBe(cash.collected - cash.fees - cash.settled)
        const again = await api.post("/api/admin/couriers/steadfast/payouts", {}, as(admin.cookie))
        expect(again.data.data).toMatchObject({ settled: 0, unmatched: 1 })
        expect((await api.get("/api/admin/couriers/cash", as(admin.cookie))).data.data).toEqual(cash)
      })

      it("a shopper sees the courier and tracking of their own parcel, never the merchant's cash with the courier", async () => {
        const shopper = await customerSession(api, "Parcel Watcher")
        const me = { _id: shopper.user.id as string }
        await api.post(
          "/api/shop/products/addtocart",
          { userId: me._id, productId: product._id, quantity: 1 },
          as(shopper.cookie)
        )
        const cartId = (await api.get(`/api/shop/products/getcart/${me._id}`, as(shopper.cookie))).data.data._id
        const address = {
          address: "Flat 3, Road 9, Banani",
          city: "Dhaka",
          pincode: "1213",
          number: "01812345678",
          notes: "Gate 2",
        }
        const addressId = (await api.post("/api/shop/address/add", { userId: me._id, ...address }, as(shopper.cookie)))
          .data.data[0]._id
        const placed = await api.post(
          "/api/shop/order/create-order",
          { userId: me._id, cartId, cartItems: [], addressInfo: { addressId }, orderStatus: "pending" },
          as(shopper.cookie)
        )
        expect([placed.status, placed.data.message]).toEqual([201, expect.anything()])
        const order = placed.data.data as Order
        expect((await book(order._id, { provider: "steadfast" })).status).toBe(201)
        consignmentOf(order).status = "delivered"
        await steadfastHook(hookBody(order, "delivered", { delivery_charge: 60 }))
        const full = (await details(order._id)).courier!
        expect(full).toMatchObject({ collectedAmount: order.TotalAmount, deliveryCharge: null })

        const mine = (await api.get(`/api/shop/order/get-order-details/${order._id}`, as(shopper.cookie))).data
          .data as Order
        expect(mine.courier).toEqual({
          ...full,
          collectedAmount: null,
          deliveryCharge: null,
          settledAmount: null,
          payoutId: null,
        })
        const list = (await api.get(`/api/shop/order/get-orders/${me._id}`, as(shopper.cookie))).data.data as Order[]
        expect(list.find((o) => o._id === order._id)!.courier).toEqual(mine.courier)

        // Medusa's own /store order answer, fulfilments asked for: courier and tracking only
        const keys = await getContainer().resolve("api_key").listApiKeys({ type: "publishable" })
        const key = keys.find((k: { revoked_at: unknown }) => !k.revoked_at)!.token
        const store = await api.get(`/store/orders/${order._id}?fields=+fulfillments`, {
          ...anyStatus,
          headers: { "x-publishable-api-key": key },
        })
        expect(store.status).toBe(200)
        const data = (store.data.order.fulfillments as { data: Record<string, unknown> }[]).map((f) => f.data)
        expect(data).toEqual([
          {
            provider: "steadfast",
            courier_name: "Steadfast",
            tracking_code: full.trackingCode,
            tracking_url: full.trackingUrl,
            courier_status: "delivered",
          },
        ])
        expect(JSON.stringify(store.data)).not.toContain("collected_amount")
      })

      it("the poll re-reads open parcels and catches what no webhook said", async () => {
        const [a, b, c] = [await shippedWith("steadfast"), await shippedWith("pathao"), await shippedWith("steadfast")]
        consignmentOf(a).status = "delivered"
        pathaoOf(b).order_status = "Return"
        const result = await pollCouriers(getContainer(), { limit: 500, spacingMs: { steadfast: 0, pathao: 0 } })
        expect(result.failed).toBe(0)
        expect(result.moved).toBeGreaterThanOrEqual(2)
        expect((await details(a._id)).orderStatus).toBe("delivered")
        expect((await details(b._id)).orderStatus).toBe("cancelled")
        expect(await details(c._id)).toMatchObject({ orderStatus: "shipped", courier: { courierStatus: "in_review" } })
      })
    })
  },
})
