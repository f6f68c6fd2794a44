import { ContainerRegistrationKeys, Modules, ProductStatus } from "@medusajs/framework/utils"
import Medusa from "@medusajs/js-sdk"
import {
  createInventoryLevelsWorkflow,
  createProductsWorkflow,
  createPromotionsWorkflow,
  updateCartPromotionsWorkflow,
} from "@medusajs/medusa/core-flows"
import { STORE_CURRENCY, type Product } from "@shop/contract"
import seed from "../../src/scripts/seed"
import { shopIntegrationTestRunner } from "../utils/runner"
import { ADMIN, anyStatus, loginAs } from "../utils/session"

jest.setTimeout(240_000)

process.env.TRUST_PROXY = "loopback"
process.env.ORDER_LIMIT_PER_PHONE = "50"

type Cart = Awaited<ReturnType<Medusa["store"]["cart"]["retrieve"]>>["cart"]
type PlacedOrder = {
  id: string
  total: number
  items: { variant_id: string; unit_price: number; quantity: number }[]
  shipping_methods: { name: string; amount: number }[]
}

/**
 * Medusa's checkout tells the truth: through Medusa's js-sdk, call for call
 * as Medusa's Next.js storefront starter makes them, the total the cart shows
 * just before "Place order" is the total the shop's order charges; delivery
 * options are the address's area's, promotions are refused when applied,
 * quantities are whole numbers, every line is priced by its own variant.
 */
shopIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let publishableKey: string
    let regionId: string
    let client = 0
    /** a product of two sizes at two prices (made in Medusa Admin, not through the shop's one-variant form) */
    let sized: { id: string; small: string; large: string; smallItem: string; largeItem: string }
    const sdkFor = () =>
      new Medusa({
        baseUrl: api.defaults.baseURL as string,
        publishableKey,
        globalHeaders: { "x-forwarded-for": `198.51.100.${++client}` },
      })
    const store = { ...anyStatus, headers: {} as Record<string, string> }
    const knex = () => getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    const count = async (table: string) =>
      (await knex().raw(`select count(*)::int as n from ${table} where deleted_at is null`)).rows[0].n as number

    beforeAll(async () => {
      const container = getContainer()
      await seed({ container, args: [] } as never)
      const keys = await container.resolve(Modules.API_KEY).listApiKeys({ type: "publishable" })
      publishableKey = keys.find((k) => !k.revoked_at)!.token
      store.headers = { "x-publishable-api-key": publishableKey }
      const [region] = await container.resolve(Modules.REGION).listRegions({ currency_code: STORE_CURRENCY })
      regionId = region.id
      const [shop] = await container.resolve(Modules.STORE).listStores({})
      const [profile] = await container.resolve(Modules.FULFILLMENT).listShippingProfiles({ type: "default" })
      const { result } = await createProductsWorkflow(container).run({
        input: {
          products: [
            {
              title: "Two Size Panjabi",
              handle: "two-size-panjabi",
              status: ProductStatus.PUBLISHED,
              shipping_profile_id: profile.id,
              sales_channels: [{ id: shop.default_sales_channel_id! }],
              options: [{ title: "Size", values: ["M", "XL"] }],
              variants: [
                {
                  title: "M",
                  sku: "two-size-m",
                  manage_inventory: true,
                  options: { Size: "M" },
                  prices: [{ amount: 1000, currency_code: STORE_CURRENCY }],
                },
                {
                  title: "XL",
                  sku: "two-size-xl",
                  manage_inventory: true,
                  options: { Size: "XL" },
                  prices: [{ amount: 1500, currency_code: STORE_CURRENCY }],
                },
              ],
            },
          ],
        },
      })
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({
        entity: "variant",
        fields: ["id", "title", "inventory_items.inventory_item_id"],
        filters: { id: result[0].variants.map((v) => v.id) },
      })
      const byTitle = new Map(data.map((v) => [v.title, v]))
      const m = byTitle.get("M")!
      const xl = byTitle.get("XL")!
      await createInventoryLevelsWorkflow(container).run({
        input: {
          inventory_levels: [m, xl].map((v) => ({
            location_id: shop.default_location_id!,
            inventory_item_id: v.inventory_items![0]!.inventory_item_id,
            stocked_quantity: 50,
          })),
        },
      })
      sized = {
        id: result[0].id,
        small: m.id,
        large: xl.id,
        smallItem: m.inventory_items![0]!.inventory_item_id,
        largeItem: xl.inventory_items![0]!.inventory_item_id,
      }
    })

    const address = (city: string, phone: string) => ({
      first_name: "Truth",
      last_name: "Shopper",
      address_1: "House 5, Road 8",
      city,
      postal_code: "1205",
      country_code: "bd",
      phone,
    })

    /** A stocked product of the seed and its one variant, as the starter lists them. */
    async function seededVariant(sdk: Medusa) {
      const { products } = await sdk.store.product.list({
        region_id: regionId,
        fields: "*variants.calculated_price,+variants.inventory_quantity",
      })
      const product = products.find((p) => p.id !== sized.id && (p.variants?.[0]?.inventory_quantity ?? 0) > 20)!
      return product.variants![0]!
    }

    /**
     * The starter's checkout: cart, lines, address, the delivery options offered
     * (the names answered), the one for the area, payment session; answers the
     * cart as the review step shows it.
     */
    async function starterCheckout(
      sdk: Medusa,
      lines: { variant_id: string; quantity: number }[],
      city: string,
      phone: string
    ) {
      const { cart: created } = await sdk.store.cart.create({ region_id: regionId })
      for (const line of lines) await sdk.store.cart.createLineItem(created.id, line)
      const where = address(city, phone)
      await sdk.store.cart.update(created.id, {
        email: "truth@example.com",
        shipping_address: where,
        billing_address: where,
      })
      const { shipping_options } = await sdk.store.fulfillment.listCartOptions({ cart_id: created.id })
      const offered = shipping_options.map((o) => `${o.name} ${o.amount}`)
      await sdk.store.cart.addShippingMethod(created.id, { option_id: shipping_options[0].id })
      const { cart: withShipping } = await sdk.store.cart.retrieve(created.id)
      await sdk.store.payment.initiatePaymentSession(withShipping, { provider_id: "pp_system_default" })
      const { cart } = await sdk.store.cart.retrieve(created.id)
      return { cart, offered }
    }

    const complete = async (sdk: Medusa, cart: Cart) =>
      ((await sdk.store.cart.complete(cart.id)) as unknown as { type: string; order: PlacedOrder }).order

    it("Inside Dhaka: one delivery option at ৳60, and the order charges the total the cart showed (quantity 3)", async () => {
      const sdk = sdkFor()
      const variant = await seededVariant(sdk)
      const { cart, offered } = await starterCheckout(
        sdk,
        [{ variant_id: variant.id, quantity: 3 }],
        "Dhaka",
        "01710000001"
      )
      expect(offered).toEqual(["Inside Dhaka 60"])
      expect(cart.shipping_total).toBe(60)
      const order = await complete(sdk, cart)
      expect(order.total).toBe(cart.total)
      expect(order.items.map((i) => i.quantity)).toEqual([3])
    })

    it("a city written in Bengali (ঢাকা) is inside Dhaka; Chattogram is outside at ৳120; both orders charge what their carts showed", async () => {
      const sdk = sdkFor()
      const variant = await seededVariant(sdk)
      const bengali = await starterCheckout(sdk, [{ variant_id: variant.id, quantity: 1 }], "ঢাকা", "01710000002")
      expect(bengali.offered).toEqual(["Inside Dhaka 60"])
      const first = await complete(sdk, bengali.cart)
      expect(first.total).toBe(bengali.cart.total)
      expect(first.shipping_methods.map((m) => [m.name, m.amount])).toEqual([["Inside Dhaka", 60]])

      const outside = await starterCheckout(sdk, [{ variant_id: variant.id, quantity: 2 }], "Chattogram", "01710000003")
      expect(outside.offered).toEqual(["Outside Dhaka 120"])
      const second = await complete(sdk, outside.cart)
      expect(second.total).toBe(outside.cart.total)
      expect(second.shipping_methods.map((m) => [m.name, m.amount])).toEqual([["Outside Dhaka", 120]])
    })

    it("two sizes of one product at different prices: every line is priced and taken from stock by its own variant", async () => {
      const sdk = sdkFor()
      const stockOf = async (item: string) =>
        Number(
          (
            await knex().raw(
              `select stocked_quantity from inventory_level where inventory_item_id = ? and deleted_at is null`,
              [item]
            )
          ).rows[0].stocked_quantity
        )
      const [small, large] = [await stockOf(sized.smallItem), await stockOf(sized.largeItem)]
      const lines = [
        { variant_id: sized.large, quantity: 1 },
        { variant_id: sized.small, quantity: 2 },
      ]
      const { cart } = await starterCheckout(sdk, lines, "Sylhet", "01710000004")
      expect(cart.item_total).toBe(1500 + 2 * 1000)
      const order = await complete(sdk, cart)
      expect(order.total).toBe(cart.total)
      expect(order.total).toBe(3500 + 120)
      const byVariant = Object.fromEntries(order.items.map((i) => [i.variant_id, [i.unit_price, i.quantity]]))
      expect(byVariant).toEqual({ [sized.large]: [1500, 1], [sized.small]: [1000, 2] })
      expect([await stockOf(sized.smallItem), await stockOf(sized.largeItem)]).toEqual([small - 2, large - 1])
    })

    it("another area's delivery option is refused when chosen, and at completion after the address moved", async () => {
      const sdk = sdkFor()
      const variant = await seededVariant(sdk)
      const { cart } = await starterCheckout(sdk, [{ variant_id: variant.id, quantity: 1 }], "Dhaka", "01710000005")
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data: options } = await query.graph({ entity: "shipping_option", fields: ["id", "name"] })
      const outside = options.find((o) => o.name === "Outside Dhaka")!
      const wrong = await api.post(`/store/carts/${cart.id}/shipping-methods`, { option_id: outside.id }, store)
      expect([wrong.status, wrong.data.message]).toEqual([
        400,
        "Delivery to Dhaka is Inside Dhaka (৳60): choose that option",
      ])

      // the address moves outside Dhaka after "Inside Dhaka" was chosen
      await sdk.store.cart.update(cart.id, { shipping_address: address("Rajshahi", "01710000005") })
      const orders = await count("shop_order")
      const refused = await api.post(`/store/carts/${cart.id}/complete`, {}, store)
      expect([refused.status, refused.data.message]).toEqual([
        400,
        "Delivery to Rajshahi is Outside Dhaka (৳120): choose that option",
      ])
      const { shipping_options } = await sdk.store.fulfillment.listCartOptions({ cart_id: cart.id })
      expect(shipping_options.map((o) => o.name)).toEqual(["Outside Dhaka"])
      await sdk.store.cart.addShippingMethod(cart.id, { option_id: shipping_options[0].id })
      const { cart: shown } = await sdk.store.cart.retrieve(cart.id)
      const order = await complete(sdk, shown)
      expect(order.total).toBe(shown.total)
      expect(await count("shop_order")).toBe(orders + 1)
    })

    it("no delivery option chosen: completion is refused, not charged behind the cart's back", async () => {
      const sdk = sdkFor()
      const variant = await seededVariant(sdk)
      const { cart } = await sdk.store.cart.create({ region_id: regionId })
      await sdk.store.cart.createLineItem(cart.id, { variant_id: variant.id, quantity: 1 })
      await sdk.store.cart.update(cart.id, {
        email: "truth@example.com",
        shipping_address: address("Khulna", "01710000006"),
      })
      const refused = await api.post(`/store/carts/${cart.id}/complete`, {}, store)
      expect([refused.status, refused.data.message]).toEqual([
        400,
        "Delivery to Khulna is Outside Dhaka (৳120): choose that option",
      ])
    })

    it("promotion codes are refused when applied, with a message; a promotion on the cart otherwise refuses completion", async () => {
      const container = getContainer()
      await createPromotionsWorkflow(container).run({
        input: {
          promotionsData: [
            {
              code: "HALF",
              type: "standard",
              status: "active",
              application_method: {
                type: "percentage",
                target_type: "order",
                allocation: "across",
                value: 50,
                currency_code: STORE_CURRENCY,
              },
            },
          ],
        },
      })
      const sdk = sdkFor()
      const variant = await seededVariant(sdk)
      const message = "Promotion codes are not available in this shop"
      const created = await api.post("/store/carts", { region_id: regionId, promo_codes: ["HALF"] }, store)
      expect([created.status, created.data.message]).toEqual([400, message])

      const { cart } = await starterCheckout(sdk, [{ variant_id: variant.id, quantity: 2 }], "Dhaka", "01710000007")
      const added = await api.post(`/store/carts/${cart.id}/promotions`, { promo_codes: ["HALF"] }, store)
      expect([added.status, added.data.message]).toEqual([400, message])
      const updated = await api.post(`/store/carts/${cart.id}`, { promo_codes: ["HALF"] }, store)
      expect([updated.status, updated.data.message]).toEqual([400, message])
      const { cart: unchanged } = await sdk.store.cart.retrieve(cart.id)
      expect(unchanged.discount_total).toBe(0)

      // applied some other way (an automatic promotion, a workflow): the cart shows it, so no order charges more
      await updateCartPromotionsWorkflow(container).run({
        input: { cart_id: cart.id, promo_codes: ["HALF"], action: "add" as never },
      })
      const { cart: discounted } = await sdk.store.cart.retrieve(cart.id)
      expect(discounted.discount_total).toBeGreaterThan(0)
      const orders = await count("shop_order")
      const refused = await api.post(`/store/carts/${cart.id}/complete`, {}, store)
      expect([refused.status, refused.data.message]).toEqual([400, `${message}: remove it from the cart`])
      expect(await count("shop_order")).toBe(orders)
      // removing it lets the cart through at the total it then shows
      await api.delete(`/store/carts/${cart.id}/promotions`, { ...store, data: { promo_codes: ["HALF"] } })
      const { cart: plain } = await sdk.store.cart.retrieve(cart.id)
      expect(plain.discount_total).toBe(0)
      const order = await complete(sdk, plain)
      expect(order.total).toBe(plain.total)
    })

    it("a price changed after the cart showed it: completion is refused with the new price, the cart shows it, then the order charges it", async () => {
      const sdk = sdkFor()
      const variant = await seededVariant(sdk)
      const { cart } = await starterCheckout(sdk, [{ variant_id: variant.id, quantity: 2 }], "Dhaka", "01710000008")
      const admin = await loginAs(api, ADMIN)
      const product = (await api.get(`/api/shop/products/get/${variant.product_id}`)).data.data as Product
      const { _id, ...form } = product
      const raised = {
        ...form,
        price: product.price + 100,
        saleprice: product.saleprice > 0 ? product.saleprice + 100 : 0,
      }
      expect(
        (
          await api.put(`/api/admin/products/edit-product/${_id}`, raised, {
            ...anyStatus,
            headers: { cookie: admin.cookie },
          })
        ).status
      ).toBe(200)
      const pays = raised.saleprice > 0 ? raised.saleprice : raised.price
      const orders = await count("shop_order")
      const refused = await api.post(`/store/carts/${cart.id}/complete`, {}, store)
      expect([refused.status, refused.data.message]).toEqual([
        409,
        `The price of ${product.title} is now ৳${pays.toLocaleString("en-US")}: review your cart and place the order again`,
      ])
      expect(await count("shop_order")).toBe(orders)
      const { cart: shown } = await sdk.store.cart.retrieve(cart.id)
      expect(shown.total).toBe(pays * 2 + 60)
      const order = await complete(sdk, shown)
      expect(order.total).toBe(shown.total)
    })

    it("quantities are whole numbers from 1 to 1000, or refused", async () => {
      const sdk = sdkFor()
      const variant = await seededVariant(sdk)
      const { cart } = await sdk.store.cart.create({ region_id: regionId })
      for (const quantity of [0.4, 1.5, 1001]) {
        const res = await api.post(`/store/carts/${cart.id}/line-items`, { variant_id: variant.id, quantity }, store)
        expect([quantity, res.status, res.data.message]).toEqual([
          quantity,
          400,
          expect.stringMatching(/^Quantity must be/),
        ])
      }
      const made = await api.post(
        "/store/carts",
        { region_id: regionId, items: [{ variant_id: variant.id, quantity: 0.4 }] },
        store
      )
      expect(made.status).toBe(400)
      const { cart: one } = await sdk.store.cart.createLineItem(cart.id, { variant_id: variant.id, quantity: 1 })
      const line = one.items![0]!
      for (const quantity of [2.5, -1]) {
        const res = await api.post(`/store/carts/${cart.id}/line-items/${line.id}`, { quantity }, store)
        expect([quantity, res.status]).toEqual([quantity, 400])
      }
      const { cart: after } = await sdk.store.cart.retrieve(cart.id)
      expect(after.items!.map((i) => i.quantity)).toEqual([1])
    })
  },
})
