import type { Cart, Product } from "@shop/contract"
import seed from "../../src/scripts/seed"
import { shopIntegrationTestRunner } from "../utils/runner"
import { ADMIN, anyStatus, customerSession, loginAs } from "../utils/session"

jest.setTimeout(180_000)

shopIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let products: Product[]

    beforeAll(async () => {
      await seed({ container: getContainer(), args: [] } as never)
    })
    beforeEach(async () => {
      products = (await api.get("/api/shop/products/get")).data.products
    })

    const as = (cookie?: string) => ({ ...anyStatus, headers: cookie ? { cookie } : {} })
    const inStock = (min: number) => products.find((p) => p.stock >= min)!

    it("starts empty, adds (merging into one line), updates and removes, answering the new cart", async () => {
      const me = await customerSession(api, "Cart Owner")
      const empty = await api.get(`/api/shop/products/getcart/${me.user.id}`, as(me.cookie))
      expect(empty.status).toBe(200)
      expect(empty.data).toEqual({ success: true, data: { _id: null, items: [] } })

      const product = inStock(10)
      const first = await api.post(
        "/api/shop/products/addtocart",
        { userId: me.user.id, productId: product._id, quantity: 1 },
        as(me.cookie)
      )
      expect(first.status).toBe(200)
      expect(first.data.success).toBe(true)
      const cart: Cart = first.data.data
      expect(cart._id).toMatch(/^cart_/)
      expect(cart.items).toEqual([{ productId: product, quantity: 1, _id: expect.stringMatching(/^cali_/) }])

      const again = await api.post(
        "/api/shop/products/addtocart",
        { userId: me.user.id, productId: product._id, quantity: 2 },
        as(me.cookie)
      )
      expect(again.data.data.items).toHaveLength(1)
      expect(again.data.data.items[0].quantity).toBe(3)
      expect(again.data.data._id).toBe(cart._id)

      const other = products.find((p) => p._id !== product._id && p.stock > 0)!
      await api.post(
        "/api/shop/products/addtocart",
        { userId: me.user.id, productId: other._id, quantity: 1 },
        as(me.cookie)
      )

      const updated = await api.put(`/api/shop/products/updatecart/${me.user.id}/${product._id}/5`, {}, as(me.cookie))
      expect(updated.status).toBe(200)
      expect(
        updated.data.data.items.find((i: { productId: Product }) => i.productId._id === product._id).quantity
      ).toBe(5)

      const removed = await api.delete(`/api/shop/products/deletecart/${me.user.id}/${product._id}`, as(me.cookie))
      expect(removed.status).toBe(200)
      expect(removed.data.data.items.map((i: { productId: Product }) => i.productId._id)).toEqual([other._id])

      const read = await api.get(`/api/shop/products/getcart/${me.user.id}`, as(me.cookie))
      expect(read.data.data).toEqual(removed.data.data)
    })

    it("refuses more than the stock, an out-of-stock product, a gone product and quantities below 1", async () => {
      const me = await customerSession(api, "Cart Limits")
      const product = inStock(2)
      const over = await api.post(
        "/api/shop/products/addtocart",
        { userId: me.user.id, productId: product._id, quantity: product.stock + 1 },
        as(me.cookie)
      )
      expect(over.status).toBe(409)
      expect(over.data).toEqual({ success: false, message: `Only ${product.stock} of ${product.title} left in stock` })

      const soldOut = products.find((p) => p.stock === 0)!
      const none = await api.post(
        "/api/shop/products/addtocart",
        { userId: me.user.id, productId: soldOut._id, quantity: 1 },
        as(me.cookie)
      )
      expect(none.status).toBe(409)
      expect(none.data.message).toBe(`${soldOut.title} is out of stock`)

      const gone = await api.post(
        "/api/shop/products/addtocart",
        { userId: me.user.id, productId: "prod_GONE", quantity: 1 },
        as(me.cookie)
      )
      expect(gone.status).toBe(404)
      expect(gone.data.message).toBe("Product not found")

      for (const quantity of [0, -1, 1.5, "two"]) {
        const bad = await api.post(
          "/api/shop/products/addtocart",
          { userId: me.user.id, productId: product._id, quantity },
          as(me.cookie)
        )
        expect(bad.status).toBe(400)
        expect(bad.data.message).toMatch(/Quantity/)
      }
      // nothing of that was written
      const cart = await api.get(`/api/shop/products/getcart/${me.user.id}`, as(me.cookie))
      expect(cart.data.data.items).toEqual([])

      await api.post("/api/shop/products/addtocart", { userId: me.user.id, productId: product._id }, as(me.cookie))
      for (const q of ["0", "-3", "abc"]) {
        const bad = await api.put(`/api/shop/products/updatecart/${me.user.id}/${product._id}/${q}`, {}, as(me.cookie))
        expect(bad.status).toBe(400)
      }
      const tooMany = await api.put(
        `/api/shop/products/updatecart/${me.user.id}/${product._id}/${product.stock + 1}`,
        {},
        as(me.cookie)
      )
      expect(tooMany.status).toBe(409)
      const notInCart = await api.delete(`/api/shop/products/deletecart/${me.user.id}/${soldOut._id}`, as(me.cookie))
      expect(notInCart.status).toBe(404)
      expect(
        (await api.get(`/api/shop/products/getcart/${me.user.id}`, as(me.cookie))).data.data.items[0].quantity
      ).toBe(1)
    })

    it("a product deleted by the admin drops out of the cart", async () => {
      const me = await customerSession(api, "Cart Deleted")
      const product = inStock(1)
      await api.post("/api/shop/products/addtocart", { userId: me.user.id, productId: product._id }, as(me.cookie))
      const admin = await loginAs(api, ADMIN)
      await api.delete(`/api/admin/products/delete-product/${product._id}`, as(admin.cookie))
      const cart = await api.get(`/api/shop/products/getcart/${me.user.id}`, as(me.cookie))
      expect(cart.data.data.items).toEqual([])
    })

    it("keeps carts private: another customer gets 403, nobody signed in gets 401", async () => {
      const owner = await customerSession(api, "Cart Private")
      const snoop = await customerSession(api, "Cart Snoop")
      const product = inStock(1)
      await api.post(
        "/api/shop/products/addtocart",
        { userId: owner.user.id, productId: product._id },
        as(owner.cookie)
      )

      expect((await api.get(`/api/shop/products/getcart/${owner.user.id}`, as(snoop.cookie))).status).toBe(403)
      expect(
        (
          await api.post(
            "/api/shop/products/addtocart",
            { userId: owner.user.id, productId: product._id },
            as(snoop.cookie)
          )
        ).status
      ).toBe(403)
      expect(
        (await api.put(`/api/shop/products/updatecart/${owner.user.id}/${product._id}/2`, {}, as(snoop.cookie))).status
      ).toBe(403)
      expect(
        (await api.delete(`/api/shop/products/deletecart/${owner.user.id}/${product._id}`, as(snoop.cookie))).status
      ).toBe(403)
      expect((await api.get(`/api/shop/products/getcart/${owner.user.id}`, anyStatus)).status).toBe(401)
      const mine = await api.get(`/api/shop/products/getcart/${owner.user.id}`, as(owner.cookie))
      expect(mine.data.data.items).toEqual([{ productId: product, quantity: 1, _id: expect.any(String) }])
    })
  },
})
