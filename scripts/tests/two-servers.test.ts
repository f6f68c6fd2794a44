/**
 * Exactly once across servers: two backend processes (production
 * build) on one database, sharing Redis (REDIS_URL: sessions, events,
 * workflows and the Locking module's Redis provider). The same order sent to
 * both at once, the cart door (POST /store/carts/{id}/complete) and a guest
 * order with one Idempotency-Key, makes one order, and every call, on either
 * server, answers that same order: the second server waits on the first's lock
 * and then finds its order. With locks kept per process, one of them would
 * place the order and the other would be refused by the order_request index.
 *
 * Needs a Redis: REDIS_URL, else redis://127.0.0.1:6379 when one answers
 * there; without one the test is skipped (a scale-out without Redis is not
 * supported: docs/operations.md, "Scale out").
 *
 *   npx tsx --test scripts/tests/two-servers.test.ts
 */
import assert from "node:assert/strict"
import { randomBytes } from "node:crypto"
import net from "node:net"
import { after, before, test } from "node:test"
import { queryDatabase, recreateDatabase, withDatabase } from "../lib/postgres"
import {
  backendEnv,
  buildBackend,
  freePort,
  migrate,
  readPublishableKey,
  seed,
  startBackend,
  stopService,
  type Service,
} from "../lib/stack"
import { openTestDatabase, type TestDatabase } from "../lib/test-db"

const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379"
const DATABASE = "shop_two_servers"
const logTail: string[] = []
const log = (line: string) => {
  if (process.env.TWO_SERVERS_VERBOSE) console.log(line)
  logTail.push(line)
  if (logTail.length > 200) logTail.shift()
}

/** Whether a Redis answers PING at `url` within a second. */
function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || "127.0.0.1", port: Number(port || 6379) })
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(1000, () => done(false))
    socket.on("error", () => done(false))
    socket.on("connect", () => socket.write("PING\r\n"))
    socket.on("data", (data) => done(data.toString().startsWith("+PONG")))
  })
}

/** One Redis command over a fresh connection (RESP), its first reply line. */
function redis(url: string, ...args: string[]): Promise<string> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname || "127.0.0.1", port: Number(port || 6379) })
    socket.setTimeout(2000, () => reject(new Error("redis: no answer")))
    socket.on("error", reject)
    socket.on("connect", () =>
      socket.write(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join("")}`)
    )
    socket.on("data", (data) => {
      socket.destroy()
      resolve(data.toString().split("\r\n")[0])
    })
  })
}

const hasRedis = await redisAnswers(REDIS_URL)
let db: TestDatabase | undefined
let databaseUrl = ""
let publishableKey = ""
const servers: Service[] = []

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  queryDatabase<T>(databaseUrl, text, params)

async function call(
  server: Service,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}
) {
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? "GET",
    headers: { "content-type": "application/json", "x-publishable-api-key": publishableKey, ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(60_000),
  })
  const text = await res.text()
  let json: Record<string, unknown> = {}
  try {
    json = JSON.parse(text)
  } catch {
    json = { text: text.slice(0, 300) }
  }
  return { status: res.status, body: json }
}

before(
  async () => {
    if (!hasRedis) return
    db = await openTestDatabase()
    await recreateDatabase(db.serverUrl, DATABASE)
    databaseUrl = withDatabase(db.serverUrl, DATABASE)
    const env = backendEnv({
      databaseUrl,
      extra: {
        REDIS_URL,
        JWT_SECRET: randomBytes(32).toString("hex"),
        COOKIE_SECRET: randomBytes(32).toString("hex"),
        COOKIE_SECURE: "false",
        TRUST_PROXY: "loopback",
        LOG_LEVEL: process.env.TWO_SERVERS_LOG_LEVEL || "warn",
        ADMIN_EMAIL: "admin@shop.local",
        ADMIN_PASSWORD: "admin12345",
      },
    })
    await buildBackend(log)
    await migrate(env, log)
    await seed(env, log)
    publishableKey = await readPublishableKey(databaseUrl)
    try {
      for (let i = 0; i < 2; i++) servers.push(await startBackend({ env, port: await freePort(), log }))
    } catch (error) {
      throw new Error(`${(error as Error).message}\n--- the backends' last lines ---\n${logTail.slice(-40).join("\n")}`)
    }
  },
  { timeout: 600_000 }
)

after(async () => {
  for (const server of servers.reverse()) await stopService(server)
  await db?.stop()
})

/** A guest order of one unit of a product in stock, to a phone of its own. */
async function guestOrder(server: Service, name: string, phone: string) {
  const product = (
    (await call(server, "/api/shop/products/get")).body.products as { _id: string; stock: number }[]
  ).find((p) => p.stock > 10)!
  return {
    isGuest: true,
    guestName: name,
    guestEmail: `${phone}@example.com`,
    guestPhone: phone,
    landingPageSlug: null,
    cartItems: [{ productId: product._id, quantity: 1 }],
    addressInfo: [{ address: "Road 2", city: "Dhaka", pincode: "1207", number: phone, notes: "" }],
  }
}

/** `n` calls, alternating between the two servers, all sent at once. */
const onBoth = <T>(n: number, send: (server: Service) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => send(servers[i % 2])))

test(
  "six parallel completions of one cart, on two servers, make one order and all answer it",
  { skip: !hasRedis && "no Redis at REDIS_URL" },
  async () => {
    const [a] = servers
    const regions = (await call(a, "/store/regions")).body.regions as { id: string; countries: { iso_2: string }[] }[]
    const region = regions.find((r) => r.countries.some((c) => c.iso_2 === "bd"))!
    const products = (
      await call(a, `/store/products?region_id=${region.id}&fields=*variants,%2Bvariants.inventory_quantity`)
    ).body.products as {
      variants: { id: string; inventory_quantity: number }[]
    }[]
    const variant = products.map((p) => p.variants[0]).find((v) => v && v.inventory_quantity > 10)!
    const cart = (await call(a, "/store/carts", { method: "POST", body: { region_id: region.id } })).body.cart as {
      id: string
    }
    assert.equal(
      (
        await call(a, `/store/carts/${cart.id}/line-items`, {
          method: "POST",
          body: { variant_id: variant.id, quantity: 1 },
        })
      ).status,
      200
    )
    const address = {
      first_name: "Two",
      last_name: "Servers",
      address_1: "Road 2",
      city: "Dhaka",
      postal_code: "1207",
      country_code: "bd",
      phone: "01855500001",
    }
    const updated = await call(a, `/store/carts/${cart.id}`, {
      method: "POST",
      body: { email: "two@example.com", shipping_address: address },
    })
    assert.equal(updated.status, 200)
    // the shop completes a cart only with its city's delivery option, the one it is offered
    const options = (await call(a, `/store/shipping-options?cart_id=${cart.id}`)).body.shipping_options as {
      id: string
    }[]
    assert.equal(options.length, 1)
    const shipping = await call(a, `/store/carts/${cart.id}/shipping-methods`, {
      method: "POST",
      body: { option_id: options[0].id },
    })
    assert.equal(shipping.status, 200)

    const answers = await onBoth(6, (server) =>
      call(server, `/store/carts/${cart.id}/complete`, { method: "POST", body: {} })
    )
    assert.deepEqual(
      answers.map((r) => r.status),
      [200, 200, 200, 200, 200, 200],
      JSON.stringify(answers.map((r) => r.body)).slice(0, 600)
    )
    const ids = new Set(answers.map((r) => (r.body.order as { id: string }).id))
    assert.equal(ids.size, 1)
    const [{ n }] = await sql<{ n: number }>(
      `select count(*)::int as n from shop_order where phone = '01855500001' and deleted_at is null`
    )
    assert.equal(n, 1)
  }
)

test(
  "a guest order sent with one Idempotency-Key to both servers at once makes one order",
  { skip: !hasRedis && "no Redis at REDIS_URL" },
  async () => {
    const body = await guestOrder(servers[0], "Two Servers", "01855500002")
    const key = { "idempotency-key": randomBytes(16).toString("hex") }
    const answers = await onBoth(6, (server) =>
      call(server, "/api/shop/order/create-order", { method: "POST", body, headers: key })
    )
    assert.deepEqual(
      answers.map((r) => r.status),
      [201, 201, 201, 201, 201, 201],
      JSON.stringify(answers.map((r) => r.body)).slice(0, 600)
    )
    const numbers = new Set(answers.map((r) => (r.body.data as { orderNumber: string }).orderNumber))
    assert.equal(numbers.size, 1)
    const [{ n }] = await sql<{ n: number }>(
      `select count(*)::int as n from shop_order where phone = '01855500002' and deleted_at is null`
    )
    assert.equal(n, 1)
  }
)

test(
  "a lock another process holds in Redis keeps this server from placing the order until it is released",
  { skip: !hasRedis && "no Redis at REDIS_URL" },
  async () => {
    const [, b] = servers
    const key = randomBytes(16).toString("hex")
    // as the Locking module's Redis provider names a lock (prefix medusa_lock:) on the order's key (place-shop-order.ts)
    const lock = `medusa_lock:order-request:api:guest:${key}`
    assert.equal(await redis(REDIS_URL, "SET", lock, "another-server", "NX", "EX", "30"), "+OK")
    let answered = false
    const pending = call(b, "/api/shop/order/create-order", {
      method: "POST",
      headers: { "idempotency-key": key },
      body: await guestOrder(b, "Held Lock", "01855500003"),
    }).finally(() => (answered = true))
    await new Promise((r) => setTimeout(r, 2000))
    assert.equal(answered, false, "the order went ahead while another process held its lock")
    const [{ n: before }] = await sql<{ n: number }>(
      `select count(*)::int as n from shop_order where phone = '01855500003'`
    )
    assert.equal(before, 0)
    assert.equal(await redis(REDIS_URL, "DEL", lock), ":1")
    const answer = await pending
    assert.equal(answer.status, 201, JSON.stringify(answer.body).slice(0, 300))
    const [{ n }] = await sql<{ n: number }>(
      `select count(*)::int as n from shop_order where phone = '01855500003' and deleted_at is null`
    )
    assert.equal(n, 1)
  }
)
