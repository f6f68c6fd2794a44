import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import Medusa from "@medusajs/js-sdk"
import type { Product } from "@shop/contract"
import seed from "../../src/scripts/seed"
import { DEMO_LANDING_PAGE } from "../../src/scripts/seed-data"
import { purgeOrderRequestsWorkflow } from "../../src/workflows/order-requests"
import { shopIntegrationTestRunner } from "../utils/runner"
import { anyStatus, customerSession } from "../utils/session"

jest.setTimeout(240_000)

process.env.TRUST_PROXY = "loopback"
// the shop's default: three orders a minute per phone. A repeat of one order must never count twice.
process.env.ORDER_LIMIT_PER_PHONE = "3"

const pays = (p: Product) => (p.saleprice > 0 ? p.saleprice : p.price)
const address = {
  address: "House 7, Road 2, Mirpur",
  city: "Dhaka",
  pincode: "1216",
  number: "01811111111",
  notes: "Call first",
}

/**
 * One tap, one order: the same order sent many times at once, or
 * again after a lost answer, through every door, makes one order, takes the
 * stock once and answers every call with that order.
 */
shopIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let publishableKey: string
    let products: Product[]
    let client = 0
    // every request from its own client address: only the per-phone limit and the locks are under test
    const from = (headers: Record<string, string> = {}) => ({
      ...anyStatus,
      headers: { "x-forwarded-for": `198.51.100.${++client % 250}`, ...headers },
    })

    beforeAll(async () => {
      await seed({ container: getContainer(), args: [] } as never)
      const keys = await getContainer().resolve(Modules.API_KEY).listApiKeys({ type: "publishable" })
      publishableKey = keys.find((k) => !k.revoked_at)!.token
    })
    beforeEach(async () => {
      products = (await api.get("/api/shop/products/get")).data.products
    })

    const knex = () => getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    const stockOf = async (id: string) => (await api.get(`/api/shop/products/get/${id}`)).data.data.stock as number
    const ordersOfPhone = async (phone: string) =>
      (await knex().raw(`select count(*)::int as n from shop_order where deleted_at is null and phone = ?`, [phone]))
        .rows[0].n as number
    const medusaOrders = async () =>
      (await knex().raw(`select count(*)::int as n from "order" where deleted_at is null`)).rows[0].n as number
    const stocked = (min: number) => products.find((p) => p.stock >= min && !p.title.includes("Salwar"))!

    const guestBody = (product: Product, phone: string, quantity = 1) => ({
      isGuest: true,
      guestName: "Rupa Akter",
      guestEmail: "rupa@example.com",
      guestPhone: phone,
      landingPageSlug: null,
      cartItems: [{ productId: product._id, quantity }],
      addressInfo: [{ ...address, number: phone }],
    })

    it("five parallel completions of one cart through /store make one order, and every call answers it", async () => {
      const sdk = new Medusa({
        baseUrl: api.defaults.baseURL as string,
        publishableKey,
        globalHeaders: { "x-forwarded-for": "203.0.113.9" },
      })
      const { regions } = await sdk.store.region.list()
      const region = regions.find((r) => r.countries?.some((c) => c.iso_2 === "bd"))!
      const { products: catalog } = await sdk.store.product.list({
        region_id: region.id,
        fields: "*variants,+variants.inventory_quantity",
      })
      const product = catalog.find((p) => (p.variants?.[0]?.inventory_quantity ?? 0) > 20)!
      const { cart } = await sdk.store.cart.create({ region_id: region.id })
      await sdk.store.cart.createLineItem(cart.id, { variant_id: product.variants![0]!.id, quantity: 2 })
      const shipping = {
        first_name: "Tap",
        last_name: "Twice",
        address_1: "Road 1",
        city: "Dhaka",
        postal_code: "1205",
        country_code: "bd",
        phone: "+8801722222222",
      }
      await sdk.store.cart.update(cart.id, {
        email: "tap@example.com",
        shipping_address: shipping,
        billing_address: shipping,
      })
      const { shipping_options } = await sdk.store.fulfillment.listCartOptions({ cart_id: cart.id })
      await sdk.store.cart.addShippingMethod(cart.id, { option_id: shipping_options[0].id })
      const before = await stockOf(product.id)
      const orders = await medusaOrders()

      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          api.post(`/store/carts/${cart.id}/complete`, {}, from({ "x-publishable-api-key": publishableKey }))
        )
      )
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200])
      const ids = new Set(answers.map((a) => a.data.order?.id))
      expect(ids.size).toBe(1)
      expect([...ids][0]).toMatch(/^order_/)
      expect(await medusaOrders()).toBe(orders + 1)
      expect(await ordersOfPhone("01722222222")).toBe(1)
      expect(await stockOf(product.id)).toBe(before - 2)
    })

    it("three parallel signed-in checkouts of one server cart make one order and take the stock once", async () => {
      const me = await customerSession(api, "Parallel Checkout")
      const cookie = { cookie: me.cookie }
      const product = stocked(5)
      await api.post(
        "/api/shop/products/addtocart",
        { userId: me.user.id, productId: product._id, quantity: 2 },
        from(cookie)
      )
      const addressId = (
        await api.post("/api/shop/address/add", { userId: me.user.id, ...address, number: "01733333333" }, from(cookie))
      ).data.data[0]._id
      const before = await stockOf(product._id)

      const body = { userId: me.user.id, addressInfo: { addressId } }
      const answers = await Promise.all(
        Array.from({ length: 3 }, () => api.post("/api/shop/order/create-order", body, from(cookie)))
      )
      const placed = answers.filter((a) => a.status === 201)
      expect(placed).toHaveLength(1)
      // the others found the cart ordered: the spec's words, nothing written
      for (const other of answers.filter((a) => a.status !== 201))
        expect(other.data).toEqual({ success: false, message: "Your cart is empty!" })
      expect(placed[0].data.data.TotalAmount).toBe(pays(product) * 2 + 60)
      expect(await stockOf(product._id)).toBe(before - 2)
      const mine = await api.get(`/api/shop/order/get-orders/${me.user.id}`, from(cookie))
      expect(mine.data.data).toHaveLength(1)
    })

    it("signed-in checkouts with one Idempotency-Key, in parallel, all answer the one order", async () => {
      const me = await customerSession(api, "Keyed Checkout")
      const product = stocked(5)
      await api.post(
        "/api/shop/products/addtocart",
        { userId: me.user.id, productId: product._id, quantity: 1 },
        from({ cookie: me.cookie })
      )
      const addressId = (
        await api.post(
          "/api/shop/address/add",
          { userId: me.user.id, ...address, number: "01744444444" },
          from({ cookie: me.cookie })
        )
      ).data.data[0]._id
      const headers = { cookie: me.cookie, "idempotency-key": "c0ffee00-0000-4000-8000-000000000001" }
      const answers = await Promise.all(
        Array.from({ length: 3 }, () =>
          api.post("/api/shop/order/create-order", { userId: me.user.id, addressInfo: { addressId } }, from(headers))
        )
      )
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201])
      expect(new Set(answers.map((a) => a.data.data.orderNumber)).size).toBe(1)
      expect(
        (await api.get(`/api/shop/order/get-orders/${me.user.id}`, from({ cookie: me.cookie }))).data.data
      ).toHaveLength(1)
    })

    it("a guest order with an Idempotency-Key: parallel and later repeats answer the first order; another body with that key is refused", async () => {
      const product = stocked(10)
      const before = await stockOf(product._id)
      const key = { "idempotency-key": "guest-attempt-7f3a9c" }
      const body = guestBody(product, "01755555555", 2)
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => api.post("/api/shop/order/create-order", body, from(key)))
      )
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201])
      const first = answers[0].data
      for (const a of answers) expect(a.data).toEqual(first)
      expect(first.data.orderNumber).toMatch(/^ORD-/)
      expect(await ordersOfPhone("01755555555")).toBe(1)
      expect(await stockOf(product._id)).toBe(before - 4 / 2)

      // the phone's answer was lost: it retries a minute later, keys reordered, phone typed another way
      const retry = await api.post("/api/shop/order/create-order", JSON.parse(JSON.stringify(body)), from(key))
      expect(retry.status).toBe(201)
      expect(retry.data.data.orderNumber).toBe(first.data.orderNumber)

      const other = await api.post("/api/shop/order/create-order", guestBody(product, "01755555555", 3), from(key))
      expect(other.status).toBe(409)
      expect(other.data).toEqual({
        success: false,
        message: "This Idempotency-Key was already used for a different order. Send a new key for a new order.",
      })
      expect(await ordersOfPhone("01755555555")).toBe(1)
      expect(await stockOf(product._id)).toBe(before - 2)

      // without a key, the same body is a second order (the shopper meant it)
      const second = await api.post("/api/shop/order/create-order", body, from())
      expect(second.status).toBe(201)
      expect(second.data.data.orderNumber).not.toBe(first.data.orderNumber)
      expect(await ordersOfPhone("01755555555")).toBe(2)
    })

    it("a repeat answers its order even once the product has sold out; a key older than 24 hours places a new order", async () => {
      const product = stocked(3)
      const body = guestBody(product, "01766666666", 1)
      const key = { "idempotency-key": "sold-out-repeat-1" }
      const first = await api.post("/api/shop/order/create-order", body, from(key))
      expect(first.status).toBe(201)
      // the rest of the stock goes to others
      const left = await stockOf(product._id)
      const rest = await api.post(
        "/api/shop/order/create-order",
        guestBody(product, "01777777777", left),
        from({ "idempotency-key": "sold-out-rest-1" })
      )
      expect(rest.status).toBe(201)
      expect(await stockOf(product._id)).toBe(0)

      const repeat = await api.post("/api/shop/order/create-order", body, from(key))
      expect(repeat.status).toBe(201)
      expect(repeat.data.data.orderNumber).toBe(first.data.data.orderNumber)

      // a day later the key is free again: the same body is a new attempt (refused now: sold out)
      await knex().raw(
        `update order_request set created_at = now() - interval '25 hours' where key like '%sold-out-repeat-1'`
      )
      const later = await api.post("/api/shop/order/create-order", body, from(key))
      expect(later.status).toBe(409)
      expect(later.data.message).toMatch(/out of stock/i)

      // the hourly job forgets keys past their day, and only those
      const keys = async () =>
        (await knex().raw(`select key from order_request where deleted_at is null`)).rows.map(
          (r: { key: string }) => r.key
        )
      const live = (await keys()).filter((k: string) => !k.endsWith("sold-out-repeat-1"))
      expect(live).toEqual(["api:guest:sold-out-rest-1"])
      const { result: removed } = await purgeOrderRequestsWorkflow(getContainer()).run({ input: { batch: 2 } })
      expect(removed).toBe(1)
      expect((await keys()).sort()).toEqual([...live].sort())
    })

    it("a landing order with an Idempotency-Key: a double tap makes one order, counted once on the page", async () => {
      const product = products.find((p) => p.title.includes("Salwar"))!
      const page = async () =>
        (
          await knex().raw(`select orders from landing_page where slug = ? and deleted_at is null`, [
            DEMO_LANDING_PAGE.slug,
          ])
        ).rows[0]?.orders as number
      const pageOrders = await page()
      const body = {
        isGuest: true,
        guestName: "ফাতেমা",
        guestPhone: "০১৭৮৮৮৮৮৮৮৮",
        landingPageSlug: DEMO_LANDING_PAGE.slug,
        deliveryArea: "dhaka",
        cartItems: [{ productId: product._id, quantity: 1 }],
        addressInfo: [{ address: "বাড়ি ১২, রোড ৩, মিরপুর", city: "ঢাকা" }],
      }
      const key = { "idempotency-key": "landing-tap-1" }
      const [a, b] = await Promise.all([
        api.post("/api/shop/order/create-order", body, from(key)),
        api.post("/api/shop/order/create-order", body, from(key)),
      ])
      expect([a.status, b.status]).toEqual([201, 201])
      expect(a.data.data.orderNumber).toBe(b.data.data.orderNumber)
      // the phone typed in Bengali digits is stored once, as its key
      expect(a.data.data.guestPhone).toBe("01788888888")
      expect(await ordersOfPhone("01788888888")).toBe(1)
      expect(await page()).toBe(pageOrders + 1)
    })

    it("refuses a malformed Idempotency-Key with 400 before anything happens", async () => {
      const product = stocked(2)
      const res = await api.post(
        "/api/shop/order/create-order",
        guestBody(product, "01799999999"),
        from({ "idempotency-key": "x".repeat(256) })
      )
      expect(res.status).toBe(400)
      expect(res.data).toEqual({ success: false, message: "Idempotency-Key must be 1 to 255 visible characters" })
      expect(await ordersOfPhone("01799999999")).toBe(0)
    })
  },
})
