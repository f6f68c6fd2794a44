import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import Medusa from "@medusajs/js-sdk"
import type { Order, Product } from "@shop/contract"
import seed from "../../src/scripts/seed"
import { shopIntegrationTestRunner } from "../utils/runner"
import { ADMIN, anyStatus, customerSession, loginAs } from "../utils/session"

jest.setTimeout(240_000)

process.env.TRUST_PROXY = "loopback"
// the shop's order limits, as for its own checkout: 5 a minute per phone here
process.env.ORDER_LIMIT_PER_PHONE = "5"

/**
 * Medusa's storefront starter's checkout, call for call through Medusa's own
 * js-sdk (regions, products, cart, address, shipping options, payment session,
 * complete, order read), against the real backend: the order is the shop's.
 */
shopIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let publishableKey: string
    let client = 0
    const sdkFor = (headers: Record<string, string> = {}) =>
      new Medusa({
        baseUrl: api.defaults.baseURL as string,
        publishableKey,
        globalHeaders: { "x-forwarded-for": `192.0.2.${++client}`, ...headers },
      })

    beforeAll(async () => {
      await seed({ container: getContainer(), args: [] } as never)
      const keys = await getContainer().resolve(Modules.API_KEY).listApiKeys({ type: "publishable" })
      publishableKey = keys.find((k) => !k.revoked_at)!.token
    })

    const shopProduct = async (id: string) => (await api.get(`/api/shop/products/get/${id}`)).data.data as Product
    const count = async (table: string) => {
      const knex = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      return (await knex.raw(`select count(*)::int as n from ${table} where deleted_at is null`)).rows[0].n as number
    }

    /** The starter's checkout up to the payment session; answers the cart and what was bought. */
    async function starterCart(
      sdk: Medusa,
      opts: { quantity?: number; city?: string; email?: string; phone?: string } = {}
    ) {
      const { regions } = await sdk.store.region.list()
      const region = regions.find((r) => r.countries?.some((c) => c.iso_2 === "bd"))!
      expect(region.currency_code).toBe("bdt")
      const { products } = await sdk.store.product.list({
        region_id: region.id,
        fields: "*variants.calculated_price,+variants.inventory_quantity",
      })
      const product = products.find((p) => (p.variants?.[0]?.inventory_quantity ?? 0) > 20)!
      const variant = product.variants![0]!
      const { cart: created } = await sdk.store.cart.create({ region_id: region.id })
      await sdk.store.cart.createLineItem(created.id, { variant_id: variant.id, quantity: opts.quantity ?? 2 })
      const address = {
        first_name: "Starter",
        last_name: "Shopper",
        address_1: "House 5, Road 8, Dhanmondi",
        city: opts.city ?? "Dhaka",
        postal_code: "1205",
        country_code: "bd",
        phone: opts.phone ?? "+8801712345678",
      }
      await sdk.store.cart.update(created.id, {
        email: opts.email ?? "starter@example.com",
        shipping_address: address,
        billing_address: address,
      })
      const { shipping_options } = await sdk.store.fulfillment.listCartOptions({ cart_id: created.id })
      // only the address's area's delivery is offered, at the charge the order will make
      const area = address.city === "Dhaka" ? "Inside Dhaka" : "Outside Dhaka"
      expect(shipping_options.map((o) => o.name)).toEqual([area])
      const option = shipping_options[0]
      await sdk.store.cart.addShippingMethod(created.id, { option_id: option.id })
      const { cart } = await sdk.store.cart.retrieve(created.id)
      await sdk.store.payment.initiatePaymentSession(cart, { provider_id: "pp_system_default" })
      return { cart, product, variant }
    }

    it("the starter's checkout makes a shop order: shop pricing and delivery, stock taken, COD not captured, in the admin's list", async () => {
      const sdk = sdkFor()
      const { cart, product } = await starterCart(sdk, { quantity: 2, city: "Chattogram" })
      const before = await shopProduct(product.id)
      const reservations = await count("reservation_item")
      const done = await sdk.store.cart.complete(cart.id)
      expect(done.type).toBe("order")
      const order = (
        done as { order: { id: string; total: number; email: string; payment_collections?: { status: string }[] } }
      ).order
      const pays = before.saleprice > 0 ? before.saleprice : before.price
      // outside Dhaka: ৳120, decided by the shop from the city
      expect(order.total).toBe(pays * 2 + 120)
      expect(await count("reservation_item")).toBe(reservations)
      expect((await shopProduct(product.id)).stock).toBe(before.stock - 2)

      const admin = await loginAs(api, ADMIN)
      const rows = (await api.get("/api/admin/order/all-orders", { ...anyStatus, headers: { cookie: admin.cookie } }))
        .data.data as Order[]
      const mine = rows.find((o) => o._id === order.id)!
      expect(mine).toMatchObject({
        orderStatus: "pending",
        isGuest: true,
        guestName: "Starter Shopper",
        guestPhone: "01712345678",
        TotalAmount: pays * 2 + 120,
        deliveryArea: "outside",
        paymentMethod: "cod",
      })
      expect(mine.orderNumber).toMatch(/^ORD-/)
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({
        entity: "order",
        fields: ["payment_collections.status", "payment_collections.amount"],
        filters: { id: order.id },
      })
      expect((data[0] as { payment_collections: { status: string; amount: number }[] }).payment_collections).toEqual([
        expect.objectContaining({ status: "not_paid", amount: pays * 2 + 120 }),
      ])

      // completing again answers the same order; the starter then reads it back
      const again = await sdk.store.cart.complete(cart.id)
      expect((again as { order: { id: string } }).order.id).toBe(order.id)
      const { order: read } = await sdk.store.order.retrieve(order.id)
      expect(read.id).toBe(order.id)
    })

    it("an anonymous reader of the order sees no email, phone or address; a guest order never attaches to an account by email", async () => {
      const owner = await customerSession(api, "Starter Account Owner")
      const email = "starter.account.owner@example.com"
      const { cart } = await starterCart(sdkFor(), { email })
      const done = (await sdkFor().store.cart.complete(cart.id)) as { order: { id: string } }
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({
        entity: "order",
        fields: ["customer_id", "customer.has_account"],
        filters: { id: done.order.id },
      })
      const row = data[0] as { customer_id: string; customer: { has_account: boolean } }
      expect(row.customer_id).not.toBe(owner.user.id)
      expect(row.customer.has_account).toBe(false)

      const { order } = await sdkFor().store.order.retrieve(done.order.id, { fields: "*shipping_address,+email" })
      expect(order.email ?? null).toBeNull()
      expect(JSON.stringify(order.shipping_address ?? {})).not.toMatch(/01712345678|Dhanmondi|Starter/)
    })

    it("a signed-in customer's cart becomes their own order, readable with their session", async () => {
      const me = await customerSession(api, "Starter Signed In")
      const sdk = sdkFor({ cookie: me.cookie })
      const { cart } = await starterCart(sdk, { email: "starter.signed.in@example.com" })
      const done = (await sdk.store.cart.complete(cart.id)) as { order: { id: string } }
      const admin = await loginAs(api, ADMIN)
      const details = (
        await api.get(`/api/admin/order/order-details/${done.order.id}`, {
          ...anyStatus,
          headers: { cookie: admin.cookie },
        })
      ).data.data as Order
      expect(details).toMatchObject({ isGuest: false, userId: { _id: me.user.id } })
      const mine = (
        await api.get(`/api/shop/order/get-orders/${me.user.id}`, { ...anyStatus, headers: { cookie: me.cookie } })
      ).data.data as Order[]
      expect(mine.map((o) => o._id)).toContain(done.order.id)
    })

    it("the shop's order limit per phone holds through /store: a 429 with its message, nothing held", async () => {
      const phone = "01633333333"
      const orders = await count("shop_order")
      const answers: number[] = []
      for (let i = 0; i < 6; i++) {
        const { cart } = await starterCart(sdkFor(), { phone, quantity: 1 })
        const res = await api.post(
          `/store/carts/${cart.id}/complete`,
          {},
          { ...anyStatus, headers: { "x-publishable-api-key": publishableKey } }
        )
        answers.push(res.status)
        if (res.status === 429) {
          expect(res.data.message).toMatch(/^Too many orders\. Please try again in \d+ minutes?\.$/)
          expect(res.headers["retry-after"]).toMatch(/^\d+$/)
        }
      }
      expect(answers).toEqual([200, 200, 200, 200, 200, 429])
      expect(await count("shop_order")).toBe(orders + 5)
    })

    it("stock refused, a bad phone, a blocklisted phone: a 4xx with the shop's message and nothing held", async () => {
      const sdk = sdkFor()
      const { cart, product } = await starterCart(sdk, { quantity: 2 })
      // the shop's stock falls to 1 meanwhile
      const admin = await loginAs(api, ADMIN)
      const current = await shopProduct(product.id)
      const { _id, ...form } = current
      expect(
        (
          await api.put(
            `/api/admin/products/edit-product/${_id}`,
            { ...form, stock: 1 },
            { ...anyStatus, headers: { cookie: admin.cookie } }
          )
        ).status
      ).toBe(200)
      const orders = await count("shop_order")
      const soldOut = await api.post(
        `/store/carts/${cart.id}/complete`,
        {},
        { ...anyStatus, headers: { "x-publishable-api-key": publishableKey } }
      )
      expect(soldOut.status).toBe(409)
      expect(soldOut.data.message).toBe(`Only 1 of ${current.title} left in stock`)
      expect(await count("shop_order")).toBe(orders)
      expect((await shopProduct(product.id)).stock).toBe(1)
      await api.put(
        `/api/admin/products/edit-product/${_id}`,
        { ...form, stock: 500 },
        { ...anyStatus, headers: { cookie: admin.cookie } }
      )

      const { cart: badPhone } = await starterCart(sdkFor(), { phone: "12345" })
      const refused = await api.post(
        `/store/carts/${badPhone.id}/complete`,
        {},
        { ...anyStatus, headers: { "x-publishable-api-key": publishableKey } }
      )
      expect([refused.status, refused.data.message]).toEqual([
        400,
        "Please enter a valid Bangladeshi mobile number (01XXXXXXXXX)!",
      ])

      await api.post(
        "/api/admin/order-guard/blocklist",
        { kind: "phone", value: "01899999999", reason: "Starter fraud" },
        { ...anyStatus, headers: { cookie: admin.cookie } }
      )
      const { cart: blocked } = await starterCart(sdkFor(), { phone: "01899999999" })
      const no = await api.post(
        `/store/carts/${blocked.id}/complete`,
        {},
        { ...anyStatus, headers: { "x-publishable-api-key": publishableKey } }
      )
      expect([no.status, no.data.message]).toEqual([403, "We could not take this order. Please call us to order."])
      expect(await count("shop_order")).toBe(orders)
    })
  },
})
