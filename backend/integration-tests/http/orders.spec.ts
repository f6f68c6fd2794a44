import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Product } from "@shop/contract"
import seed from "../../src/scripts/seed"
import { shopIntegrationTestRunner } from "../utils/runner"
import { ADMIN, anyStatus, customerSession, loginAs } from "../utils/session"

jest.setTimeout(240_000)

const pays = (p: Product) => (p.saleprice > 0 ? p.saleprice : p.price)
const address = {
  address: "House 7, Road 2, Mirpur",
  city: "Dhaka",
  pincode: "1216",
  number: "01811111111",
  notes: "Call first",
}

shopIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let products: Product[]
    let admin: { cookie: string }

    beforeAll(async () => {
      await seed({ container: getContainer(), args: [] } as never)
    })
    beforeEach(async () => {
      products = (await api.get("/api/shop/products/get")).data.products
      admin = await loginAs(api, ADMIN)
    })

    const as = (cookie?: string) => ({ ...anyStatus, headers: cookie ? { cookie } : {} })
    const stockOf = async (id: string) => (await api.get(`/api/shop/products/get/${id}`)).data.data.stock as number
    const counts = async () => {
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const [orders, records] = await Promise.all([
        query.graph({ entity: "order", fields: ["id"] }),
        query.graph({ entity: "shop_order", fields: ["id"] }),
      ])
      return { orders: orders.data.length, records: records.data.length }
    }
    const guestBody = (lines: { product: Product; quantity: number }[], extra: Record<string, unknown> = {}) => ({
      isGuest: true,
      guestName: "Rupa Akter",
      guestEmail: "rupa@example.com",
      guestPhone: "01712345678",
      landingPageSlug: null,
      // what a client claims about prices and totals is never used
      TotalAmount: 1,
      orderStatus: "delivered",
      orderDate: "2001-01-01",
      cartItems: lines.map(({ product, quantity }) => ({
        productId: product._id,
        title: "cheap",
        image: "x",
        price: "1",
        salePrice: "1",
        quantity,
      })),
      addressInfo: [address],
      ...extra,
    })
    const setStock = async (product: Product, stock: number) => {
      const { _id, ...form } = product
      const res = await api.put(`/api/admin/products/edit-product/${_id}`, { ...form, stock }, as(admin.cookie))
      expect(res.status).toBe(200)
    }

    it("places a guest order priced by the server, takes the stock and answers the order", async () => {
      const [a, b] = products.filter((p) => p.stock >= 5 && p.saleprice > 0)
      const before = [await stockOf(a._id), await stockOf(b._id)]
      const res = await api.post(
        "/api/shop/order/create-order",
        guestBody([
          { product: a, quantity: 2 },
          { product: b, quantity: 1 },
        ]),
        anyStatus
      )
      expect(res.status).toBe(201)
      expect(res.data.success).toBe(true)
      const order = res.data.data
      expect(order).toMatchObject({
        _id: expect.stringMatching(/^order_/),
        orderNumber: expect.stringMatching(/^ORD-\d{6}-[2-9A-HJ-NP-Z]{6}$/),
        orderStatus: "pending",
        // the address is in Dhaka: ৳60 delivery, as on landing pages
        TotalAmount: pays(a) * 2 + pays(b) + 60,
        deliveryArea: "dhaka",
        deliveryCharge: 60,
        isGuest: true,
        guestName: "Rupa Akter",
        guestEmail: "rupa@example.com",
        guestPhone: "01712345678",
        userId: null,
        addressInfo: [address],
        paymentMethod: "cod",
      })
      expect(new Date(order.orderDate).getFullYear()).toBeGreaterThan(2020)
      expect(order.cartItems).toEqual(
        expect.arrayContaining([
          { productId: a._id, title: a.title, image: a.image, price: pays(a), quantity: 2 },
          { productId: b._id, title: b.title, image: b.image, price: pays(b), quantity: 1 },
        ])
      )
      expect([await stockOf(a._id), await stockOf(b._id)]).toEqual([before[0] - 2, before[1] - 1])
      // the answer is what was stored
      const stored = await api.get(`/api/shop/order/get-order-details/${order._id}`, as(admin.cookie))
      expect(stored.data).toEqual({ success: true, data: order })

      // a real Medusa order with a cash-on-delivery payment collection for the total
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({
        entity: "order",
        fields: ["id", "total", "currency_code", "payment_collections.amount", "payment_collections.status"],
        filters: { id: order._id },
      })
      expect(data[0].currency_code).toBe("bdt")
      expect(Number(data[0].total)).toBe(order.TotalAmount)
      expect(Number(data[0].payment_collections![0]!.amount)).toBe(order.TotalAmount)
    })

    it("charges delivery by the city the server reads (৳120 outside Dhaka), whatever area or charge the client claims", async () => {
      const product = products.find((p) => p.stock >= 3)!
      const outside = { ...address, city: "Chattogram" }
      const res = await api.post(
        "/api/shop/order/create-order",
        { ...guestBody([{ product, quantity: 1 }]), addressInfo: [outside], deliveryArea: "dhaka", deliveryCharge: 0 },
        anyStatus
      )
      expect(res.status).toBe(201)
      expect(res.data.data).toMatchObject({
        deliveryArea: "outside",
        deliveryCharge: 120,
        TotalAmount: pays(product) + 120,
      })
      expect(res.data.confirmation).toMatchObject({
        deliveryArea: "outside",
        deliveryCharge: 120,
        totalAmount: pays(product) + 120,
      })
      // the Medusa order carries the same delivery line and total
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({
        entity: "order",
        fields: ["id", "total", "shipping_methods.name", "shipping_methods.amount", "payment_collections.amount"],
        filters: { id: res.data.data._id },
      })
      expect(data[0].shipping_methods!.map((m) => [m!.name, Number(m!.amount)])).toEqual([["Outside Dhaka", 120]])
      expect(Number(data[0].total)).toBe(pays(product) + 120)
      expect(Number(data[0].payment_collections![0]!.amount)).toBe(pays(product) + 120)
      // "dhaka" anywhere in the city, in any case, is inside Dhaka
      const dhaka = await api.post(
        "/api/shop/order/create-order",
        { ...guestBody([{ product, quantity: 1 }]), addressInfo: [{ ...address, city: "North DHAKA" }] },
        anyStatus
      )
      expect(dhaka.data.data).toMatchObject({
        deliveryArea: "dhaka",
        deliveryCharge: 60,
        TotalAmount: pays(product) + 60,
      })
    })

    it.each([
      [{ guestName: "" }, 400, "Please fill in all delivery information!"],
      [{ guestPhone: "  " }, 400, "Please fill in all delivery information!"],
      [{ guestEmail: "" }, 400, "Please fill in all delivery information!"],
      [{ guestEmail: "rupa@example" }, 400, "Please enter a valid email address!"],
      [{ addressInfo: [{ ...address, city: "" }] }, 400, "Please fill in all delivery information!"],
      [{ addressInfo: [] }, 400, "Please fill in all delivery information!"],
      [{ cartItems: [] }, 400, "Your cart is empty!"],
      [{ cartItems: [{ productId: "prod_NOPE", quantity: 1 }] }, 404, "Product not found!"],
      [{ cartItems: [{ productId: "x", quantity: 0 }] }, 400, "Quantity must be at least 1"],
      [{ cartItems: [{ productId: "x", quantity: 1.5 }] }, 400, "Quantity must be a whole number"],
      [{ cartItems: [{ productId: "x", quantity: "2" }] }, 400, "Quantity must be a whole number"],
      [{ cartItems: "all" }, 400, "cartItems must be a list"],
    ])("refuses %j with %i and writes nothing", async (change, status, message) => {
      const product = products.find((p) => p.stock >= 3)!
      const before = await counts()
      const stock = await stockOf(product._id)
      const res = await api.post(
        "/api/shop/order/create-order",
        { ...guestBody([{ product, quantity: 1 }]), ...change },
        anyStatus
      )
      expect(res.status).toBe(status)
      expect(res.data).toEqual({ success: false, message })
      expect(await counts()).toEqual(before)
      expect(await stockOf(product._id)).toBe(stock)
    })

    it("refuses more than the stock with 409 naming the product, leaving no order and no stock change", async () => {
      const product = products.find((p) => p.stock >= 2 && p.stock < 100)!
      const other = products.find((p) => p._id !== product._id && p.stock >= 1)!
      const before = await counts()
      const otherStock = await stockOf(other._id)
      const res = await api.post(
        "/api/shop/order/create-order",
        guestBody([
          { product: other, quantity: 1 },
          { product, quantity: product.stock + 1 },
        ]),
        anyStatus
      )
      expect(res.status).toBe(409)
      expect(res.data).toEqual({ success: false, message: `Only ${product.stock} of ${product.title} left in stock` })
      expect(await counts()).toEqual(before)
      expect(await stockOf(product._id)).toBe(product.stock)
      expect(await stockOf(other._id)).toBe(otherStock)
      const soldOut = products.find((p) => p.stock === 0)!
      const none = await api.post(
        "/api/shop/order/create-order",
        guestBody([{ product: soldOut, quantity: 1 }]),
        anyStatus
      )
      expect(none.status).toBe(409)
      expect(none.data.message).toBe(`${soldOut.title} is out of stock`)
    })

    it("stock 3, 20 orders at once: exactly 3 succeed, 17 get 409, stock ends at 0", async () => {
      const product = products.find((p) => p.stock >= 3)!
      await setStock(product, 3)
      const before = await counts()
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          api.post("/api/shop/order/create-order", guestBody([{ product, quantity: 1 }]), anyStatus)
        )
      )
      const statuses = results.map((r) => r.status).sort()
      expect(statuses.filter((s) => s === 201)).toHaveLength(3)
      expect(statuses.filter((s) => s === 409)).toHaveLength(17)
      expect(await stockOf(product._id)).toBe(0)
      expect(await counts()).toEqual({ orders: before.orders + 3, records: before.records + 3 })
      const numbers = results.filter((r) => r.status === 201).map((r) => r.data.data.orderNumber)
      expect(new Set(numbers).size).toBe(3)
    })

    it("a signed-in customer orders their cart to their address; the cart is emptied; orders are private", async () => {
      const me = await customerSession(api, "Order Owner")
      const product = products.find((p) => p.stock >= 4)!
      await api.post(
        "/api/shop/products/addtocart",
        { userId: me.user.id, productId: product._id, quantity: 2 },
        as(me.cookie)
      )
      const cartId = (await api.get(`/api/shop/products/getcart/${me.user.id}`, as(me.cookie))).data.data._id
      const addressId = (await api.post("/api/shop/address/add", { userId: me.user.id, ...address }, as(me.cookie)))
        .data.data[0]._id

      const res = await api.post(
        "/api/shop/order/create-order",
        {
          userId: me.user.id,
          cartId,
          TotalAmount: 5,
          cartItems: [],
          addressInfo: { addressId },
          orderStatus: "pending",
        },
        as(me.cookie)
      )
      expect(res.status).toBe(201)
      expect(res.data.data).toMatchObject({
        isGuest: false,
        userId: { _id: me.user.id, username: "Order Owner" },
        cartId,
        TotalAmount: pays(product) * 2 + 60,
        deliveryArea: "dhaka",
        deliveryCharge: 60,
        addressInfo: [address],
      })
      expect((await api.get(`/api/shop/products/getcart/${me.user.id}`, as(me.cookie))).data.data.items).toEqual([])

      const again = await api.post(
        "/api/shop/order/create-order",
        { userId: me.user.id, addressInfo: { addressId } },
        as(me.cookie)
      )
      expect(again.status).toBe(400)
      expect(again.data.message).toBe("Your cart is empty!")

      const list = await api.get(`/api/shop/order/get-orders/${me.user.id}`, as(me.cookie))
      expect(list.data).toEqual({ success: true, data: [res.data.data] })
      const details = await api.get(`/api/shop/order/get-order-details/${res.data.data._id}`, as(me.cookie))
      expect(details.data).toEqual({ success: true, data: res.data.data })

      const snoop = await customerSession(api, "Order Snoop")
      expect((await api.get(`/api/shop/order/get-orders/${me.user.id}`, as(snoop.cookie))).status).toBe(403)
      const hidden = await api.get(`/api/shop/order/get-order-details/${res.data.data._id}`, as(snoop.cookie))
      expect(hidden.status).toBe(404)
      expect((await api.get(`/api/shop/order/get-order-details/${res.data.data._id}`, anyStatus)).status).toBe(401)
      // ordering for someone else, or from someone else's address
      const forOther = await api.post(
        "/api/shop/order/create-order",
        { userId: me.user.id, addressInfo: { addressId } },
        as(snoop.cookie)
      )
      expect(forOther.status).toBe(403)
      // without a session only guest orders can be placed
      const anonymous = await api.post(
        "/api/shop/order/create-order",
        { userId: me.user.id, addressInfo: { addressId } },
        anyStatus
      )
      expect(anonymous.status).toBe(401)
      await api.post(
        "/api/shop/products/addtocart",
        { userId: snoop.user.id, productId: product._id },
        as(snoop.cookie)
      )
      const wrongAddress = await api.post(
        "/api/shop/order/create-order",
        { userId: snoop.user.id, addressInfo: { addressId } },
        as(snoop.cookie)
      )
      expect(wrongAddress.status).toBe(404)
      // admins may read any order
      expect((await api.get(`/api/shop/order/get-order-details/${res.data.data._id}`, as(admin.cookie))).status).toBe(
        200
      )
    })

    it("an order keeps its title, image and price after the product is deleted", async () => {
      const product = products.find((p) => p.stock >= 1)!
      const placed = (await api.post("/api/shop/order/create-order", guestBody([{ product, quantity: 1 }]), anyStatus))
        .data.data
      await api.delete(`/api/admin/products/delete-product/${product._id}`, as(admin.cookie))
      const me = await customerSession(api, "Never Mind")
      expect(me.user.id).toBeTruthy()
      const read = await api.get(`/api/shop/order/get-order-details/${placed._id}`, as(admin.cookie))
      expect(read.data.data.cartItems).toEqual([
        { productId: product._id, title: product.title, image: product.image, price: pays(product), quantity: 1 },
      ])
    })

    describe("order statuses (admin)", () => {
      const place = async (product: Product, quantity = 1) =>
        (await api.post("/api/shop/order/create-order", guestBody([{ product, quantity }]), anyStatus)).data.data
      const setStatus = (orderId: string, orderStatus: unknown, cookie = admin.cookie) =>
        api.put("/api/admin/order/update-order-status", { orderId, orderStatus }, as(cookie))

      it("lists all orders newest first and reads one, for admins only", async () => {
        const product = products.find((p) => p.stock >= 5)!
        const first = await place(product)
        const second = await place(product)
        const all = await api.get("/api/admin/order/all-orders", as(admin.cookie))
        expect(all.status).toBe(200)
        expect(all.data.data.map((o: { _id: string }) => o._id).slice(0, 2)).toEqual([second._id, first._id])
        const one = await api.get(`/api/admin/order/order-details/${first._id}`, as(admin.cookie))
        // the admin's answer adds what the fake-order guard found, the Meta Purchase and delivery event (none: not a landing order),
        // the text messages (none: no SMS gateway here) and its dispatch (the shop's own, never printed), never in the shopper's
        expect(one.data).toEqual({
          success: true,
          data: {
            ...first,
            risk: expect.objectContaining({ level: "low", needsConfirmation: false }),
            metaPurchase: null,
            metaDelivered: null,
            sms: [],
            dispatch: { source: "shop", takenBy: null, printedAt: null, printCount: 0 },
          },
        })
        expect((await api.get("/api/admin/order/order-details/order_NOPE", as(admin.cookie))).status).toBe(404)
        const customer = await customerSession(api, "Status Snoop")
        expect((await api.get("/api/admin/order/all-orders", as(customer.cookie))).status).toBe(403)
        expect((await setStatus(first._id, "cancelled", customer.cookie)).status).toBe(403)
        expect((await api.get("/api/admin/order/all-orders", anyStatus)).status).toBe(401)
      })

      it("pages and searches all-orders in the database: number, id, name, phone, status; case-insensitive and trimmed", async () => {
        const product = products.find((p) => p.stock >= 10)!
        const tag = `Zq${Date.now().toString(36)}`
        const a = (
          await api.post(
            "/api/shop/order/create-order",
            guestBody([{ product, quantity: 1 }], { guestName: `Nadia ${tag}`, guestPhone: "01555000111" }),
            anyStatus
          )
        ).data.data
        const b = (
          await api.post(
            "/api/shop/order/create-order",
            guestBody([{ product, quantity: 1 }], { guestName: `Karim ${tag}`, guestPhone: "01555000222" }),
            anyStatus
          )
        ).data.data
        const search = async (query: Record<string, unknown>) => {
          const res = await api.get("/api/admin/order/all-orders", { ...as(admin.cookie), params: query })
          expect(res.status).toBe(200)
          return { ids: res.data.data.map((o: { _id: string }) => o._id), count: res.data.count as number }
        }
        expect(await search({ q: `  ${tag.toUpperCase()} ` })).toEqual({ ids: [b._id, a._id], count: 2 })
        expect(await search({ q: `nadia ${tag}` })).toEqual({ ids: [a._id], count: 1 })
        expect(await search({ q: a.orderNumber.slice(-6).toLowerCase() })).toEqual({ ids: [a._id], count: 1 })
        expect(await search({ q: b._id })).toEqual({ ids: [b._id], count: 1 })
        expect(await search({ q: "01555000222" })).toEqual({ ids: [b._id], count: 1 })
        expect((await search({ q: "%" })).count).toBe(0)
        // status: every pending order, and the page size holds
        const all = (await api.get("/api/admin/order/all-orders", as(admin.cookie))).data.data as {
          _id: string
          orderStatus: string
        }[]
        const pending = all.filter((o) => o.orderStatus === "pending").map((o) => o._id)
        const firstPage = await search({ q: "PENDING", limit: 2 })
        expect(firstPage).toEqual({ ids: pending.slice(0, 2), count: pending.length })
        const secondPage = await search({ q: "pending", limit: 2, offset: 2 })
        expect(secondPage.ids).toEqual(pending.slice(2, 4))
        // the whole list, paged
        expect(await search({ offset: 0, limit: 3 })).toEqual({
          ids: all.slice(0, 3).map((o) => o._id),
          count: all.length,
        })
        expect(await search({ offset: 1_000_000 })).toEqual({ ids: [], count: all.length })
        for (const bad of [{ limit: 0 }, { limit: 1000 }, { offset: -1 }, { limit: "x" }, { sort: "id" }]) {
          const res = await api.get("/api/admin/order/all-orders", { ...as(admin.cookie), params: bad })
          expect([JSON.stringify(bad), res.status]).toEqual([JSON.stringify(bad), 400])
        }
      })

      it("cancelling gives the stock back; leaving cancelled takes it again; orderUpdateDate moves", async () => {
        const product = products.find((p) => p.stock >= 5)!
        const order = await place(product, 2)
        const stock = await stockOf(product._id)

        const cancelled = await setStatus(order._id, "cancelled")
        expect(cancelled.status).toBe(200)
        expect(cancelled.data).toMatchObject({ success: true, message: "Order status updated successfully!" })
        expect(cancelled.data.data.orderStatus).toBe("cancelled")
        expect(new Date(cancelled.data.data.orderUpdateDate).getTime()).toBeGreaterThan(
          new Date(order.orderUpdateDate).getTime()
        )
        expect(await stockOf(product._id)).toBe(stock + 2)
        // cancelling twice gives nothing back twice
        await setStatus(order._id, "cancelled")
        expect(await stockOf(product._id)).toBe(stock + 2)

        const back = await setStatus(order._id, "shipped")
        expect(back.status).toBe(200)
        expect(back.data.data.orderStatus).toBe("shipped")
        expect(await stockOf(product._id)).toBe(stock)
        // moving between the other statuses does not touch stock
        await setStatus(order._id, "completed")
        expect(await stockOf(product._id)).toBe(stock)
      })

      it("leaving cancelled is refused with 409 when the stock is gone, and nothing changes", async () => {
        const product = products.find((p) => p.stock >= 2)!
        await setStock(product, 2)
        const order = await place(product, 2)
        await setStatus(order._id, "cancelled")
        const rival = await place(product, 2) // takes the two units back
        expect(rival.orderStatus).toBe("pending")
        const refused = await setStatus(order._id, "pending")
        expect(refused.status).toBe(409)
        expect(refused.data).toEqual({ success: false, message: `${product.title} is out of stock` })
        const read = await api.get(`/api/admin/order/order-details/${order._id}`, as(admin.cookie))
        expect(read.data.data.orderStatus).toBe("cancelled")
        expect(await stockOf(product._id)).toBe(0)
      })

      it("delivered records the cash as collected: the COD payment is captured", async () => {
        const product = products.find((p) => p.stock >= 1)!
        const order = await place(product)
        const res = await setStatus(order._id, "delivered")
        expect(res.status).toBe(200)
        const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
        const { data } = await query.graph({
          entity: "order",
          fields: [
            "payment_collections.status",
            "payment_collections.captured_amount",
            "payment_collections.payments.provider_id",
          ],
          filters: { id: order._id },
        })
        const collection = data[0].payment_collections![0]!
        expect(collection.status).toBe("completed")
        expect(Number(collection.captured_amount)).toBe(order.TotalAmount)
        expect(collection.payments![0]!.provider_id).toBe("pp_system_default")
      })

      it.each([["refunded"], [""], [5], [null]])("refuses the status %j with 400", async (status) => {
        const product = products.find((p) => p.stock >= 1)!
        const order = await place(product)
        const res = await setStatus(order._id, status)
        expect(res.status).toBe(400)
        expect(res.data.message).toMatch(
          /orderStatus must be one of: pending, completed, cancelled, shipped, delivered/
        )
        expect(
          (await api.get(`/api/admin/order/order-details/${order._id}`, as(admin.cookie))).data.data.orderStatus
        ).toBe("pending")
      })
    })
  },
})
