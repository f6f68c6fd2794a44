import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  DEFAULT_SMS_TEMPLATES,
  SHOP_TIME_ZONE,
  SMS_EVENTS,
  SMS_TEMPLATE_MAX,
  type CreateOrderAnswer,
  type Product,
  type SmsMessageView,
  type SmsOverview,
  type SmsTemplateView,
} from "@shop/contract"
import { retrySms } from "../../src/jobs/send-sms"
import { readSmsDeliveries } from "../../src/jobs/sms-delivery"
import { orderSmsMessages } from "../../src/read-models/sms"
import seed from "../../src/scripts/seed"
import { DEMO_LANDING_PAGE } from "../../src/scripts/seed-data"
import { orderSmsWorkflow } from "../../src/workflows/sms"
import { FakeSmsGateways, SMS_ENV, smsEnv } from "../utils/fake-sms"
import { shopIntegrationTestRunner } from "../utils/runner"
import { ADMIN, anyStatus, loginAs } from "../utils/session"
import { followSubscribers } from "../utils/subscribers"

jest.setTimeout(180_000)

/**
 * Text messages to shoppers through Medusa's Notification Module and the
 * fake gateways (utils/fake-sms.ts: BulkSMSBD and SSL Wireless as their
 * documentation answers): every order event's message, once; a gateway that
 * refuses, is down or slow; the retries and their end; nothing without a gateway.
 */
shopIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const fake = new FakeSmsGateways()
    let base = ""
    let product: Product
    let phoneSeq = 0
    let subscribers: { settled: () => Promise<void> }
    const container = () => getContainer() as unknown as MedusaContainer
    const newPhone = () => `0171${String(4000000 + ++phoneSeq).padStart(7, "0")}`
    const gatewayNumber = (phone: string) => `88${phone}`
    const connect = (gateway: "bulksmsbd" | "sslwireless" | "alphasms", extra: Record<string, string> = {}) =>
      Object.assign(process.env, smsEnv(base, gateway), extra)
    const messagesOf = (orderId: string): Promise<SmsMessageView[]> => orderSmsMessages(container(), orderId)

    const landingOrder = async (phone = newPhone()) => {
      const res = await api.post(
        "/api/shop/order/create-order",
        {
          isGuest: true,
          landingPageSlug: DEMO_LANDING_PAGE.slug,
          guestName: "রহিম\n{total}",
          guestPhone: phone,
          deliveryArea: "outside",
          cartItems: [{ productId: product._id, quantity: 1 }],
          addressInfo: [{ address: "বাড়ি ১২, রোড ৩", city: "Rajshahi" }],
        },
        anyStatus
      )
      expect(res.status).toBe(201)
      return { answer: res.data as CreateOrderAnswer, phone }
    }
    const moveTo = async (orderId: string, orderStatus: string) => {
      const admin = await loginAs(api, ADMIN)
      const res = await api.put(
        "/api/admin/order/update-order-status",
        { orderId, orderStatus },
        { ...anyStatus, headers: { cookie: admin.cookie } }
      )
      expect(res.status).toBe(200)
    }

    beforeAll(async () => {
      base = await fake.start()
      await seed({ container: getContainer(), args: [] } as never)
      subscribers = followSubscribers(container(), ["shop-order.placed", "shop-order.status-changed"])
      product = (await api.get(`/api/landing/${DEMO_LANDING_PAGE.slug}`)).data.data.productId as Product
    })
    beforeEach(() => fake.reset())
    afterEach(async () => {
      await subscribers.settled()
      SMS_ENV.forEach((name) => delete process.env[name])
    })
    afterAll(() => fake.stop())

    it("without a gateway nothing is sent and the order is placed as always", async () => {
      const { answer } = await landingOrder()
      await subscribers.settled()
      expect(await messagesOf(answer.data._id)).toEqual([])
      expect(fake.requests).toBe(0)
    })

    it("BulkSMSBD: the order's Bengali message, once, with its parts and cost; the same event again sends nothing", async () => {
      connect("bulksmsbd", { SMS_PART_COST: "0.35" })
      const { answer, phone } = await landingOrder()
      await subscribers.settled()
      const [message] = await messagesOf(answer.data._id)
      expect(message).toMatchObject({ event: "order_placed", phone: gatewayNumber(phone), state: "sent", attempts: 1 })
      expect(message.gateway).toBe("bulksmsbd")
      expect(message.text).toContain(answer.data.orderNumber)
      expect(message.text).toMatch(/অর্ডার/)
      expect(message.parts).toBeGreaterThanOrEqual(1)
      expect(message.cost).toBeCloseTo(message.parts * 0.35, 5)
      expect(fake.textsTo(gatewayNumber(phone))).toEqual([message.text])

      // the event delivered again, twice at once: no second message
      const again = await Promise.all(
        [1, 2].map(() =>
          orderSmsWorkflow(container()).run({ input: { order_id: answer.data._id, event: "order_placed" } })
        )
      )
      expect(again.map((r) => r.result)).toEqual([null, null])
      expect(fake.sent).toHaveLength(1)
      expect(await messagesOf(answer.data._id)).toHaveLength(1)
    })

    it("SSL Wireless: sent, delivered and cancelled each have their message; a status without one sends none", async () => {
      connect("sslwireless")
      const { answer, phone } = await landingOrder()
      await moveTo(answer.data._id, "completed")
      await moveTo(answer.data._id, "shipped")
      await moveTo(answer.data._id, "delivered")
      await moveTo(answer.data._id, "cancelled")
      await subscribers.settled()
      const messages = await messagesOf(answer.data._id)
      expect(messages.map((m) => [m.event, m.state])).toEqual([
        ["order_placed", "sent"],
        ["order_sent", "sent"],
        ["order_delivered", "sent"],
        ["order_cancelled", "sent"],
      ])
      expect(messages.every((m) => m.gateway === "sslwireless")).toBe(true)
      // the shipped message carries the shop's own short tracking link, one part
      const link = `http://localhost:5173/t/${answer.data.orderNumber.replace(/^ORD-/, "")}`
      const sent = messages.find((m) => m.event === "order_sent")!
      expect(sent.text).toBe(`Deshi Bazar: পার্সেল রওনা হয়েছে ${link}`)
      expect(sent.parts).toBe(1)
      // without a parcel the link shows where the order is, naming no one
      const page = await api.get(new URL(link).pathname, anyStatus)
      expect(page.status).toBe(200)
      expect(page.headers["content-type"]).toMatch(/^text\/html/)
      expect(page.data).toContain(answer.data.orderNumber)
      expect(page.data).toContain("অর্ডার বাতিল হয়েছে")
      expect(page.data).not.toContain("রহিম")
      for (const bad of ["/t/261128-NOSUCH", "/t/..%2Fadmin", "/t/x"]) {
        expect((await api.get(bad, anyStatus)).status).toBe(404)
      }
      expect(fake.textsTo(gatewayNumber(phone))).toEqual(messages.map((m) => m.text))
      // each message under its own reference at SSL (its csms_id)
      expect(new Set(fake.sent.map((m) => m.reference)).size).toBe(4)
    })

    it("Alpha SMS: sent under its request id; its delivery report is read from Alpha SMS until it is final", async () => {
      connect("alphasms", { SMS_PART_COST: "0.25" })
      const { answer, phone } = await landingOrder()
      await subscribers.settled()
      const [message] = await messagesOf(answer.data._id)
      expect(message).toMatchObject({
        state: "sent",
        gateway: "alphasms",
        delivery: null,
        answer: "Taken by alphasms",
      })
      expect(fake.textsTo(gatewayNumber(phone))).toEqual([message.text])
      const requestId = fake.sent[0]!.id

      const start = Date.now()
      const at = (seconds: number) => ({ now: new Date(start + seconds * 1000) })
      expect(await readSmsDeliveries(container(), at(1))).toEqual({ asked: 1, final: 0 })
      expect((await messagesOf(answer.data._id))[0]!.delivery).toBe("Sent")
      // asked again only after SMS_DELIVERY_SECONDS (5 minutes)
      expect(await readSmsDeliveries(container(), at(60))).toEqual({ asked: 0, final: 0 })
      fake.deliver(requestId)
      expect(await readSmsDeliveries(container(), at(302))).toEqual({ asked: 1, final: 1 })
      expect((await messagesOf(answer.data._id))[0]!.delivery).toBe("Delivered")
      // final: never asked again
      expect(await readSmsDeliveries(container(), at(900))).toEqual({ asked: 0, final: 0 })
      expect(fake.reportReads).toBe(2)
    })

    it("Alpha SMS: a low balance is tried again, a wrong key is refused for good; other gateways are never asked for reports", async () => {
      connect("alphasms")
      fake.balanceLow = 1
      const low = await landingOrder()
      await subscribers.settled()
      expect((await messagesOf(low.answer.data._id))[0]).toMatchObject({
        state: "pending",
        answer: "Alpha SMS: Insufficient balance",
      })
      expect(await retrySms(container(), { now: new Date(Date.now() + 61_000) })).toEqual({ tried: 1, sent: 1 })

      connect("alphasms", { ALPHA_SMS_API_KEY: "not-the-key" })
      const refused = await landingOrder()
      await subscribers.settled()
      expect((await messagesOf(refused.answer.data._id))[0]).toMatchObject({
        state: "refused",
        answer: "Alpha SMS: Authorization required",
      })

      connect("sslwireless")
      await landingOrder()
      await subscribers.settled()
      fake.reportReads = 0
      expect(await readSmsDeliveries(container(), { now: new Date(Date.now() + 3_600_000) })).toEqual({
        asked: 0,
        final: 0,
      })
      expect(fake.reportReads).toBe(0)
    })

    it("a number the gateway refuses is recorded with the gateway's own words and never tried again, on each gateway", async () => {
      for (const [gateway, words] of [
        ["bulksmsbd", "BulkSMSBD: Invalid Number"],
        ["sslwireless", "SSL Wireless: Invalid MSISDN"],
        ["alphasms", "Alpha SMS: No valid number found"],
      ] as const) {
        connect(gateway)
        const phone = newPhone()
        fake.badNumbers.add(gatewayNumber(phone))
        const { answer } = await landingOrder(phone)
        await subscribers.settled()
        expect([gateway, (await messagesOf(answer.data._id))[0]]).toEqual([
          gateway,
          expect.objectContaining({ state: "refused", attempts: 1, answer: words }),
        ])
      }
      expect(await retrySms(container(), { now: new Date(Date.now() + 86_400_000) })).toEqual({ tried: 0 })
      expect(fake.sent).toHaveLength(0)
    })

    it("a shopper's name cannot break the message: one line, what they typed shown as typed", async () => {
      connect("bulksmsbd")
      // the name is "রহিম\n{total}" (landingOrder); the default order-placed text names the shop and the order
      const { answer } = await landingOrder()
      await subscribers.settled()
      const [message] = await messagesOf(answer.data._id)
      expect(message.text).not.toMatch(/[\r\n]/)
      expect(message.text).not.toContain("{")
    })

    it("balance low on SSL Wireless too: kept waiting for the top-up, then sent", async () => {
      connect("sslwireless")
      fake.balanceLow = 1
      const { answer } = await landingOrder()
      await subscribers.settled()
      expect((await messagesOf(answer.data._id))[0]).toMatchObject({
        state: "pending",
        answer: "SSL Wireless: Insufficient Balance",
      })
      expect(await retrySms(container(), { now: new Date(Date.now() + 61_000) })).toEqual({ tried: 1, sent: 1 })
    })

    it("balance low: the gateway's own words kept, tried again after a minute, then sent", async () => {
      connect("bulksmsbd")
      fake.balanceLow = 1
      const { answer } = await landingOrder()
      await subscribers.settled()
      const [waiting] = await messagesOf(answer.data._id)
      expect(waiting).toMatchObject({ state: "pending", attempts: 1, answer: "BulkSMSBD: Balance Insufficient" })
      // not due before its back-off
      expect(await retrySms(container(), { now: new Date(Date.now() + 30_000) })).toEqual({ tried: 0 })
      expect(await retrySms(container(), { now: new Date(Date.now() + 61_000) })).toEqual({ tried: 1, sent: 1 })
      const [sent] = await messagesOf(answer.data._id)
      expect(sent).toMatchObject({ state: "sent", attempts: 2 })
      expect(fake.sent).toHaveLength(1)
    })

    it("a gateway that is down is tried five times with back-off, then given up", async () => {
      connect("sslwireless")
      fake.down = 1000
      const { answer } = await landingOrder()
      await subscribers.settled()
      let now = Date.now()
      for (const wait of [60, 300, 1800, 7200]) {
        now += (wait + 1) * 1000
        expect((await retrySms(container(), { now: new Date(now) })).tried).toBe(1)
      }
      const [message] = await messagesOf(answer.data._id)
      expect(message).toMatchObject({ state: "failed", attempts: 5, answer: "SSL Wireless: HTTP 503" })
      expect(await retrySms(container(), { now: new Date(now + 86_400_000) })).toEqual({ tried: 0 })
    })

    it("a refusal for good (a wrong key) is final; a slow gateway is cut off and tried again", async () => {
      connect("bulksmsbd", { BULKSMSBD_API_KEY: "not-the-key" })
      const refused = await landingOrder()
      await subscribers.settled()
      expect((await messagesOf(refused.answer.data._id))[0]).toMatchObject({
        state: "refused",
        attempts: 1,
        answer: "BulkSMSBD: User Id not found",
      })

      connect("bulksmsbd", { SMS_TIMEOUT_MS: "300" })
      fake.slowMs = 1500
      const slow = await landingOrder()
      await subscribers.settled()
      expect((await messagesOf(slow.answer.data._id))[0]).toMatchObject({
        state: "pending",
        answer: "BulkSMSBD: no answer within 0.3 s",
      })
      await fake.idle()
    })

    it("SSL Wireless took a message whose answer was lost: the retry's csms_id is refused as a duplicate, and it counts as sent", async () => {
      connect("sslwireless", { SMS_TIMEOUT_MS: "300" })
      fake.slowMs = 1500
      const { answer, phone } = await landingOrder()
      await subscribers.settled()
      await fake.idle()
      expect((await messagesOf(answer.data._id))[0]).toMatchObject({ state: "pending", attempts: 1 })
      // the gateway had it all along
      expect(fake.textsTo(gatewayNumber(phone))).toHaveLength(1)
      fake.slowMs = 0
      expect(await retrySms(container(), { now: new Date(Date.now() + 61_000) })).toEqual({ tried: 1, sent: 1 })
      expect((await messagesOf(answer.data._id))[0]).toMatchObject({ state: "sent", attempts: 2 })
      expect(fake.textsTo(gatewayNumber(phone))).toHaveLength(1)
    })

    it("the order is answered before the gateway is: sending never holds an order up", async () => {
      connect("bulksmsbd")
      fake.slowMs = 2000
      const { answer } = await landingOrder()
      // answered: the gateway has been asked at most, it has not answered
      expect(fake.sent).toHaveLength(0)
      await subscribers.settled()
      expect((await messagesOf(answer.data._id))[0]).toMatchObject({ state: "sent" })
      await fake.idle()
    })

    describe("the merchant's templates, test send and totals (/api/admin/sms)", () => {
      const adminCall = async (method: "get" | "put" | "post", path: string, body?: unknown) => {
        const admin = await loginAs(api, ADMIN)
        const headers = { cookie: admin.cookie }
        return method === "get"
          ? api.get(path, { ...anyStatus, headers })
          : api[method](path, body, { ...anyStatus, headers })
      }
      const overview = async (): Promise<SmsOverview> => {
        const res = await adminCall("get", "/api/admin/sms")
        expect(res.status).toBe(200)
        return res.data.data as SmsOverview
      }
      const saveTemplates = (templates: unknown) => adminCall("put", "/api/admin/sms/templates", { templates })
      afterEach(async () => {
        // back to the shop's words, every event on
        const res = await saveTemplates(SMS_EVENTS.map((event) => ({ event, text: "", enabled: true })))
        expect(res.status).toBe(200)
      })

      it("every event's default words, switched on; only a signed-in admin reads or changes them", async () => {
        const data = await overview()
        expect(data.templates.map((t) => [t.event, t.text, t.enabled, t.custom])).toEqual(
          SMS_EVENTS.map((event) => [event, DEFAULT_SMS_TEMPLATES[event], true, false])
        )
        expect(data.gateway).toBeNull()
        expect((await api.get("/api/admin/sms", anyStatus)).status).toBe(401)
        expect((await api.put("/api/admin/sms/templates", { templates: [] }, anyStatus)).status).toBe(401)
      })

      it("the merchant's words are what the next order's message says; a switched-off event sends nothing", async () => {
        connect("bulksmsbd")
        const words = "{shop}: আপনার অর্ডার {orderNumber} পেয়েছি, মোট {total}"
        const saved = await saveTemplates([
          { event: "order_placed", text: `  ${words}  ` },
          { event: "order_sent", enabled: false },
        ])
        expect(saved.status).toBe(200)
        expect(saved.data.message).toBe("Messages saved")
        const byEvent = new Map((saved.data.data as SmsTemplateView[]).map((t) => [t.event, t]))
        expect(byEvent.get("order_placed")).toMatchObject({ text: words, custom: true, enabled: true })
        expect(byEvent.get("order_sent")).toMatchObject({ text: DEFAULT_SMS_TEMPLATES.order_sent, enabled: false })

        const { answer, phone } = await landingOrder()
        await moveTo(answer.data._id, "shipped")
        await moveTo(answer.data._id, "delivered")
        await subscribers.settled()
        const messages = await messagesOf(answer.data._id)
        expect(messages.map((m) => m.event)).toEqual(["order_placed", "order_delivered"])
        expect(messages[0].text).toMatch(
          new RegExp(`^Deshi Bazar: আপনার অর্ডার ${answer.data.orderNumber} পেয়েছি, মোট ৳`)
        )
        expect(fake.textsTo(gatewayNumber(phone))).toHaveLength(2)

        // a change that leaves a field out keeps it; an empty text goes back to the shop's words
        const back = await saveTemplates([{ event: "order_placed", text: "" }])
        expect((back.data.data as SmsTemplateView[]).find((t) => t.event === "order_placed")).toMatchObject({
          text: DEFAULT_SMS_TEMPLATES.order_placed,
          custom: false,
        })
        expect((back.data.data as SmsTemplateView[]).find((t) => t.event === "order_sent")!.enabled).toBe(false)
      })

      it("two saves at once each keep the other's event, and one row per event", async () => {
        const results = await Promise.all([
          saveTemplates([{ event: "order_confirmed", text: "প্রথম {orderNumber}" }]),
          saveTemplates([{ event: "order_delivered", text: "দ্বিতীয় {orderNumber}" }]),
          saveTemplates([{ event: "order_confirmed", enabled: false }]),
        ])
        expect(results.map((r) => r.status)).toEqual([200, 200, 200])
        const byEvent = new Map((await overview()).templates.map((t) => [t.event, t]))
        expect(byEvent.get("order_confirmed")).toMatchObject({ text: "প্রথম {orderNumber}", enabled: false })
        expect(byEvent.get("order_delivered")!.text).toBe("দ্বিতীয় {orderNumber}")
        const knex = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
        const { rows } = await knex.raw(`select event from sms_template where deleted_at is null order by event`)
        expect(rows.map((r: { event: string }) => r.event)).toEqual(["order_confirmed", "order_delivered"])
      })

      it("bad templates are refused with the reason, and nothing is saved", async () => {
        for (const [templates, reason] of [
          [
            [{ event: "order_placed", text: "ক".repeat(SMS_TEMPLATE_MAX + 1) }],
            `at most ${SMS_TEMPLATE_MAX} characters`,
          ],
          [[{ event: "order_placed", text: "ok\u0007" }], "control characters"],
          [[{ event: "order_shouted", text: "x" }], "event must be one of"],
          [[{ event: "order_placed", enabled: "yes" }], "enabled must be true or false"],
          [[], "at least one event"],
          [
            [
              { event: "order_placed", text: "a" },
              { event: "order_placed", text: "b" },
            ],
            "each event once",
          ],
          ["all", "templates must be a list"],
        ] as const) {
          const res = await saveTemplates(templates)
          expect(res.status).toBe(400)
          expect(res.data.message).toContain(reason)
        }
        expect((await overview()).templates.every((t) => !t.custom && t.enabled)).toBe(true)
      })

      it("a test message goes to the merchant's phone now, once a minute per phone; refused without a gateway or for a foreign number", async () => {
        const none = await adminCall("post", "/api/admin/sms/send-test", { phone: "01711999001" })
        expect(none.status).toBe(400)
        expect(none.data.message).toContain("No SMS gateway is set up")

        connect("sslwireless", { SMS_PART_COST: "0.35" })
        const sent = await adminCall("post", "/api/admin/sms/send-test", {
          phone: "+880 1711-999001",
          event: "order_sent",
        })
        expect(sent.status).toBe(200)
        expect(sent.data.message).toBe("Test message sent")
        expect(sent.data.data).toMatchObject({ state: "sent", event: "test:order_sent", phone: "8801711999001" })
        expect(sent.data.data.text).toContain("Deshi Bazar")
        expect(sent.data.data.text).toContain("http://localhost:5173/t/261128-7KQ4XM")
        expect(fake.textsTo("8801711999001")).toEqual([sent.data.data.text])

        // a double tap: one message
        const again = await Promise.all(
          [1, 2].map(() => adminCall("post", "/api/admin/sms/send-test", { phone: "01711999002" }))
        )
        expect(again.map((r) => r.status).sort()).toEqual([200, 429])
        expect(fake.textsTo("8801711999002")).toHaveLength(1)

        for (const phone of ["+14155550123", "029876543", ""]) {
          const res = await adminCall("post", "/api/admin/sms/send-test", { phone })
          expect(res.status).toBe(400)
          expect(res.data.message).toContain("Bangladeshi mobile")
        }

        // a gateway that refuses: answered 200 with its words, the message recorded as refused
        connect("bulksmsbd", { BULKSMSBD_API_KEY: "not-the-key" })
        const refused = await adminCall("post", "/api/admin/sms/send-test", { phone: "01711999003" })
        expect(refused.status).toBe(200)
        expect(refused.data.message).toBe("The gateway did not take the test message")
        expect(refused.data.data).toMatchObject({ state: "refused", answer: "BulkSMSBD: User Id not found" })
      })

      it("the day's totals: messages made, sent, parts and what they cost, those not sent", async () => {
        const today = new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_TIME_ZONE }).format(new Date())
        const before = (await overview()).days.find((d) => d.day === today)
        connect("bulksmsbd", { SMS_PART_COST: "0.25" })
        const first = await landingOrder()
        const second = await landingOrder()
        // their messages sent before the key changes
        await subscribers.settled()
        connect("bulksmsbd", { SMS_PART_COST: "0.25", BULKSMSBD_API_KEY: "not-the-key" })
        await landingOrder()
        await subscribers.settled()
        const parts =
          (await messagesOf(first.answer.data._id))[0].parts + (await messagesOf(second.answer.data._id))[0].parts
        const data = await overview()
        expect(data.gateway).toBe("bulksmsbd")
        expect(data.partCost).toBe(0.25)
        const day = data.days.find((d) => d.day === today)!
        expect(day.messages - (before?.messages ?? 0)).toBe(3)
        expect(day.sent - (before?.sent ?? 0)).toBe(2)
        expect(day.parts - (before?.parts ?? 0)).toBe(parts)
        expect(day.failed - (before?.failed ?? 0)).toBe(1)
        expect((day.cost ?? 0) - (before?.cost ?? 0)).toBeCloseTo(parts * 0.25, 5)
        expect(data.days[0].day).toBe(today)
      })
    })
  },
})
