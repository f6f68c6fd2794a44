// Medusa's own /store, /auth and /admin routes under the rules the shop's /api
// keeps: no state change from another site or another origin of this site,
// JSON bodies only on /admin and /auth, a 4xx (never a 500 with SQL in the
// log) for malformed queries and bodies, and uploads that stream to disk.
import { readdirSync } from "node:fs"
import http from "node:http"
import { tmpdir } from "node:os"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { PICTURE_MESSAGES } from "@shop/contract"
import { productPicture } from "../../src/scripts/png"
import seed from "../../src/scripts/seed"
import { shopIntegrationTestRunner } from "../utils/runner"
import { ADMIN, anyStatus, loginAs, multipart } from "../utils/session"

jest.setTimeout(300_000)

const CROSS_SITE = "Cross-site requests are not allowed"
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const MB = 1024 * 1024

/** `levels` objects nested in one another, as JSON text (built as text: a value this deep cannot be stringified). */
const deepJson = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`

shopIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: { cookie: string }
    let publishableKey: string
    let productId: string
    let regionId: string
    let host: string

    const count = async (table: string) => {
      const knex = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const { rows } = await knex.raw(`select count(*)::int as n from ${table}`)
      return rows[0].n as number
    }
    const productTitle = async () => (await getContainer().resolve(Modules.PRODUCT).retrieveProduct(productId)).title
    const asAdmin = (headers: Record<string, string> = {}) => ({
      ...anyStatus,
      headers: { cookie: admin.cookie, ...headers },
    })
    const asStore = (headers: Record<string, string> = {}) => ({
      ...anyStatus,
      headers: { "x-publishable-api-key": publishableKey, ...headers },
    })
    /** A body sent as it is, with the given type (axios would turn a string or object into JSON). */
    const raw = (type: string, headers: Record<string, string> = {}) => ({
      ...anyStatus,
      headers: { cookie: admin.cookie, "content-type": type, ...headers },
      transformRequest: (d: unknown) => d,
    })

    beforeAll(async () => {
      await seed({ container: getContainer(), args: [] } as never)
    })
    beforeEach(async () => {
      const container = getContainer()
      const keys = await container.resolve(Modules.API_KEY).listApiKeys({ type: "publishable" })
      publishableKey = keys.find((k) => !k.revoked_at)!.token
      productId = (await api.get("/api/shop/products/get")).data.products[0]._id
      const [region] = await container.resolve(Modules.REGION).listRegions({})
      regionId = region.id
      host = new URL(api.defaults.baseURL!).host
      admin = await loginAs(api, ADMIN)
    })

    describe("state changes from another site or another origin of this site", () => {
      it("a form post with the admin's cookie from another port or a subdomain changes nothing on /admin, /auth or /store", async () => {
        const [invites, products, carts] = [await count("invite"), await count("product"), await count("cart")]
        const title = await productTitle()
        const [hostname, port] = host.split(":")
        const otherPort = { origin: `http://${hostname}:5999`, "sec-fetch-site": "same-site" }
        const subdomain = { origin: `http://evil.${hostname}:${port}`, "sec-fetch-site": "same-site" }
        const form = "application/x-www-form-urlencoded"
        const attempts = [
          // what a page on another port of this host could post with the admin's cookie
          api.post("/admin/invites", "email=planted%40example.com", raw(form, otherPort)),
          api.post(`/admin/products/${productId}`, "title=Hacked", raw(form, subdomain)),
          api.post(`/admin/products/${productId}`, "title=Hacked", raw("text/plain", otherPort)),
          // JSON (a fetch from such a page) and a browser that says only "cross-site"
          api.post(`/admin/products/${productId}`, { title: "Hacked" }, asAdmin(subdomain)),
          api.delete(`/admin/products/${productId}`, asAdmin({ "sec-fetch-site": "cross-site" })),
          api.post("/admin/invites", { email: "planted2@example.com" }, asAdmin({ origin: "https://evil.example" })),
          api.post("/auth/user/emailpass", ADMIN, { ...anyStatus, headers: otherPort }),
          api.post("/auth/session", {}, asAdmin(subdomain)),
          api.post("/store/carts", { region_id: regionId }, asStore(otherPort)),
          api.post("/store/carts", { region_id: regionId }, asStore({ origin: "null" })),
          // a file through Medusa Admin's uploader
          (() => {
            const { body, headers } = multipart(
              "files",
              "a.png",
              "image/png",
              Buffer.concat([PNG_SIGNATURE, Buffer.alloc(64)])
            )
            return api.post("/admin/uploads", body, asAdmin({ ...headers, ...otherPort }))
          })(),
          // the same, with the case Express also routes
          api.post(`/ADMIN/products/${productId}`, { title: "Hacked" }, asAdmin(otherPort)),
        ]
        const answers = await Promise.all(attempts)
        expect(answers.map((a) => a.status)).toEqual(attempts.map(() => 403))
        for (const a of answers) expect(a.data.message).toBe(CROSS_SITE)
        expect([await count("invite"), await count("product"), await count("cart"), await productTitle()]).toEqual([
          invites,
          products,
          carts,
          title,
        ])
      })

      it("lets Medusa Admin (same origin, directly or behind the storefront), configured origins, servers and reads through", async () => {
        const direct = await api.post(
          `/admin/products/${productId}`,
          { title: "Same Origin" },
          asAdmin({ origin: `http://${host}`, "sec-fetch-site": "same-origin" })
        )
        expect(direct.status).toBe(200)
        // through the storefront server: the browser's origin is the host it forwards
        const proxied = await api.post(
          `/admin/products/${productId}`,
          { title: "Behind The Proxy" },
          asAdmin({
            origin: "https://shop.example",
            "x-forwarded-host": "shop.example",
            "sec-fetch-site": "same-origin",
          })
        )
        expect(proxied.status).toBe(200)
        expect(await productTitle()).toBe("Behind The Proxy")
        const configured = await api.post(
          "/store/carts",
          { region_id: regionId },
          asStore({ origin: "http://localhost:5173", "sec-fetch-site": "same-site" })
        )
        expect(configured.status).toBe(200)
        // the js-sdk on a server sends no Origin
        expect((await api.post("/store/carts", { region_id: regionId }, asStore())).status).toBe(200)
        const login = await api.post("/auth/user/emailpass", ADMIN, {
          ...anyStatus,
          headers: { origin: `http://${host}` },
        })
        expect(login.status).toBe(200)
        const read = await api.get(
          "/admin/products?limit=1",
          asAdmin({ origin: "https://evil.example", "sec-fetch-site": "cross-site" })
        )
        expect(read.status).toBe(200)
      })
    })

    describe("/admin and /auth take JSON only", () => {
      it("refuses form-encoded, text/plain and stray multipart bodies with 415; JSON, empty bodies and uploads pass", async () => {
        const title = await productTitle()
        const refused = [
          await api.post(`/admin/products/${productId}`, "title=Form", raw("application/x-www-form-urlencoded")),
          await api.post(`/admin/products/${productId}`, JSON.stringify({ title: "Text" }), raw("text/plain")),
          await api.post("/admin/invites", "email=form%40example.com", raw("application/x-www-form-urlencoded")),
          await api.post(
            "/auth/user/emailpass",
            `email=${encodeURIComponent(ADMIN.email)}&password=${ADMIN.password}`,
            raw("application/x-www-form-urlencoded")
          ),
          await api.post(
            "/auth/customer/emailpass/register",
            JSON.stringify({ email: "t@example.com", password: "secret123" }),
            raw("text/plain")
          ),
          // Medusa's own import keeps whole files in memory: not a door the shop uses
          await (() => {
            const { body, headers } = multipart("file", "products.csv", "text/csv", Buffer.from("Product Id\n"))
            return api.post("/admin/products/import", body, raw(headers["content-type"]))
          })(),
          // a body with no type at all
          await api.post(`/admin/products/${productId}`, "title=None", {
            ...anyStatus,
            headers: { cookie: admin.cookie, "content-type": "" },
            transformRequest: (d: unknown) => d,
          }),
        ]
        for (const res of refused) {
          expect(res.status).toBe(415)
          expect(res.data.message).toBe("Send the request body as JSON (Content-Type: application/json)")
        }
        expect(await productTitle()).toBe(title)

        expect((await api.post(`/admin/products/${productId}`, { title: "Json" }, asAdmin())).status).toBe(200)
        const upload = multipart("files", "a.png", "image/png", productPicture(4, "cap", 32))
        const uploaded = await api.post("/admin/uploads", upload.body, asAdmin(upload.headers))
        expect(uploaded.status).toBe(200)
        // a DELETE without a body, as Medusa Admin sends it
        const removed = await api.delete(`/admin/uploads/${encodeURIComponent(uploaded.data.files[0].id)}`, asAdmin())
        expect(removed.status).toBe(200)
      })
    })

    describe("malformed queries and bodies on Medusa's routes", () => {
      const SQL = /\bselect\b[\s\S]*\bfrom\b|invalid input syntax|must not be negative|\binsert into\b|\bupdate "/i
      let logged: string[]
      let spies: jest.SpyInstance[]
      const text = (v: unknown): string => {
        if (v instanceof Error) return `${v.message}\n${v.stack}`
        if (typeof v === "string") return v
        try {
          return JSON.stringify(v) ?? String(v)
        } catch {
          return String(v)
        }
      }
      beforeEach(() => {
        logged = []
        const logger = getContainer().resolve(ContainerRegistrationKeys.LOGGER) as unknown as Record<string, unknown>
        spies = []
        for (const level of ["error", "warn", "info", "log", "debug"]) {
          if (typeof logger[level] !== "function") continue
          spies.push(
            jest
              .spyOn(logger as never, level as never)
              .mockImplementation(((...args: unknown[]) => void logged.push(args.map(text).join(" "))) as never)
          )
        }
        spies.push(
          jest
            .spyOn(console, "error")
            .mockImplementation((...args: unknown[]) => void logged.push(args.map(text).join(" ")))
        )
      })
      afterEach(() => spies.forEach((s) => s.mockRestore()))

      it("answers 4xx to bad limits, offsets, dates and orders, and logs no SQL", async () => {
        const QUERIES = [
          "limit=-1",
          "offset=-5",
          "limit=abc",
          "limit=1e3",
          "limit=99999999999999999999",
          "created_at[$gt]=notadate",
          "updated_at[$lt]=2024-13-45",
          "order=-no_such_column",
          "order=created_at;drop table product",
          "order=" + "a.".repeat(200) + "b",
          "a[b][c][d][e][f][g][h][i][j][k]=1",
        ]
        const ROUTES: [string, () => object][] = [
          ["/store/products", () => asStore()],
          ["/store/product-categories", () => asStore()],
          ["/store/regions", () => asStore()],
          ["/admin/products", () => asAdmin()],
          ["/admin/orders", () => asAdmin()],
          ["/admin/customers", () => asAdmin()],
        ]
        const answers: string[] = []
        for (const [route, headers] of ROUTES) {
          for (const query of QUERIES) {
            const res = await api.get(`${route}?${query}`, headers())
            answers.push(`${res.status >= 400 && res.status < 500 ? "4xx" : res.status} ${route}?${query}`)
          }
          // the route itself works
          expect((await api.get(`${route}?limit=2&offset=0&order=-created_at`, headers())).status).toBe(200)
        }
        expect(answers).toEqual(answers.map((a) => a.replace(/^\S+/, "4xx")))
        expect(logged.filter((l) => SQL.test(l))).toEqual([])
      })

      it("answers 4xx to 16,000-deep metadata on /store and /admin, and writes nothing", async () => {
        const carts = await count("cart")
        const title = await productTitle()
        const bodies: [string, string, object][] = [
          [
            "/store/carts",
            `{"region_id":"${regionId}","metadata":${deepJson(16_000)}}`,
            asStore({ "content-type": "application/json" }),
          ],
          [
            "/store/carts",
            `{"region_id":"${regionId}","metadata":{"a":${"[".repeat(16_000)}${"]".repeat(16_000)}}}`,
            asStore({ "content-type": "application/json" }),
          ],
          [
            `/admin/products/${productId}`,
            `{"title":"Deep","metadata":${deepJson(16_000)}}`,
            asAdmin({ "content-type": "application/json" }),
          ],
          [
            `/admin/products/${productId}`,
            `{"title":"Deep","metadata":${deepJson(100)}}`,
            asAdmin({ "content-type": "application/json" }),
          ],
        ]
        for (const [route, body, config] of bodies) {
          const res = await api.post(route, body, { ...config, transformRequest: (d: unknown) => d })
          expect([route, res.status >= 400 && res.status < 500]).toEqual([route, true])
        }
        expect([await count("cart"), await productTitle()]).toEqual([carts, title])
        expect(logged.filter((l) => SQL.test(l))).toEqual([])
        // ordinary metadata still goes through
        const ok = await api.post(
          `/admin/products/${productId}`,
          { metadata: { size: { chart: ["S", "M"] } } },
          asAdmin()
        )
        expect(ok.status).toBe(200)
      })
    })

    describe("uploads stream to disk", () => {
      const spooled = () => readdirSync(tmpdir()).filter((f) => f.startsWith(`shop-upload-${process.pid}-`))

      /** One POST /admin/uploads of `files` images of `size` bytes each, generated as it is sent (the client holds no file). */
      const streamUpload = (files: number, size: number, abortAfter?: number) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const { hostname, port } = new URL(api.defaults.baseURL!)
          const boundary = `----shopspool${Math.random().toString(16).slice(2)}`
          const req = http.request({
            hostname,
            port,
            method: "POST",
            path: "/admin/uploads",
            headers: { cookie: admin.cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
          })
          req.on("response", (res) => {
            let body = ""
            res.on("data", (c) => (body += c))
            res.on("end", () => resolve({ status: res.statusCode!, body }))
          })
          req.on("error", (err) => (abortAfter ? resolve({ status: 0, body: "" }) : reject(err)))
          const zeros = Buffer.alloc(64 * 1024)
          const parts: (() => Buffer)[] = []
          for (let i = 0; i < files; i++) {
            parts.push(() =>
              Buffer.from(
                `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="f${i}.png"\r\nContent-Type: image/png\r\n\r\n`
              )
            )
            parts.push(() => PNG_SIGNATURE)
            for (let sent = PNG_SIGNATURE.length; sent < size; sent += zeros.length) {
              const n = Math.min(zeros.length, size - sent)
              parts.push(() => zeros.subarray(0, n))
            }
            parts.push(() => Buffer.from("\r\n"))
          }
          parts.push(() => Buffer.from(`--${boundary}--\r\n`))
          let i = 0
          let written = 0
          const pump = () => {
            while (i < parts.length) {
              const chunk = parts[i++]!()
              written += chunk.length
              if (abortAfter && written >= abortAfter) return req.destroy()
              if (!req.write(chunk)) return req.once("drain", pump)
            }
            req.end()
          }
          pump()
        })

      it("five parallel uploads of ten 5 MB images keep the server's memory bounded, and leave no spooled file", async () => {
        const FILE = 5 * MB - 1024
        // the server runs in this process: its memory is this process's
        let peak = process.memoryUsage().rss
        const base = peak
        const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10)
        let answers: { status: number; body: string }[]
        try {
          answers = await Promise.all(Array.from({ length: 5 }, () => streamUpload(10, FILE)))
        } finally {
          clearInterval(sampler)
        }
        // every file is received whole (to disk) before any is decoded: a PNG signature and
        // zeros is then refused as damaged, and nothing is stored (pictures.spec.ts stores real photos)
        for (const a of answers) {
          expect(a.status).toBe(400)
          expect(JSON.parse(a.body).message).toBe(PICTURE_MESSAGES.corrupt)
        }
        const grewMB = (peak - base) / MB
        // 250 MB went through; held whole (with their copies), the files took more than a gigabyte
        expect(grewMB).toBeLessThan(150)
        expect(spooled()).toEqual([])
      })

      it("an upload cut off by its client, or refused for its size, leaves no spooled file", async () => {
        const cut = await streamUpload(3, 4 * MB, 6 * MB)
        expect(cut.status).toBe(0)
        const big = multipart(
          "files",
          "big.png",
          "image/png",
          Buffer.concat([PNG_SIGNATURE, Buffer.alloc(5 * MB + 10)])
        )
        const refused = await api.post("/admin/uploads", big.body, { ...asAdmin(big.headers), maxBodyLength: Infinity })
        expect(refused.status).toBe(413)
        expect(refused.data.message).toBe("Image size should be less than 5MB")
        const broken = multipart("files", "a.png", "image/png", Buffer.concat([PNG_SIGNATURE, Buffer.alloc(1024)]))
        const unread = await api.post(
          "/admin/uploads",
          broken.body.subarray(0, broken.body.length - 30),
          asAdmin(broken.headers)
        )
        expect(unread.status).toBe(400)
        // the server notices a cut connection when it reads next: give it a moment, then look
        const deadline = Date.now() + 10_000
        while (spooled().length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
        expect(spooled()).toEqual([])
      })
    })
  },
})
