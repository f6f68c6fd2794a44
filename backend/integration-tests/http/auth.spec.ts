import { Modules } from "@medusajs/framework/utils"
import Scrypt from "scrypt-kdf"
import seed from "../../src/scripts/seed"
import { shopIntegrationTestRunner } from "../utils/runner"
import { ADMIN, anyStatus, sessionCookie } from "../utils/session"

jest.setTimeout(180_000)

shopIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    beforeAll(async () => {
      await seed({ container: getContainer(), args: [] } as never)
    })

    const register = (body: unknown, headers: Record<string, string> = {}) =>
      api.post("/api/auth/register", body, { ...anyStatus, headers })
    const login = (body: unknown, headers: Record<string, string> = {}) =>
      api.post("/api/auth/login", body, { ...anyStatus, headers })
    const checkAuth = (cookie?: string) =>
      api.get("/api/auth/check-auth", { ...anyStatus, headers: cookie ? { cookie } : {} })
    const customers = async (email: string) => getContainer().resolve(Modules.CUSTOMER).listCustomers({ email })

    describe("POST /api/auth/register", () => {
      it("creates a customer with the full name as username and a login", async () => {
        const res = await register({ username: "Rahim Uddin", email: "Rahim@Example.com", password: "secret123" })
        expect(res.status).toBe(201)
        expect(res.data).toEqual({ success: true, message: expect.any(String) })
        const [customer] = await customers("rahim@example.com")
        expect(customer).toMatchObject({ first_name: "Rahim Uddin", has_account: true })
        // register ends signed out: no session cookie is handed out
        expect((res.headers["set-cookie"] ?? []).some((c: string) => c.startsWith("connect.sid="))).toBe(false)
      })

      it("refuses a taken email, whatever its case, with 409 and a message", async () => {
        await register({ username: "Karim", email: "karim@example.com", password: "secret123" })
        const res = await register({ username: "Other", email: "KARIM@example.com", password: "another1" })
        expect(res.status).toBe(409)
        expect(res.data).toEqual({ success: false, message: "An account with this email already exists" })
        expect(await customers("karim@example.com")).toHaveLength(1)
      })

      it.each([
        [{ email: "a@b.co", password: "secret123" }, /Full name is required/],
        [{ username: "  ", email: "a@b.co", password: "secret123" }, /Full name is required/],
        [{ username: "A", password: "secret123" }, /Email is required/],
        [{ username: "A", email: "not-an-email", password: "secret123" }, /valid email/],
        [{ username: "A", email: "a@b.co" }, /Password is required/],
        [{ username: "A", email: "a@b.co", password: "123" }, /at least 6/],
        [{ username: 42, email: "a@b.co", password: "secret123" }, /Full name/],
        [{ username: "A", email: ["a@b.co"], password: "secret123" }, /email/i],
        [{ username: "A", email: "a@b.co", password: "secret123", role: "admin" }, /Unknown parameter: role/],
        [{ username: "x".repeat(101), email: "a@b.co", password: "secret123" }, /at most 100/],
      ])("refuses %j with 400 and writes nothing", async (body, message) => {
        const before = await getContainer().resolve(Modules.CUSTOMER).listCustomers({})
        const res = await register(body)
        expect(res.status).toBe(400)
        expect(res.data.success).toBe(false)
        expect(res.data.message).toMatch(message)
        const after = await getContainer().resolve(Modules.CUSTOMER).listCustomers({})
        expect(after).toHaveLength(before.length)
      })

      it("refuses malformed JSON, a form post, an array and a 1 MB string with 4xx messages", async () => {
        const malformed = await api.post("/api/auth/register", '{"username": "A",', {
          ...anyStatus,
          headers: { "content-type": "application/json" },
          transformRequest: [(d: unknown) => d],
        })
        expect(malformed.status).toBe(400)
        expect(malformed.data).toEqual({ success: false, message: "Malformed request body" })

        const form = await api.post("/api/auth/register", "username=A&email=a%40b.co&password=secret123", {
          ...anyStatus,
          headers: { "content-type": "application/x-www-form-urlencoded" },
        })
        expect(form.status).toBe(400)
        expect(form.data.message).toMatch(/JSON/)

        const array = await register([{ username: "A", email: "a@b.co", password: "secret123" }])
        expect(array.status).toBe(400)
        expect(array.data.message).toMatch(/JSON object/)

        const huge = await register({ username: "A".repeat(1024 * 1024), email: "huge@b.co", password: "secret123" })
        expect(huge.status).toBeGreaterThanOrEqual(400)
        expect(huge.status).toBeLessThan(500)
        expect(huge.data.success).toBe(false)
        expect(await customers("huge@b.co")).toHaveLength(0)
      })
    })

    describe("POST /api/auth/login, check-auth and logout", () => {
      it("signs a customer in with an HTTP-only SameSite=Lax session cookie that check-auth reads", async () => {
        await register({ username: "Nadia Islam", email: "nadia@example.com", password: "secret123" })
        const res = await login({ email: "NADIA@example.com", password: "secret123" })
        expect(res.status).toBe(200)
        const [customer] = await customers("nadia@example.com")
        expect(res.data).toEqual({
          success: true,
          message: expect.any(String),
          user: {
            id: customer.id,
            _id: customer.id,
            username: "Nadia Islam",
            userName: "Nadia Islam",
            name: "Nadia Islam",
            email: "nadia@example.com",
            role: "user",
          },
        })
        const raw = (res.headers["set-cookie"] as string[]).find((c) => c.startsWith("connect.sid="))!
        expect(raw).toMatch(/HttpOnly/i)
        expect(raw).toMatch(/SameSite=Lax/i)

        const check = await checkAuth(sessionCookie(res.headers["set-cookie"]))
        expect(check.status).toBe(200)
        expect(check.data).toEqual({ success: true, user: res.data.user })
        expect(check.headers["cache-control"]).toMatch(/no-store/)
      })

      it("stores passwords at PASSWORD_HASH_COST, and a hash made at Medusa's cost of 15 still signs in", async () => {
        await register({ username: "Hash Cost", email: "hash.cost@example.com", password: "secret123" })
        const auth = getContainer().resolve(Modules.AUTH)
        const [identity] = await auth.listProviderIdentities({
          entity_id: "hash.cost@example.com",
          provider: "emailpass",
        })
        const stored = Buffer.from(String(identity.provider_metadata?.password), "base64")
        // jest.config.js sets the tests' cost; a shop that sets nothing gets 15
        expect(Scrypt.viewParams(stored).logN).toBe(Number(process.env.PASSWORD_HASH_COST))
        expect(Number(process.env.PASSWORD_HASH_COST)).toBeLessThan(15)

        // a customer from before the setting changed: their hash has cost 15
        const before = (await Scrypt.kdf("older-secret1", { logN: 15, r: 8, p: 1 })).toString("base64")
        await auth.updateProviderIdentities([
          { id: identity.id, provider_metadata: { ...identity.provider_metadata, password: before } },
        ])
        expect((await login({ email: "hash.cost@example.com", password: "older-secret1" })).status).toBe(200)
        expect((await login({ email: "hash.cost@example.com", password: "secret123" })).status).toBe(401)
      })

      it("signs the admin in with role admin, and the same session opens Medusa's admin API", async () => {
        const res = await login(ADMIN)
        expect(res.status).toBe(200)
        expect(res.data.user).toMatchObject({ email: ADMIN.email, role: "admin" })
        const cookie = sessionCookie(res.headers["set-cookie"])
        const me = await api.get("/admin/users/me", { ...anyStatus, headers: { cookie } })
        expect(me.status).toBe(200)
        expect(me.data.user.email).toBe(ADMIN.email)
      })

      it("answers 401 with a message for a wrong password or an unknown email, and sets no session", async () => {
        await register({ username: "Sumi", email: "sumi@example.com", password: "secret123" })
        for (const body of [
          { email: "sumi@example.com", password: "wrong-password" },
          { email: "nobody@example.com", password: "secret123" },
        ]) {
          const res = await login(body)
          expect(res.status).toBe(401)
          expect(res.data).toEqual({ success: false, message: "Incorrect email or password" })
          expect((res.headers["set-cookie"] ?? []).some((c: string) => c.startsWith("connect.sid="))).toBe(false)
        }
      })

      it.each([
        [{}, /Email is required/],
        [{ email: "x@y.co" }, /Password is required/],
        [{ email: "x", password: "p" }, /valid email/],
        [{ email: { $gt: "" }, password: "p" }, /email/i],
        [{ email: "x@y.co", password: { $ne: null } }, /password/i],
      ])("refuses a malformed login %j with 400", async (body, message) => {
        const res = await login(body)
        expect(res.status).toBe(400)
        expect(res.data.message).toMatch(message)
      })

      it("check-auth without a session answers that no one is signed in (200, not an error) with no-cache headers; logout ends a session", async () => {
        // a guest's every page asks: an answer, not a 401 in the browser's console
        const anonymous = await checkAuth()
        expect(anonymous.status).toBe(200)
        expect(anonymous.data).toEqual({ success: false, user: null })
        expect(anonymous.headers["cache-control"]).toMatch(/no-store/)
        const unknown = await checkAuth("connect.sid=s%3Aunknown.c2lnbmF0dXJl")
        expect([unknown.status, unknown.data]).toEqual([200, { success: false, user: null }])

        await register({ username: "Tania", email: "tania@example.com", password: "secret123" })
        const cookie = sessionCookie(
          (await login({ email: "tania@example.com", password: "secret123" })).headers["set-cookie"]
        )
        const out = await api.get("/api/auth/logout", { ...anyStatus, headers: { cookie } })
        expect(out.status).toBe(200)
        expect(out.data.success).toBe(true)
        expect(out.headers["cache-control"]).toMatch(/no-store/)
        expect((await checkAuth(cookie)).data).toEqual({ success: false, user: null })
      })

      it("logout from another site's link or image is refused and the session stays; the shop's own pages and the address bar sign out", async () => {
        await register({ username: "Rina", email: "rina@example.com", password: "secret123" })
        const cookie = sessionCookie(
          (await login({ email: "rina@example.com", password: "secret123" })).headers["set-cookie"]
        )
        for (const site of ["cross-site", "same-site"]) {
          const out = await api.get("/api/auth/logout", { ...anyStatus, headers: { cookie, "sec-fetch-site": site } })
          expect([site, out.status, out.data]).toEqual([
            site,
            403,
            { success: false, message: "Cross-site requests are not allowed" },
          ])
          expect((await checkAuth(cookie)).status).toBe(200)
        }
        const own = await api.get("/api/auth/logout", {
          ...anyStatus,
          headers: { cookie, "sec-fetch-site": "same-origin" },
        })
        expect(own.status).toBe(200)
        expect((await checkAuth(cookie)).data.user).toBeNull()

        const again = sessionCookie(
          (await login({ email: "rina@example.com", password: "secret123" })).headers["set-cookie"]
        )
        expect(
          (await api.get("/api/auth/logout", { ...anyStatus, headers: { cookie: again, "sec-fetch-site": "none" } }))
            .status
        ).toBe(200)
        expect((await checkAuth(again)).data.user).toBeNull()
      })

      it("refuses further tries for an email after 5 failures with 429, even with the right password", async () => {
        await register({ username: "Guess Me", email: "guessme@example.com", password: "secret123" })
        for (let i = 0; i < 5; i++) {
          expect((await login({ email: "guessme@example.com", password: `wrong-${i}` })).status).toBe(401)
        }
        const blocked = await login({ email: "guessme@example.com", password: "secret123" })
        expect(blocked.status).toBe(429)
        expect(blocked.data.success).toBe(false)
        expect(blocked.data.message).toMatch(/Too many failed login attempts/)
        expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0)
        // other accounts are not locked out by it
        await register({ username: "Other", email: "other@example.com", password: "secret123" })
        expect((await login({ email: "other@example.com", password: "secret123" })).status).toBe(200)
      })

      it("does not let a forged X-Forwarded-For escape the limit by address", async () => {
        // 20 failures per address; each try names a new email and a new forged address
        let last = 0
        for (let i = 0; i < 21; i++) {
          const res = await login(
            { email: `spray-${i}@example.com`, password: "wrong-password" },
            { "x-forwarded-for": `203.0.113.${i}` }
          )
          last = res.status
        }
        expect(last).toBe(429)
      })
    })
  },
})
