import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Product } from "@shop/contract"
import seed from "../../src/scripts/seed"
import { shopIntegrationTestRunner } from "../utils/runner"
import { ADMIN, anyStatus, customerSession, loginAs } from "../utils/session"

jest.setTimeout(240_000)

const REFUSED = { success: false, message: "Cross-site requests are not allowed" }

shopIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let product: Product
    const count = async (table: string) => {
      const knex = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const { rows } = await knex.raw(`select count(*)::int as n from ${table}`)
      return rows[0].n as number
    }
    const guestOrder = () => ({
      isGuest: true,
      guestName: "Cross Site",
      guestEmail: "cross@example.com",
      guestPhone: "01712345670",
      cartItems: [{ productId: product._id, quantity: 1 }],
      addressInfo: [{ address: "House 1", city: "Dhaka", pincode: "1209", number: "01712345670", notes: "" }],
    })
    const withHeaders = (headers: Record<string, string>) => ({ ...anyStatus, headers })

    beforeAll(async () => {
      await seed({ container: getContainer(), args: [] } as never)
    })
    beforeEach(async () => {
      product = (await api.get("/api/shop/products/get")).data.products.find((p: Product) => p.stock > 5)
    })

    it("refuses a state-changing request from another site's page before anything is written", async () => {
      const [orders, customers, products] = [await count("shop_order"), await count("customer"), await count("product")]
      const admin = await loginAs(api, ADMIN)
      const attempts = [
        api.post("/api/shop/order/create-order", guestOrder(), withHeaders({ origin: "https://evil.example" })),
        api.post("/api/shop/order/create-order", guestOrder(), withHeaders({ "sec-fetch-site": "cross-site" })),
        api.post(
          "/api/auth/register",
          { username: "X", email: "x@example.com", password: "secret123" },
          withHeaders({ origin: "null" })
        ),
        api.post("/api/auth/login", ADMIN, withHeaders({ origin: "http://localhost.evil.example:9000" })),
        // an admin's own session cookie does not help a foreign page
        api.post(
          "/api/admin/products/add-product",
          { ...product, title: "Planted" },
          withHeaders({ origin: "https://evil.example", cookie: admin.cookie })
        ),
        api.delete(
          `/api/admin/products/delete-product/${product._id}`,
          withHeaders({ "sec-fetch-site": "cross-site", cookie: admin.cookie })
        ),
      ]
      for (const res of await Promise.all(attempts)) {
        expect(res.status).toBe(403)
        expect(res.data).toEqual(REFUSED)
      }
      expect([await count("shop_order"), await count("customer"), await count("product")]).toEqual([
        orders,
        customers,
        products,
      ])
    })

    it("lets the shop's own pages, configured origins and non-browser clients through; reads are never refused", async () => {
      const host = new URL(api.defaults.baseURL!).host
      const sameOrigin = await api.post(
        "/api/shop/order/create-order",
        guestOrder(),
        withHeaders({ origin: `http://${host}`, "sec-fetch-site": "same-origin" })
      )
      expect(sameOrigin.status).toBe(201)
      // the storefront in development (a configured CORS origin)
      const storefront = await api.post(
        "/api/shop/order/create-order",
        guestOrder(),
        withHeaders({ origin: "http://localhost:5173", "sec-fetch-site": "same-site" })
      )
      expect(storefront.status).toBe(201)
      const plain = await api.post("/api/shop/order/create-order", guestOrder(), anyStatus)
      expect(plain.status).toBe(201)
      const read = await api.get(
        "/api/shop/products/get",
        withHeaders({ origin: "https://evil.example", "sec-fetch-site": "cross-site" })
      )
      expect(read.status).toBe(200)
    })

    // the headers as `medusa start` installs them (instrumentation.ts, taken by utils/runner.ts): this file installs nothing
    it("answers with nosniff, a Referrer-Policy, X-Frame-Options and no X-Powered-By, errors included", async () => {
      const responses = [
        await api.get("/api/shop/products/get", anyStatus),
        await api.get("/api/landing/no-such-page", anyStatus),
        await api.post("/api/auth/login", { email: "nobody@example.com", password: "wrong-password" }, anyStatus),
        await api.get("/api/no/such/route", anyStatus),
      ]
      expect(responses.map((r) => r.status)).toEqual([200, 404, 401, 404])
      for (const res of responses) {
        expect(res.headers["x-content-type-options"]).toBe("nosniff")
        expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin")
        expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN")
        expect(res.headers["x-powered-by"]).toBeUndefined()
      }
    })

    it("answers a signed-in visitor's /api reads with Cache-Control: private, no-store; a guest's public reads are left to their route", async () => {
      const me = await customerSession(api, "Cache Control")
      const headers = { cookie: me.cookie }
      const signedIn = [
        await api.get(`/api/shop/order/get-orders/${me.user.id}`, { ...anyStatus, headers }),
        await api.get(`/api/shop/products/getcart/${me.user.id}`, { ...anyStatus, headers }),
        await api.get(`/api/shop/address/get/${me.user.id}`, { ...anyStatus, headers }),
        await api.get("/api/shop/products/get", { ...anyStatus, headers }),
      ]
      expect(signedIn.map((r) => r.status)).toEqual([200, 200, 200, 200])
      for (const res of signedIn) expect(res.headers["cache-control"]).toBe("private, no-store")
      const guest = await api.get("/api/shop/products/get", anyStatus)
      expect(guest.status).toBe(200)
      expect(guest.headers["cache-control"] ?? "").not.toContain("private")
    })
  },
})
