// The limits this file proves (read when the app loads, after this runs):
// 3 orders a minute per phone, 10 per client address, 3 registrations an hour
// per address. TRUST_PROXY names a proxy that is not the test client, so the
// X-Forwarded-For these requests forge must be ignored.
process.env.ORDER_LIMIT_PER_PHONE = "3"
process.env.ORDER_LIMIT_PER_ADDRESS = "10"
process.env.REGISTER_LIMIT_PER_ADDRESS = "3"
process.env.TRUST_PROXY = "10.9.8.7"

import { Agent } from "node:http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Product } from "@shop/contract"
import seed from "../../src/scripts/seed"
import { DEMO_LANDING_PAGE } from "../../src/scripts/seed-data"
import { shopIntegrationTestRunner } from "../utils/runner"
import { anyStatus } from "../utils/session"

jest.setTimeout(240_000)

const address = { address: "House 3, Road 9, Dhanmondi", city: "Dhaka" }

shopIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let product: Product
    let forged = 0
    /** A different forged client address on every request. */
    const forgedHeaders = () => ({ ...anyStatus, headers: { "x-forwarded-for": `203.0.113.${++forged % 250}` } })
    const count = async (table: string) => {
      const knex = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const { rows } = await knex.raw(`select count(*)::int as n from ${table}`)
      return rows[0].n as number
    }
    const landingOrder = (phone: string) =>
      api.post(
        "/api/shop/order/create-order",
        {
          isGuest: true,
          guestName: "Limit Tester",
          guestPhone: phone,
          landingPageSlug: DEMO_LANDING_PAGE.slug,
          deliveryArea: "dhaka",
          cartItems: [{ productId: product._id, quantity: 1 }],
          addressInfo: [address],
        },
        forgedHeaders()
      )

    beforeAll(async () => {
      await seed({ container: getContainer(), args: [] } as never)
      const page = (await api.get(`/api/landing/${DEMO_LANDING_PAGE.slug}`)).data.data
      product = page.productId
    })

    it("takes at most 3 orders a minute from one phone, in any of its spellings; 429 in Bengali, nothing written", async () => {
      for (let i = 0; i < 3; i++) {
        expect((await landingOrder("01812345678")).status).toBe(201)
      }
      const ordersBefore = await count("shop_order")
      const refused = await landingOrder("01812345678")
      expect(refused.status).toBe(429)
      expect(refused.data).toEqual({
        success: false,
        message: "এই নম্বর থেকে অল্প সময়ে অনেকগুলো অর্ডার এসেছে। অনুগ্রহ করে ১ মিনিট পরে আবার চেষ্টা করুন",
      })
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0)
      expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60)
      // the same mobile written another way is the same phone
      expect((await landingOrder("+880 1812-345678")).status).toBe(429)
      expect(await count("shop_order")).toBe(ordersBefore)
      // another phone from the same client still orders
      expect((await landingOrder("01912345678")).status).toBe(201)
    })

    it("takes at most 10 orders a minute from one client address; a forged X-Forwarded-For does not reset it", async () => {
      // 6 attempts so far from this address; new phones each time
      const statuses: number[] = []
      for (let i = 0; i < 6; i++) {
        statuses.push((await landingOrder(`0171000000${i}`)).status)
      }
      expect(statuses.slice(0, 4)).toEqual([201, 201, 201, 201])
      expect(statuses.slice(4)).toEqual([429, 429])
      // a guest checkout (not a landing page) is refused in English
      const guest = await api.post(
        "/api/shop/order/create-order",
        {
          isGuest: true,
          guestName: "Limit Tester",
          guestEmail: "limit@example.com",
          guestPhone: "01610000000",
          cartItems: [{ productId: product._id, quantity: 1 }],
          addressInfo: [{ ...address, pincode: "1209", number: "01610000000", notes: "" }],
        },
        forgedHeaders()
      )
      expect(guest.status).toBe(429)
      expect(guest.data).toEqual({ success: false, message: "Too many orders. Please try again in 1 minute." })
    })

    it("counts every order attempt from a client address before validating it: 10 invalid bodies use up its minute", async () => {
      // a client address no other test used: this connection comes from another loopback address
      const fromElsewhere = {
        ...anyStatus,
        baseURL: api.defaults.baseURL!.replace("localhost", "127.0.0.1"),
        httpAgent: new Agent({ localAddress: "127.0.0.23" }),
      }
      const ordersBefore = await count("shop_order")
      for (let i = 0; i < 10; i++) {
        const invalid = await api.post(
          "/api/shop/order/create-order",
          { isGuest: true, landingPageSlug: DEMO_LANDING_PAGE.slug, guestName: "", guestPhone: `0155000000${i}` },
          fromElsewhere
        )
        expect([invalid.status, invalid.data]).toEqual([
          400,
          { success: false, message: "অনুগ্রহ করে নাম, মোবাইল নম্বর ও ঠিকানা সহ সকল তথ্য পূরণ করুন" },
        ])
      }
      // a well-formed order from a fresh phone is over the address's limit now: 429 in Bengali, before validation
      const refused = await api.post(
        "/api/shop/order/create-order",
        {
          isGuest: true,
          guestName: "Limit Tester",
          guestPhone: "01550000099",
          landingPageSlug: DEMO_LANDING_PAGE.slug,
          cartItems: [{ productId: product._id, quantity: 1 }],
          addressInfo: [address],
        },
        fromElsewhere
      )
      expect([refused.status, refused.data]).toEqual([
        429,
        { success: false, message: "এই নম্বর থেকে অল্প সময়ে অনেকগুলো অর্ডার এসেছে। অনুগ্রহ করে ১ মিনিট পরে আবার চেষ্টা করুন" },
      ])
      // and so is an invalid body, in English off a landing page
      const invalid = await api.post("/api/shop/order/create-order", { isGuest: true, guestEmail: "x" }, fromElsewhere)
      expect([invalid.status, invalid.data]).toEqual([
        429,
        { success: false, message: "Too many orders. Please try again in 1 minute." },
      ])
      expect(await count("shop_order")).toBe(ordersBefore)
    })

    it("takes at most 3 registrations from one client address; the refused one creates no account", async () => {
      const register = (i: number) =>
        api.post(
          "/api/auth/register",
          { username: `Limit ${i}`, email: `limit-${i}@example.com`, password: "secret123" },
          forgedHeaders()
        )
      for (let i = 0; i < 3; i++) {
        expect((await register(i)).status).toBe(201)
      }
      const customersBefore = await count("customer")
      const refused = await register(3)
      expect(refused.status).toBe(429)
      expect(refused.data).toEqual({
        success: false,
        message: "Too many registrations from this network. Please try again in 60 minutes.",
      })
      expect(await count("customer")).toBe(customersBefore)
      const login = await api.post(
        "/api/auth/login",
        { email: "limit-3@example.com", password: "secret123" },
        anyStatus
      )
      expect(login.status).toBe(401)
    })
  },
})
