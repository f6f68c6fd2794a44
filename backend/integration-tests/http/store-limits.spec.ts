// Anonymous writes on Medusa's /store are bounded (src/api/doors/store-limits.ts,
// src/jobs/expire-carts.ts). The limits this file proves (read when the app
// loads, after this runs): 4 new carts an hour per client address, 12
// line-item writes, 3 lines a cart. TRUST_PROXY=loopback: each test names its
// own client address in X-Forwarded-For.
process.env.TRUST_PROXY = "loopback"
process.env.CART_LIMIT_PER_ADDRESS = "4"
process.env.LINE_ITEM_LIMIT_PER_ADDRESS = "12"
process.env.CART_MAX_LINES = "3"

import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import seed from "../../src/scripts/seed"
import { expireCartsWorkflow } from "../../src/workflows/expire-carts"
import { shopIntegrationTestRunner } from "../utils/runner"
import { anyStatus, customerSession } from "../utils/session"

jest.setTimeout(300_000)

shopIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let client = 0
    let publishableKey: string
    let regionId: string
    let variantIds: string[]

    const newClient = () => `192.0.2.${++client}`
    const store = (address: string, extra: Record<string, string> = {}) => ({
      ...anyStatus,
      headers: { "x-forwarded-for": address, "x-publishable-api-key": publishableKey, ...extra },
    })
    const knex = () => getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    const count = async (table: string) =>
      (await knex().raw(`select count(*)::int as n from ${table} where deleted_at is null`)).rows[0].n as number
    const newCart = async (address = newClient()) => {
      const res = await api.post("/store/carts", { region_id: regionId }, store(address))
      expect(res.status).toBe(200)
      return res.data.cart.id as string
    }
    /** Metadata of about `bytes` bytes as JSON, in few keys. */
    const bulky = (bytes: number) => ({ a: "x".repeat(bytes / 2), b: "y".repeat(bytes / 2) })

    beforeAll(async () => {
      await seed({ container: getContainer(), args: [] } as never)
      const container = getContainer()
      const keys = await container.resolve(Modules.API_KEY).listApiKeys({ type: "publishable" })
      publishableKey = keys.find((k) => !k.revoked_at)!.token
      const [region] = await container.resolve(Modules.REGION).listRegions({})
      regionId = region.id
      // variants with room for every quantity the tests set (up to 12), in one fixed order: a list in the
      // database's order once put a variant of 10 in stock first, and its 11th unit was refused for stock
      const { rows } = await knex().raw(
        `select pv.id
           from product_variant pv
           join product_variant_inventory_item pvi on pvi.variant_id = pv.id and pvi.deleted_at is null
           join inventory_level il on il.inventory_item_id = pvi.inventory_item_id and il.deleted_at is null
          where pv.deleted_at is null
          group by pv.id
         having sum(il.stocked_quantity - il.reserved_quantity) >= 20
          order by pv.id`
      )
      variantIds = (rows as { id: string }[]).map((v) => v.id)
      expect(variantIds.length).toBeGreaterThanOrEqual(5)
    })

    it("limits new carts per client address: 429 with Retry-After, and no cart made", async () => {
      const address = newClient()
      for (let i = 0; i < 4; i++) await newCart(address)
      const before = await count("cart")
      const refused = await api.post("/store/carts", { region_id: regionId }, store(address))
      expect(refused.status).toBe(429)
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0)
      expect(refused.data.message).toMatch(/Too many new carts/)
      // every attempt counts, before the body is read
      expect((await api.post("/store/carts", { region_id: 42 }, store(address))).status).toBe(429)
      expect(await count("cart")).toBe(before)
      // another address is not affected
      await newCart()
    })

    it("refuses 90 KB of metadata with 400 and a clear message, writing nothing", async () => {
      const address = newClient()
      const before = await count("cart")
      const big = await api.post("/store/carts", { region_id: regionId, metadata: bulky(90_000) }, store(address))
      expect(big.status).toBe(400)
      expect(big.data).toEqual({ type: "invalid_data", message: "metadata may be at most 2048 bytes as JSON" })
      const keys = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]))
      const many = await api.post("/store/carts", { region_id: regionId, metadata: keys }, store(address))
      expect(many.status).toBe(400)
      expect(many.data.message).toBe("metadata may have at most 20 keys")
      const deep = await api.post(
        "/store/carts",
        { region_id: regionId, metadata: { a: { b: { c: 1 } } } },
        store(address)
      )
      expect(deep.status).toBe(400)
      expect(deep.data.message).toBe("metadata may nest objects at most 2 levels deep")
      // metadata in a new cart's address or lines too
      const nested = await api.post(
        "/store/carts",
        { region_id: regionId, shipping_address: { first_name: "X", metadata: bulky(10_000) } },
        store(newClient())
      )
      expect(nested.status).toBe(400)
      expect(await count("cart")).toBe(before)

      // within the caps: kept
      const small = await api.post(
        "/store/carts",
        { region_id: regionId, metadata: { source: "ad", nested: { campaign: "eid" } } },
        store(newClient())
      )
      expect(small.status).toBe(200)
      expect(small.data.cart.metadata).toEqual({ source: "ad", nested: { campaign: "eid" } })
      const cartId = small.data.cart.id as string

      // an update of the cart, a line, a customer's address: the same caps
      expect((await api.post(`/store/carts/${cartId}`, { metadata: bulky(90_000) }, store(newClient()))).status).toBe(
        400
      )
      const line = await api.post(
        `/store/carts/${cartId}/line-items`,
        { variant_id: variantIds[0], quantity: 1, metadata: bulky(90_000) },
        store(newClient())
      )
      expect(line.status).toBe(400)
      expect(
        (await knex().raw(`select count(*)::int as n from cart_line_item where cart_id = ?`, [cartId])).rows[0].n
      ).toBe(0)
      const customer = await customerSession(api, "Metadata Filler")
      const addressesBefore = await count("customer_address")
      const saved = await api.post(
        "/store/customers/me/addresses",
        { address_1: "Road 1", city: "Dhaka", country_code: "bd", metadata: bulky(90_000) },
        store(newClient(), { cookie: customer.cookie })
      )
      expect(saved.status).toBe(400)
      expect(saved.data.message).toMatch(/metadata/)
      expect(await count("customer_address")).toBe(addressesBefore)
      const me = await api.post(
        "/store/customers/me",
        { metadata: bulky(90_000) },
        store(newClient(), { cookie: customer.cookie })
      )
      expect(me.status).toBe(400)
    })

    it("a cart holds at most CART_MAX_LINES lines; adding a variant it holds still changes its quantity", async () => {
      const cartId = await newCart()
      for (const variant of variantIds.slice(0, 3)) {
        const res = await api.post(
          `/store/carts/${cartId}/line-items`,
          { variant_id: variant, quantity: 1 },
          store(newClient())
        )
        expect([variant, res.status]).toEqual([variant, 200])
      }
      const fourth = await api.post(
        `/store/carts/${cartId}/line-items`,
        { variant_id: variantIds[3], quantity: 1 },
        store(newClient())
      )
      expect(fourth.status).toBe(400)
      expect(fourth.data).toEqual({ type: "invalid_data", message: "A cart holds at most 3 lines" })
      const again = await api.post(
        `/store/carts/${cartId}/line-items`,
        { variant_id: variantIds[0], quantity: 2 },
        store(newClient())
      )
      expect(again.status).toBe(200)
      expect(again.data.cart.items).toHaveLength(3)
      // nor can a new cart be made with more
      const items = variantIds.slice(0, 4).map((variant_id) => ({ variant_id, quantity: 1 }))
      const created = await api.post("/store/carts", { region_id: regionId, items }, store(newClient()))
      expect(created.status).toBe(400)
      expect(created.data.message).toBe("A cart holds at most 3 lines")
    })

    it("limits line-item writes per client address: 429 with Retry-After", async () => {
      const address = newClient()
      const cartId = await newCart(address)
      let line: string | undefined
      for (let i = 0; i < 12; i++) {
        const res = line
          ? await api.post(`/store/carts/${cartId}/line-items/${line}`, { quantity: i + 1 }, store(address))
          : await api.post(
              `/store/carts/${cartId}/line-items`,
              { variant_id: variantIds[0], quantity: 1 },
              store(address)
            )
        expect([i, res.status]).toEqual([i, 200])
        line = res.data.cart.items[0].id
      }
      const refused = await api.post(`/store/carts/${cartId}/line-items/${line}`, { quantity: 1 }, store(address))
      expect(refused.status).toBe(429)
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0)
      expect((await api.delete(`/store/carts/${cartId}/line-items/${line}`, store(address))).status).toBe(429)
      // reading the cart is not a write
      expect((await api.get(`/store/carts/${cartId}`, store(address))).status).toBe(200)
    })

    it("the expiry workflow removes idle carts, never a fresh or a completed one", async () => {
      const idle = await newCart()
      const idleWithLine = await newCart()
      await api.post(
        `/store/carts/${idleWithLine}/line-items`,
        { variant_id: variantIds[1], quantity: 1 },
        store(newClient())
      )
      const recentLine = await newCart()
      await api.post(
        `/store/carts/${recentLine}/line-items`,
        { variant_id: variantIds[1], quantity: 1 },
        store(newClient())
      )
      const fresh = await newCart()
      const completed = await newCart()
      // a registered customer's carts are kept longer (account_days)
      const owner = await customerSession(api, "Cart Keeper")
      const accountCart = async () => {
        const res = await api.post(
          "/store/carts",
          { region_id: regionId },
          store(newClient(), { cookie: owner.cookie })
        )
        expect(res.status).toBe(200)
        expect(res.data.cart.customer_id).toBeTruthy()
        return res.data.cart.id as string
      }
      const accountIdle = await accountCart()
      const accountAbandoned = await accountCart()
      await knex().raw(`update cart set updated_at = now() - interval '15 days' where id = ?`, [accountIdle])
      await knex().raw(`update cart set updated_at = now() - interval '91 days' where id = ?`, [accountAbandoned])
      await knex().raw(`update cart set updated_at = now() - interval '15 days' where id = any(?)`, [
        [idle, idleWithLine, recentLine, completed],
      ])
      await knex().raw(`update cart_line_item set updated_at = now() - interval '15 days' where cart_id = ?`, [
        idleWithLine,
      ])
      await knex().raw(`update cart set completed_at = now() - interval '15 days' where id = ?`, [completed])
      await knex().raw(`update cart set updated_at = now() - interval '13 days' where id = ?`, [fresh])

      const { result } = await expireCartsWorkflow(getContainer()).run({
        input: { days: 14, account_days: 90, batch: 100 },
      })
      expect(result).toBeGreaterThanOrEqual(3)

      const state = async (id: string) =>
        (await knex().raw(`select deleted_at is not null as gone from cart where id = ?`, [id])).rows[0]
          ?.gone as boolean
      expect(await state(idle)).toBe(true)
      expect(await state(idleWithLine)).toBe(true)
      // its lines go with it
      expect(
        (
          await knex().raw(`select count(*)::int as n from cart_line_item where cart_id = ? and deleted_at is null`, [
            idleWithLine,
          ])
        ).rows[0].n
      ).toBe(0)
      expect(await state(recentLine)).toBe(false)
      expect(await state(fresh)).toBe(false)
      expect(await state(completed)).toBe(false)
      expect(await state(accountIdle)).toBe(false)
      expect(await state(accountAbandoned)).toBe(true)
      // Medusa answers 404 for an expired cart
      expect((await api.get(`/store/carts/${idle}`, store(newClient()))).status).toBe(404)
    })
  },
})
