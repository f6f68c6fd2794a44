import { DEFAULT_SUPPORT_PHONE } from "@shop/contract"
import seed from "../../src/scripts/seed"
import { shopIntegrationTestRunner } from "../utils/runner"
import { ADMIN, anyStatus, customerSession, loginAs } from "../utils/session"

jest.setTimeout(180_000)

// The backend reads SHOP_SUPPORT_PHONE when it starts (medusa-config.ts checks
// it): set before the runner loads the app, with blanks around it to trim.
const PHONE = "+880 1711-000222"
process.env.SHOP_SUPPORT_PHONE = `  ${PHONE} `

shopIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    beforeAll(async () => {
      await seed({ container: getContainer(), args: [] } as never)
    })

    const support = (cookie?: string) =>
      api.get("/api/admin/support", { ...anyStatus, headers: cookie ? { cookie } : {} })

    describe("GET /api/admin/support", () => {
      it("answers an admin the configured support phone, trimmed, never cached", async () => {
        const admin = await loginAs(api, ADMIN)
        const res = await support(admin.cookie)
        expect(res.status).toBe(200)
        expect(res.headers["cache-control"]).toMatch(/no-store/)
        expect(res.data).toEqual({ success: true, data: { supportPhone: PHONE } })
        expect(PHONE).not.toBe(DEFAULT_SUPPORT_PHONE)
      })

      it("401 without a session, 403 for a signed-in customer, as every /api/admin route", async () => {
        const anonymous = await support()
        expect(anonymous.status).toBe(401)
        expect(anonymous.data).toEqual({ success: false, message: expect.any(String) })
        const customer = await customerSession(api, "Support Snoop")
        const forbidden = await support(customer.cookie)
        expect(forbidden.status).toBe(403)
        expect(forbidden.data).toEqual({ success: false, message: expect.any(String) })
        expect(JSON.stringify(forbidden.data)).not.toContain("1711")
      })
    })
  },
})
