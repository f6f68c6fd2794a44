// The periodic jobs (the stock-hold sweep every 30 s, Meta's retries every 60 s) would add their
// statements to whichever window they fire in: on a slow, busy machine a test's windows last long
// enough to catch one. Here they wait a day; their own specs run them.
const JOBS = ["STOCK_HOLD_SWEEP_SECONDS", "META_RETRY_SECONDS"] as const
const jobSettings = JOBS.map((name) => process.env[name])
for (const name of JOBS) process.env[name] = "86400"
afterAll(() =>
  JOBS.forEach((name, i) => {
    if (jobSettings[i] === undefined) delete process.env[name]
    else process.env[name] = jobSettings[i]
  })
)

import { AsyncLocalStorage } from "node:async_hooks"
import http from "node:http"
import path from "path"
import type { Product } from "@shop/contract"
import seed from "../../src/scripts/seed"
import { shopIntegrationTestRunner } from "../utils/runner"
import { anyStatus } from "../utils/session"

jest.setTimeout(240_000)

/**
 * Counts the SQL statements the app sends, at node-postgres itself (every copy
 * of `pg` installed: knex and MikroORM may load different ones), so nothing
 * that reaches the database can go uncounted.
 *
 * Only a window's own work counts: each request the server receives runs in an
 * async context that names the window it arrived in, and what it sets going
 * (awaits, its events' subscribers) inherits that context. A scheduled job
 * (the hourly crons, the sweeps) starts from a timer with no context, so it
 * is not counted however long a window lasts on a slow machine.
 */
function countStatements() {
  const roots = [path.dirname(require.resolve("pg/package.json"))]
  try {
    roots.push(
      path.dirname(
        require.resolve("pg/package.json", { paths: [path.dirname(require.resolve("@mikro-orm/postgresql"))] })
      )
    )
  } catch {
    // only one copy
  }
  const statements: string[] = []
  const restore: (() => void)[] = []
  const windows = new AsyncLocalStorage<number>()
  let window = 0 // the open window's number; 0: none open
  let opened = 0 // windows opened so far: a late subscriber of an earlier one never matches a later one
  type Emit = (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean
  const emit = http.Server.prototype.emit as Emit
  const emitCounted: Emit = function (event, ...args) {
    if (event !== "request" || !window) return emit.call(this, event, ...args)
    return windows.run(window, () => emit.call(this, event, ...args))
  }
  http.Server.prototype.emit = emitCounted as typeof http.Server.prototype.emit
  restore.push(() => (http.Server.prototype.emit = emit as typeof http.Server.prototype.emit))
  const counted = () => window !== 0 && windows.getStore() === window
  for (const root of new Set(roots)) {
    const Client = require(root).Client as { prototype: { query: (...args: unknown[]) => unknown } }
    const original = Client.prototype.query
    Client.prototype.query = function (this: unknown, ...args: unknown[]) {
      const first = args[0] as string | { text?: string }
      const text = typeof first === "string" ? first : (first?.text ?? "?")
      // a pooled connection's one-time setup is not the request's work
      if (counted() && !/^set search_path/i.test(text)) statements.push(text)
      return original.apply(this, args)
    }
    restore.push(() => (Client.prototype.query = original))
  }
  /** Resolves once the window's work has sent no statement for `quietMs`: what its request set going (subscribers) is done. */
  const settled = async (quietMs = 400) => {
    // never longer than 10 s: work that never stops is then counted, and the test says so
    for (let waited = 0; waited < 10_000; waited += quietMs) {
      const seen = statements.length
      await new Promise((resolve) => setTimeout(resolve, quietMs))
      if (statements.length === seen) return
    }
  }
  return {
    /** The statements the requests `fn` makes send, with the work they set going (their events' subscribers). */
    async during(fn: () => Promise<unknown>): Promise<string[]> {
      statements.length = 0
      window = ++opened
      try {
        await fn()
        await settled()
        return [...statements]
      } finally {
        window = 0
      }
    },
    restore: () => restore.forEach((r) => r()),
  }
}

const address = { address: "House 7, Road 2, Mirpur", city: "Dhaka", pincode: "1216", number: "01811111111", notes: "" }

shopIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let products: Product[]
    let counter: ReturnType<typeof countStatements>

    beforeAll(async () => {
      await seed({ container: getContainer(), args: [] } as never)
      counter = countStatements()
    })
    afterAll(() => counter.restore())
    beforeEach(async () => {
      products = (await api.get("/api/shop/products/get")).data.products
    })

    const order = (items: Product[]) =>
      api.post(
        "/api/shop/order/create-order",
        {
          isGuest: true,
          guestName: "Query Counter",
          guestEmail: "count@example.com",
          guestPhone: "01711111111",
          cartItems: items.map((p) => ({ productId: p._id, quantity: 1 })),
          addressInfo: [address],
        },
        anyStatus
      )

    it("a listing request issues one statement once the catalog is loaded (stock only)", async () => {
      const url = "/api/shop/products/get?category=men,women&sortBy=price-hightolow"
      await api.get(url)
      const statements = await counter.during(async () => {
        const res = await api.get(url)
        expect(res.status).toBe(200)
        expect(res.data.products.length).toBeGreaterThan(5)
      })
      expect(statements).toHaveLength(1)
      expect(statements[0]).toMatch(/from inventory_level/)
    })

    it("ordering five distinct products costs the same statements as ordering one (no per-line queries)", async () => {
      const inStock = products.filter((p) => p.stock >= 5)
      await order([inStock[0]]) // warm-up: first use of each code path
      const one = await counter.during(async () => {
        expect((await order([inStock[1]])).status).toBe(201)
      })
      const five = await counter.during(async () => {
        expect((await order(inStock.slice(2, 7))).status).toBe(201)
      })
      // print them so a regression is easy to read
      console.info(`statements: one line ${one.length}, five lines ${five.length}`)
      const list = (all: string[]) => all.map((s, i) => `${i + 1}. ${s.replace(/\s+/g, " ").slice(0, 220)}`).join("\n")
      if (process.env.PRINT_STATEMENTS || five.length - one.length > 2)
        console.info(`one line:\n${list(one)}\nfive lines:\n${list(five)}`)
      expect(one.length).toBeGreaterThan(5)
      expect(five.length - one.length).toBeLessThanOrEqual(2)
    })

    it("a sold-out order is refused from the stock read alone, before the order workflow", async () => {
      const soldOut = products.find((p) => p.stock === 0)!
      let res: Awaited<ReturnType<typeof order>> | undefined
      const statements = await counter.during(async () => {
        res = await order([soldOut])
      })
      expect(res!.status).toBe(409)
      expect(res!.data).toEqual({ success: false, message: `${soldOut.title} is out of stock` })
      expect(statements).toHaveLength(1)
      expect(statements[0]).toMatch(/from inventory_level/)
    })
  },
})
