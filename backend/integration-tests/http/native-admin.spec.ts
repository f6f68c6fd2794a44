import { Modules } from "@medusajs/framework/utils"
import type { Product } from "@shop/contract"
import seed from "../../src/scripts/seed"
import { shopIntegrationTestRunner } from "../utils/runner"
import { ADMIN, anyStatus, customerSession, loginAs } from "../utils/session"

jest.setTimeout(300_000)

/**
 * Medusa Admin's own Orders screens on the shop's orders, read and driven
 * through the same /admin API calls the admin UI makes.
 */

// what Medusa Admin 2.21 requests (@medusajs/dashboard src/routes/orders/order-list/const.ts)
const LIST_FIELDS =
  "id,status,created_at,email,display_id,custom_display_id,payment_status,fulfillment_status,total,currency_code," +
  "*customer,*sales_channel,*payment_collections,*shipping_address"
// ... and for one order (src/routes/orders/order-detail/constants.ts), the parts the order page shows
const DETAIL_FIELDS =
  "id,status,created_at,canceled_at,email,display_id,currency_code,total," +
  "*customer,*items,*shipping_address,*billing_address,*fulfillments,*fulfillments.items," +
  "*payment_collections,*payment_collections.payments"

type NativeOrder = {
  id: string
  status: string
  canceled_at: string | null
  email: string | null
  payment_status: string
  fulfillment_status: string
  customer_id: string | null
  customer: {
    id: string
    first_name: string | null
    last_name: string | null
    email: string | null
    has_account: boolean
  } | null
  shipping_address: { first_name: string | null; last_name: string | null } | null
  billing_address: { first_name: string | null; last_name: string | null } | null
  items: { id: string; quantity: number; detail: { fulfilled_quantity: number } }[]
  fulfillments: {
    id: string
    shipped_at: string | null
    delivered_at: string | null
    canceled_at: string | null
    items: { quantity: number }[]
  }[]
  payment_collections: { id: string; status: string; payments?: { id: string }[] }[]
}

/** The list's customer column (components/table/table-cells/order/customer-cell). */
const listName = (o: NativeOrder) =>
  o.customer ? [o.customer.first_name, o.customer.last_name].filter(Boolean).join(" ") || o.customer.email : "-"
/** The order page's customer (components/common/customer-info: customer, else shipping, else billing name). */
const pageName = (o: NativeOrder) =>
  [o.customer, o.shipping_address, o.billing_address]
    .map((a) => [a?.first_name, a?.last_name].filter(Boolean).join(" "))
    .find(Boolean) ?? ""

const address = {
  address: "House 9, Road 4, Dhanmondi",
  city: "Dhaka",
  pincode: "1209",
  number: "01822222222",
  notes: "Call first",
}
const REFUSED = /shop order.*Orders screen/

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
    const inStock = (n: number) => products.find((p) => p.stock >= n)!

    const placeGuest = async (product: Product, quantity = 1, extra: Record<string, unknown> = {}) => {
      const res = await api.post(
        "/api/shop/order/create-order",
        {
          isGuest: true,
          guestName: "Rupa Akter",
          guestEmail: "rupa.native@example.com",
          guestPhone: "01712345678",
          cartItems: [{ productId: product._id, quantity }],
          addressInfo: [address],
          ...extra,
        },
        anyStatus
      )
      expect(res.status).toBe(201)
      return res.data.data as { _id: string; orderNumber: string }
    }
    const placeAsCustomer = async (me: { cookie: string; user: { id: string } }, product: Product, quantity = 1) => {
      await api.post(
        "/api/shop/products/addtocart",
        { userId: me.user.id, productId: product._id, quantity },
        as(me.cookie)
      )
      const added = await api.post("/api/shop/address/add", { userId: me.user.id, ...address }, as(me.cookie))
      const addressId = added.data.data[0]._id
      const res = await api.post(
        "/api/shop/order/create-order",
        { userId: me.user.id, addressInfo: { addressId } },
        as(me.cookie)
      )
      expect(res.status).toBe(201)
      return res.data.data as { _id: string; orderNumber: string }
    }
    const setStatus = async (orderId: string, orderStatus: string) => {
      const res = await api.put("/api/admin/order/update-order-status", { orderId, orderStatus }, as(admin.cookie))
      expect([orderStatus, res.status, res.data.message]).toEqual([
        orderStatus,
        200,
        "Order status updated successfully!",
      ])
    }
    const shopStatus = async (orderId: string) =>
      (await api.get(`/api/admin/order/order-details/${orderId}`, as(admin.cookie))).data.data.orderStatus as string
    /** One row of Medusa Admin's Orders list. */
    const listed = async (orderId: string) => {
      const res = await api.get("/admin/orders", {
        ...as(admin.cookie),
        params: { fields: LIST_FIELDS, limit: 100, order: "-created_at" },
      })
      expect(res.status).toBe(200)
      const row = (res.data.orders as NativeOrder[]).find((o) => o.id === orderId)
      expect(row).toBeDefined()
      return row!
    }
    /** Medusa Admin's order page. */
    const page = async (orderId: string) => {
      const res = await api.get(`/admin/orders/${orderId}`, { ...as(admin.cookie), params: { fields: DETAIL_FIELDS } })
      expect(res.status).toBe(200)
      return res.data.order as NativeOrder
    }
    /** What both native screens say about an order. */
    const native = async (orderId: string) => {
      const [row, one] = await Promise.all([listed(orderId), page(orderId)])
      expect(row.payment_status).toBe(one.payment_status)
      expect(row.fulfillment_status).toBe(one.fulfillment_status)
      return {
        status: one.status,
        payment: one.payment_status,
        fulfilment: one.fulfillment_status,
        listName: listName(row),
        pageName: pageName(one),
      }
    }

    it("the native Orders list and order page name the guest and the customer; new orders are pending, not paid, not fulfilled", async () => {
      const product = inStock(3)
      const guest = await placeGuest(product)
      const me = await customerSession(api, "Karim Native")
      const mine = await placeAsCustomer(me, product)

      expect(await native(guest._id)).toEqual({
        status: "pending",
        payment: "not_paid",
        fulfilment: "not_fulfilled",
        listName: "Rupa Akter",
        pageName: "Rupa Akter",
      })
      expect(await native(mine._id)).toEqual({
        status: "pending",
        payment: "not_paid",
        fulfilment: "not_fulfilled",
        listName: "Karim Native",
        pageName: "Karim Native",
      })
      // the customer order is the account's; the guest's is a guest record, not an account
      const [guestOrder, customerOrder] = [await page(guest._id), await page(mine._id)]
      expect(customerOrder.customer_id).toBe(me.user.id)
      expect(guestOrder.customer).toMatchObject({ has_account: false, first_name: "Rupa", last_name: "Akter" })
      expect(guestOrder.email).toBe("rupa.native@example.com")
    })

    it("a guest order with a registered customer's email is not attached to that account", async () => {
      const me = await customerSession(api, "Email Owner")
      const email = "email.owner@example.com"
      const guest = await placeGuest(inStock(1), 1, { guestEmail: email, guestName: "Someone Else" })
      const order = await page(guest._id)
      expect(order.customer_id).not.toBe(me.user.id)
      expect(order.customer).toMatchObject({ has_account: false, first_name: "Someone", last_name: "Else" })
      expect(order.customer!.email).not.toBe(email)
      // and the account's own orders do not show it
      const theirs = await api.get(`/api/shop/order/get-orders/${me.user.id}`, as(me.cookie))
      expect(theirs.data.data).toEqual([])
    })

    it("follows the shop's statuses: shipped, delivered (cash captured), cancelled and back, with the stock taken once", async () => {
      const product = inStock(4)
      const order = await placeGuest(product, 2)
      const stock = await stockOf(product._id)
      const view = async () => {
        const { status, payment, fulfilment } = await native(order._id)
        return { status, payment, fulfilment }
      }

      await setStatus(order._id, "shipped")
      expect(await view()).toEqual({ status: "pending", payment: "not_paid", fulfilment: "shipped" })
      const shipped = await page(order._id)
      expect(shipped.fulfillments).toHaveLength(1)
      expect(shipped.fulfillments[0].items.map((i) => i.quantity)).toEqual([2])
      expect(shipped.items.map((i) => i.detail.fulfilled_quantity)).toEqual([2])
      expect(await stockOf(product._id)).toBe(stock) // no second take

      await setStatus(order._id, "delivered")
      expect(await view()).toEqual({ status: "pending", payment: "captured", fulfilment: "delivered" })
      expect((await page(order._id)).fulfillments).toHaveLength(1)
      expect(await stockOf(product._id)).toBe(stock)

      await setStatus(order._id, "cancelled")
      const cancelled = await page(order._id)
      expect(cancelled.status).toBe("canceled")
      expect(cancelled.canceled_at).not.toBeNull()
      expect(cancelled.fulfillments.every((f) => f.canceled_at)).toBe(true)
      expect(cancelled.items.map((i) => i.detail.fulfilled_quantity)).toEqual([0])
      expect(await stockOf(product._id)).toBe(stock + 2)

      // leaving cancelled: Medusa's order is un-cancelled and the units are taken again
      await setStatus(order._id, "pending")
      const back = await page(order._id)
      expect(back.status).toBe("pending")
      expect(back.canceled_at).toBeNull()
      expect(back.fulfillment_status).toBe("canceled") // the called-off delivery stays in the history
      expect(await stockOf(product._id)).toBe(stock)

      await setStatus(order._id, "shipped")
      expect(await view()).toEqual({ status: "pending", payment: "captured", fulfilment: "shipped" })
      expect((await page(order._id)).fulfillments.filter((f) => !f.canceled_at)).toHaveLength(1)
      expect(await stockOf(product._id)).toBe(stock)

      // the shop's "completed" is Medusa's "completed"; its delivery state is kept
      await setStatus(order._id, "completed")
      expect(await view()).toEqual({ status: "completed", payment: "captured", fulfilment: "shipped" })
      // the shop's own view is intact: one line of two, the stock unchanged
      const details = await api.get(`/api/admin/order/order-details/${order._id}`, as(admin.cookie))
      expect(details.data.data.cartItems.map((i: { quantity: number }) => i.quantity)).toEqual([2])
      expect(await stockOf(product._id)).toBe(stock)
    })

    it("a customer order cancelled from pending shows canceled, not paid, not fulfilled", async () => {
      const product = inStock(2)
      const me = await customerSession(api, "Cancel Native")
      const order = await placeAsCustomer(me, product)
      const stock = await stockOf(product._id)
      await setStatus(order._id, "cancelled")
      const { status, payment, fulfilment, listName } = await native(order._id)
      expect({ status, payment, fulfilment, listName }).toEqual({
        status: "canceled",
        payment: "not_paid",
        fulfilment: "not_fulfilled",
        listName: "Cancel Native",
      })
      expect(await stockOf(product._id)).toBe(stock + 1)
    })

    it("a change that fails half-way is undone everywhere: shop status, stock and the Medusa order", async () => {
      const product = inStock(2)
      const order = await placeGuest(product)
      await setStatus(order._id, "cancelled")
      const stock = await stockOf(product._id)
      // a collection left authorized cannot be marked paid: the delivery's last step fails
      const collectionId = (await page(order._id)).payment_collections[0].id
      await getContainer()
        .resolve(Modules.PAYMENT)
        .updatePaymentCollections(collectionId, { status: "authorized" } as never)
      const res = await api.put(
        "/api/admin/order/update-order-status",
        { orderId: order._id, orderStatus: "delivered" },
        as(admin.cookie)
      )
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.data.success).toBe(false)

      expect(await shopStatus(order._id)).toBe("cancelled")
      expect(await stockOf(product._id)).toBe(stock)
      const after = await page(order._id)
      expect(after.status).toBe("canceled")
      expect(after.canceled_at).not.toBeNull()
      expect(after.fulfillments).toEqual([])
      expect(after.items.map((i) => i.detail.fulfilled_quantity)).toEqual([0])
    })

    it("leaving cancelled when the stock is gone is refused (409) and the Medusa order stays canceled", async () => {
      const product = products.find((p) => p.stock >= 1 && p.stock < 100)!
      const order = await placeGuest(product, product.stock)
      await setStatus(order._id, "cancelled")
      await placeGuest(product, product.stock) // a rival takes the units back
      const res = await api.put(
        "/api/admin/order/update-order-status",
        { orderId: order._id, orderStatus: "shipped" },
        as(admin.cookie)
      )
      expect(res.status).toBe(409)
      expect(await shopStatus(order._id)).toBe("cancelled")
      const after = await page(order._id)
      expect({ status: after.status, fulfilment: after.fulfillment_status }).toEqual({
        status: "canceled",
        fulfilment: "not_fulfilled",
      })
      expect(await stockOf(product._id)).toBe(0)
    })

    type Ctx = { orderId: string; itemId: string; collectionId: string; customerId: string }
    type Call = { method: "post" | "delete"; url: string; data?: Record<string, unknown> }

    /** Sends a native call, expects the refusal, and checks that nothing moved. */
    const expectRefused = async (
      name: string,
      call: Call,
      orderId: string,
      product: Product,
      before: { stock: number; shop: string; status: string; payment: string; fulfilment: string; email: string | null }
    ) => {
      const res = await api.request({ method: call.method, url: call.url, data: call.data, ...as(admin.cookie) })
      expect([name, res.status]).toEqual([name, 409])
      expect(res.data.message).toMatch(REFUSED)
      const after = await page(orderId)
      expect({
        name,
        stock: await stockOf(product._id),
        shop: await shopStatus(orderId),
        status: after.status,
        payment: after.payment_status,
        fulfilment: after.fulfillment_status,
        email: after.email,
      }).toEqual({ name, ...before })
    }
    const snapshot = async (orderId: string, product: Product) => {
      const order = await page(orderId)
      return {
        stock: await stockOf(product._id),
        shop: await shopStatus(orderId),
        status: order.status,
        payment: order.payment_status,
        fulfilment: order.fulfillment_status,
        email: order.email,
      }
    }

    const onPending: [string, (c: Ctx) => Call][] = [
      [
        "fulfil",
        (c) => ({
          method: "post",
          url: `/admin/orders/${c.orderId}/fulfillments`,
          data: { items: [{ id: c.itemId, quantity: 1 }] },
        }),
      ],
      ["cancel", (c) => ({ method: "post", url: `/admin/orders/${c.orderId}/cancel` })],
      [
        "mark as paid",
        (c) => ({
          method: "post",
          url: `/admin/payment-collections/${c.collectionId}/mark-as-paid`,
          data: { order_id: c.orderId },
        }),
      ],
      [
        "new payment collection",
        (c) => ({ method: "post", url: "/admin/payment-collections", data: { order_id: c.orderId, amount: 10 } }),
      ],
      [
        "delete the payment collection",
        (c) => ({ method: "delete", url: `/admin/payment-collections/${c.collectionId}` }),
      ],
      ["order edit", (c) => ({ method: "post", url: "/admin/order-edits", data: { order_id: c.orderId } })],
      ["order edit request", (c) => ({ method: "post", url: `/admin/order-edits/${c.orderId}/request` })],
      ["claim", (c) => ({ method: "post", url: "/admin/claims", data: { order_id: c.orderId, type: "refund" } })],
      ["exchange", (c) => ({ method: "post", url: "/admin/exchanges", data: { order_id: c.orderId } })],
      ["return", (c) => ({ method: "post", url: "/admin/returns", data: { order_id: c.orderId } })],
      ["archive", (c) => ({ method: "post", url: `/admin/orders/${c.orderId}/archive` })],
      ["complete", (c) => ({ method: "post", url: `/admin/orders/${c.orderId}/complete` })],
      [
        "edit the order's email",
        (c) => ({ method: "post", url: `/admin/orders/${c.orderId}`, data: { email: "changed@example.com" } }),
      ],
      [
        "transfer to an account",
        (c) => ({ method: "post", url: `/admin/orders/${c.orderId}/transfer`, data: { customer_id: c.customerId } }),
      ],
      [
        "credit line",
        (c) => ({
          method: "post",
          url: `/admin/orders/${c.orderId}/credit-lines`,
          data: { amount: 10, reference: "order", reference_id: c.orderId },
        }),
      ],
      [
        "fulfilment through /admin/fulfillments",
        (c) => ({
          method: "post",
          url: "/admin/fulfillments",
          data: {
            order_id: c.orderId,
            location_id: "x",
            provider_id: "manual_manual",
            delivery_address: {},
            items: [],
            labels: [],
            order: {},
          },
        }),
      ],
    ]

    it.each(onPending)(
      "refuses Medusa Admin's %s on a pending shop order; stock and statuses unchanged",
      async (name, make) => {
        const product = inStock(2)
        const order = await placeGuest(product)
        const me = await customerSession(api, "Transfer Target")
        const one = await page(order._id)
        const ctx: Ctx = {
          orderId: order._id,
          itemId: one.items[0].id,
          collectionId: one.payment_collections[0].id,
          customerId: me.user.id,
        }
        const before = await snapshot(order._id, product)
        expect(before).toMatchObject({
          shop: "pending",
          status: "pending",
          payment: "not_paid",
          fulfilment: "not_fulfilled",
        })
        await expectRefused(name, make(ctx), order._id, product, before)
      }
    )

    it("refuses shipment, delivery and fulfilment changes on a shipped shop order, and capture and refund once delivered", async () => {
      const product = inStock(2)
      const order = await placeGuest(product)
      await setStatus(order._id, "shipped")
      const shipped = await page(order._id)
      const fid = shipped.fulfillments[0]?.id
      expect(fid).toBeDefined()
      const itemId = shipped.items[0].id
      const changes = await api.get(`/admin/orders/${order._id}/changes`, as(admin.cookie))
      const changeId = changes.data.order_changes[0]?.id
      expect(changeId).toBeDefined()
      let before = await snapshot(order._id, product)
      expect(before).toMatchObject({ shop: "shipped", status: "pending", fulfilment: "shipped" })
      const onShipped: [string, Call][] = [
        [
          "shipment",
          {
            method: "post",
            url: `/admin/orders/${order._id}/fulfillments/${fid}/shipments`,
            data: { items: [{ id: itemId, quantity: 1 }] },
          },
        ],
        [
          "mark as delivered",
          { method: "post", url: `/admin/orders/${order._id}/fulfillments/${fid}/mark-as-delivered` },
        ],
        ["cancel the fulfilment", { method: "post", url: `/admin/orders/${order._id}/fulfillments/${fid}/cancel` }],
        ["cancel through /admin/fulfillments", { method: "post", url: `/admin/fulfillments/${fid}/cancel` }],
        [
          "shipment through /admin/fulfillments",
          { method: "post", url: `/admin/fulfillments/${fid}/shipment`, data: { labels: [] } },
        ],
        [
          "change an order change",
          { method: "post", url: `/admin/order-changes/${changeId}`, data: { carry_over_promotions: true } },
        ],
      ]
      for (const [name, call] of onShipped) await expectRefused(name, call, order._id, product, before)

      await setStatus(order._id, "delivered")
      const delivered = await page(order._id)
      const paymentId = delivered.payment_collections[0].payments?.[0]?.id
      expect(paymentId).toBeDefined()
      before = await snapshot(order._id, product)
      expect(before).toMatchObject({ shop: "delivered", payment: "captured", fulfilment: "delivered" })
      await expectRefused(
        "capture",
        { method: "post", url: `/admin/payments/${paymentId}/capture` },
        order._id,
        product,
        before
      )
      await expectRefused(
        "refund",
        { method: "post", url: `/admin/payments/${paymentId}/refund`, data: { amount: 10 } },
        order._id,
        product,
        before
      )
      await expectRefused(
        "cancel when delivered",
        { method: "post", url: `/admin/orders/${order._id}/cancel` },
        order._id,
        product,
        before
      )

      // reads are never refused
      expect((await api.get(`/admin/orders/${order._id}/changes`, as(admin.cookie))).status).toBe(200)
      expect((await api.get(`/admin/orders/${order._id}/preview`, as(admin.cookie))).status).toBe(200)
      // an id that is no shop order reaches Medusa's own route (and its 404)
      const missing = await api.post("/admin/orders/order_01NOTASHOPORDER0000000000/cancel", {}, as(admin.cookie))
      expect(missing.status).toBe(404)
      expect(missing.data.message).not.toMatch(REFUSED)
      // and without a session Medusa's own 401 comes first
      expect((await api.post(`/admin/orders/${order._id}/cancel`, {}, anyStatus)).status).toBe(401)
    })
  },
})
