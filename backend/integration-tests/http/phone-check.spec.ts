import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  PHONE_CHECK_BN,
  type CreateOrderAnswer,
  type Order,
  type PhoneCheckAnswer,
  type PhoneCheckView,
  type Product,
} from "@shop/contract"
import seed from "../../src/scripts/seed"
import { DEMO_LANDING_PAGE } from "../../src/scripts/seed-data"
import { FakeSmsGateways, SMS_ENV, smsEnv } from "../utils/fake-sms"
import { shopIntegrationTestRunner } from "../utils/runner"
import { ADMIN, anyStatus, loginAs } from "../utils/session"
import { followSubscribers } from "../utils/subscribers"

jest.setTimeout(180_000)

// each test forges its own client address (believed from loopback); orders per phone unlimited here,
// messages per phone 3 an hour (the limit test counts them)
process.env.TRUST_PROXY = "loopback"
process.env.ORDER_LIMIT_PER_PHONE = "1000"
process.env.ORDER_LIMIT_PER_ADDRESS = "1000"
process.env.SMS_LIMIT_PER_PHONE = "3"
process.env.PHONE_CODE_LIMIT_PER_ADDRESS = "4"
process.env.PHONE_CODE_TRIES_PER_ADDRESS = "8"

/**
 * The phone check: an order the fake-order guard holds (here a duplicate:
 * the same phone ordering the same product again) gets a one-time code by
 * SMS instead of waiting for a call; the right code releases it. Through the
 * real backend and a fake SSL Wireless (utils/fake-sms.ts).
 */
shopIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const fake = new FakeSmsGateways()
    let base = ""
    let product: Product
    let phoneSeq = 0
    let client = 0
    let subscribers: { settled: () => Promise<void> }
    const container = () => getContainer() as unknown as MedusaContainer
    const knex = () => getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    const newPhone = () => `0171${String(6000000 + ++phoneSeq).padStart(7, "0")}`
    const newAddress = () => `198.51.100.${++client}`
    const gatewayNumber = (phone: string) => `88${phone}`

    const landingOrder = async (phone: string, address = newAddress()) => {
      const res = await api.post(
        "/api/shop/order/create-order",
        {
          isGuest: true,
          landingPageSlug: DEMO_LANDING_PAGE.slug,
          guestName: "রহিম উদ্দিন",
          guestPhone: phone,
          deliveryArea: "dhaka",
          cartItems: [{ productId: product._id, quantity: 1 }],
          addressInfo: [{ address: "বাড়ি ১২, রোড ৩, মিরপুর", city: "Dhaka" }],
        },
        { ...anyStatus, headers: { "x-forwarded-for": address } }
      )
      expect(res.status).toBe(201)
      return res.data as CreateOrderAnswer
    }
    /** A duplicate (held for a call): the phone's second order of the product. */
    const heldOrder = async (phone = newPhone(), address = newAddress()) => {
      await landingOrder(phone, address)
      const answer = await landingOrder(phone, address)
      await subscribers.settled()
      return { answer, phone, address }
    }
    /**
     * The code in the last message with a code the fake gateway took for this phone (a later
     * message, such as the one a call's confirmation sends, may already have come after it).
     */
    const lastCode = (phone: string) => {
      const texts = fake.textsTo(gatewayNumber(phone))
      const code = texts
        .map((text) => /কোড (\d{6})/.exec(text)?.[1])
        .filter(Boolean)
        .at(-1)
      expect(code).toMatch(/^\d{6}$/)
      return code!
    }
    const verify = (orderId: string, code: string, address = newAddress()) =>
      api.post(
        `/api/shop/order/phone-check/${orderId}/verify`,
        { code },
        {
          ...anyStatus,
          headers: { "x-forwarded-for": address },
        }
      )
    const resend = (orderId: string, address = newAddress()) =>
      api.post(
        `/api/shop/order/phone-check/${orderId}/resend`,
        {},
        { ...anyStatus, headers: { "x-forwarded-for": address } }
      )
    const details = async (id: string) => {
      const admin = await loginAs(api, ADMIN)
      return (
        await api.get(`/api/admin/order/order-details/${id}`, { ...anyStatus, headers: { cookie: admin.cookie } })
      ).data.data as Order & { sms: { event: string; text: string }[] }
    }
    /** The check's code out ran out, or its resend time came (as if time passed). */
    const age = (orderId: string, column: "expires_at" | "resend_at") =>
      knex().raw(`update sms_code set ${column} = now() - interval '1 second' where order_id = ?`, [orderId])
    const wrongCode = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, "0")

    beforeAll(async () => {
      base = await fake.start()
      await seed({ container: getContainer(), args: [] } as never)
      subscribers = followSubscribers(container(), [
        "shop-order.placed",
        "shop-order.phone-code",
        "shop-order.confirmed",
      ])
      product = (await api.get(`/api/landing/${DEMO_LANDING_PAGE.slug}`)).data.data.productId as Product
    })
    beforeEach(() => {
      fake.reset()
      Object.assign(process.env, smsEnv(base, "sslwireless"))
    })
    afterEach(async () => {
      await subscribers.settled()
      SMS_ENV.forEach((name) => delete process.env[name])
    })
    afterAll(() => fake.stop())

    it("a held order's answer carries its check; the code goes by SMS in place of the order message, never stored or shown", async () => {
      const phone = newPhone()
      const first = await landingOrder(phone)
      expect(first.confirmation.phoneCheck).toBeUndefined()
      const answer = await landingOrder(phone)
      await subscribers.settled()
      const check = answer.confirmation.phoneCheck!
      expect(check).toMatchObject({ orderId: answer.data._id, state: "waiting", phone: "017•••••001", triesLeft: 3 })
      expect(new Date(check.expiresAt).getTime() - Date.now()).toBeGreaterThan(250_000)
      expect(new Date(check.resendAt!).getTime() - Date.now()).toBeGreaterThan(40_000)

      const texts = fake.textsTo(gatewayNumber(phone))
      // the first order's message, then the held one's code (no order-placed message for it)
      expect(texts).toHaveLength(2)
      expect(texts[1]).toMatch(/^Deshi Bazar: আপনার অর্ডার নিশ্চিত করার কোড \d{6}। ৫ মিনিট বৈধ।$/)
      const code = lastCode(phone)

      // the merchant sees the message with the code hidden; no table holds the code
      const sms = (await details(answer.data._id)).sms
      expect(sms.map((m) => m.event)).toEqual(["phone_code"])
      expect(sms[0]!.text).toContain("কোড ••••••")
      for (const table of ["sms_message", "sms_code", "notification", "order_risk"]) {
        const { rows } = await knex().raw(
          `select count(*)::int as n from ${table} where row_to_json(${table})::text ~ ?`,
          [`(^|[^0-9])${code}([^0-9]|$)`]
        )
        expect([table, rows[0].n]).toEqual([table, 0])
      }
      const got = await api.get(`/api/shop/order/phone-check/${answer.data._id}`, anyStatus)
      expect(got.status).toBe(200)
      expect((got.data as PhoneCheckAnswer).data).toMatchObject({ state: "waiting", triesLeft: 3 })
      expect(JSON.stringify(got.data)).not.toContain(code)
    })

    it("a wrong code costs a try; the right one releases the order, and the admin sees the phone verified", async () => {
      const { answer, phone } = await heldOrder()
      const code = lastCode(phone)
      const wrong = await verify(answer.data._id, wrongCode(code))
      expect(wrong.status).toBe(400)
      expect(wrong.data.message).toBe(PHONE_CHECK_BN.wrong(2))
      expect(wrong.data.data.triesLeft).toBe(2)
      // not six digits: no try taken
      const typo = await verify(answer.data._id, "12 34")
      expect([typo.status, typo.data.message, typo.data.data.triesLeft]).toEqual([400, PHONE_CHECK_BN.badCode, 2])

      // Bengali digits are digits; the right code typed twice at once: one release, two "verified"
      const bengali = code.replace(/\d/g, (d) => String.fromCharCode(0x09e6 + Number(d)))
      const right = await Promise.all([verify(answer.data._id, bengali), verify(answer.data._id, code)])
      expect(right.map((r) => [r.status, r.data.message])).toEqual([
        [200, PHONE_CHECK_BN.verified],
        [200, PHONE_CHECK_BN.verified],
      ])
      await subscribers.settled()
      const risk = (await details(answer.data._id)).risk!
      expect(risk).toMatchObject({ needsConfirmation: false, phoneVerified: true })
      expect(risk.confirmations).toEqual([
        expect.objectContaining({ outcome: "confirmed", adminId: null, via: "sms_code" }),
      ])
      // confirmed: the shopper's order-confirmed message follows the code, once
      const sms = (await details(answer.data._id)).sms
      expect(sms.map((m) => m.event)).toEqual(["phone_code", "order_confirmed"])
      expect(fake.textsTo(gatewayNumber(phone)).at(-1)).toMatch(/নিশ্চিত। ডেলিভারিতে দিন ৳/)
      const admin = await loginAs(api, ADMIN)
      const queue = await api.get("/api/admin/order/to-confirm", { ...anyStatus, headers: { cookie: admin.cookie } })
      expect((queue.data.data as Order[]).map((o) => o._id)).not.toContain(answer.data._id)
      // a new code for a verified check: refused
      expect((await resend(answer.data._id)).status).toBe(409)
    })

    it("three wrong codes lock the check, also sent at once; the order waits for the call as before", async () => {
      const { answer, phone } = await heldOrder()
      const code = lastCode(phone)
      const guesses = await Promise.all([1, 2, 3, 4, 5].map(() => verify(answer.data._id, wrongCode(code))))
      expect(guesses.map((g) => g.status).sort()).toEqual([400, 400, 429, 429, 429])
      expect(guesses.filter((g) => g.status === 429).every((g) => g.data.message === PHONE_CHECK_BN.locked)).toBe(true)
      const { rows } = await knex().raw(`select tries, state from sms_code where order_id = ?`, [answer.data._id])
      expect(rows[0]).toEqual({ tries: 3, state: "locked" })
      // the right code now: locked
      const late = await verify(answer.data._id, code)
      expect([late.status, late.data.data.state]).toEqual([429, "locked"])
      expect((await details(answer.data._id)).risk).toMatchObject({ needsConfirmation: true, phoneVerified: false })
      expect((await resend(answer.data._id)).status).toBe(429)
    })

    it("an expired code is refused; a new one comes after 60 s, at most three in all", async () => {
      const { answer, phone } = await heldOrder()
      const first = lastCode(phone)
      const early = await resend(answer.data._id)
      expect(early.status).toBe(429)
      expect(Number(early.headers["retry-after"])).toBeGreaterThan(40)
      expect(early.data.message).toMatch(/^একটু অপেক্ষা করুন: \d+ সেকেন্ড পর/)

      await age(answer.data._id, "expires_at")
      const expired = await verify(answer.data._id, first)
      expect([expired.status, expired.data.message, expired.data.data.state]).toEqual([
        410,
        PHONE_CHECK_BN.expired,
        "expired",
      ])

      await age(answer.data._id, "resend_at")
      const again = await resend(answer.data._id)
      expect([again.status, again.data.message]).toEqual([200, PHONE_CHECK_BN.resent])
      expect((again.data as PhoneCheckAnswer).data).toMatchObject({ state: "waiting", triesLeft: 3 })
      await subscribers.settled()
      const second = lastCode(phone)
      // the old code no longer works, the new one does
      expect((await verify(answer.data._id, first)).status).toBe(400)
      expect((await verify(answer.data._id, second)).status).toBe(200)
    })

    it("one phone gets at most its share of messages an hour from the forms", async () => {
      // SMS_LIMIT_PER_PHONE=3: the first order's message, the held one's code, one new code; the next is refused
      const { answer, phone } = await heldOrder()
      await age(answer.data._id, "resend_at")
      expect((await resend(answer.data._id)).status).toBe(200)
      await age(answer.data._id, "resend_at")
      const over = await resend(answer.data._id)
      expect([over.status, over.data.message]).toEqual([429, PHONE_CHECK_BN.tooMany])
      await subscribers.settled()
      expect(fake.textsTo(gatewayNumber(phone))).toHaveLength(3)
    })

    it("the third code is the last", async () => {
      // the order-placed message switched off: the phone's share of messages is all for codes
      const admin = await loginAs(api, ADMIN)
      const templates = (enabled: boolean) =>
        api.put(
          "/api/admin/sms/templates",
          { templates: [{ event: "order_placed", enabled }] },
          { ...anyStatus, headers: { cookie: admin.cookie } }
        )
      expect((await templates(false)).status).toBe(200)
      try {
        const { answer, phone } = await heldOrder()
        for (let i = 0; i < 2; i++) {
          await age(answer.data._id, "resend_at")
          expect((await resend(answer.data._id)).status).toBe(200)
        }
        await age(answer.data._id, "resend_at")
        const spent = await resend(answer.data._id)
        expect([spent.status, spent.data.message]).toEqual([429, PHONE_CHECK_BN.spent])
        await subscribers.settled()
        expect(fake.textsTo(gatewayNumber(phone))).toHaveLength(3)
        // the last code out still works until it runs out; after it, the check is spent
        await age(answer.data._id, "expires_at")
        const got = await api.get(`/api/shop/order/phone-check/${answer.data._id}`, anyStatus)
        expect(got.data.data).toMatchObject({ state: "spent", resendAt: null })
      } finally {
        expect((await templates(true)).status).toBe(200)
      }
    })

    it("one client address can have only a few codes sent and type only a few codes", async () => {
      // PHONE_CODE_LIMIT_PER_ADDRESS=4: four held orders from one address get a code, the fifth waits for the call
      const address = newAddress()
      const checks: (PhoneCheckView | undefined)[] = []
      for (let i = 0; i < 5; i++) checks.push((await heldOrder(newPhone(), address)).answer.confirmation.phoneCheck)
      expect(checks.map((c) => !!c)).toEqual([true, true, true, true, false])

      // PHONE_CODE_TRIES_PER_ADDRESS=8: three wrong codes lock a check; the ninth code typed from one address
      // is refused before it is tried
      const statuses: number[] = []
      for (const [check, times] of [
        [checks[0]!, 3],
        [checks[1]!, 3],
        [checks[2]!, 2],
      ] as const) {
        for (let i = 0; i < times; i++) statuses.push((await verify(check.orderId, "000000", address)).status)
      }
      expect(statuses).toEqual([400, 400, 429, 400, 400, 429, 400, 400])
      const ninth = await verify(checks[2]!.orderId, "000000", address)
      expect([ninth.status, ninth.data.message]).toEqual([429, PHONE_CHECK_BN.tooManyTries])
      const { rows } = await knex().raw(`select tries from sms_code where order_id = ?`, [checks[2]!.orderId])
      expect(rows[0].tries).toBe(2)
    })

    it("the shop's guest checkout gets the check too", async () => {
      const phone = newPhone()
      const address = newAddress()
      const checkout = () =>
        api.post(
          "/api/shop/order/create-order",
          {
            isGuest: true,
            guestName: "Karim",
            guestEmail: "karim@example.com",
            guestPhone: phone,
            cartItems: [{ productId: product._id, quantity: 1 }],
            addressInfo: [{ address: "House 3, Road 4", city: "Dhaka", pincode: "1212", number: phone, notes: "" }],
          },
          { ...anyStatus, headers: { "x-forwarded-for": address } }
        )
      expect((await checkout()).status).toBe(201)
      const held = await checkout()
      expect(held.status).toBe(201)
      expect((held.data as CreateOrderAnswer).confirmation.phoneCheck).toMatchObject({ state: "waiting" })
      await subscribers.settled()
      expect(lastCode(phone)).toMatch(/^\d{6}$/)
    })

    it("without a gateway nothing changes: the order waits for the call", async () => {
      SMS_ENV.forEach((name) => delete process.env[name])
      const { answer } = await heldOrder()
      expect(answer.confirmation.phoneCheck).toBeUndefined()
      const none = await api.get(`/api/shop/order/phone-check/${answer.data._id}`, anyStatus)
      expect([none.status, none.data.message]).toEqual([404, PHONE_CHECK_BN.notFound])
      expect((await verify(answer.data._id, "123456")).status).toBe(404)
      expect((await resend(answer.data._id)).status).toBe(404)
      expect(fake.requests).toBe(0)
    })

    it("an order confirmed by a call before the code came: the code takes no try and changes nothing", async () => {
      const { answer, phone } = await heldOrder()
      const admin = await loginAs(api, ADMIN)
      const called = await api.post(
        `/api/admin/order/${answer.data._id}/confirmation`,
        { outcome: "confirmed" },
        { ...anyStatus, headers: { cookie: admin.cookie } }
      )
      expect(called.status).toBe(200)
      const late = await verify(answer.data._id, lastCode(phone))
      expect([late.status, late.data.message]).toEqual([409, PHONE_CHECK_BN.notHeld])
      const risk = (await details(answer.data._id)).risk!
      expect(risk.phoneVerified).toBe(false)
      expect(risk.confirmations).toHaveLength(1)
    })
  },
})
