/**
 * `npm run bench`: the shop's public hot paths against bare-Node baselines,
 * all in one run on one machine over loopback.
 *
 *   B0  a bare Node http server answering a fixed JSON body
 *   B1  a bare Node + pg server doing the minimum of an order (one transaction:
 *       conditional stock decrement + order insert) on its own tables in the
 *       same PostgreSQL (scripts/bench/baselines.ts)
 *
 * Figures: the product listing and a landing page read (50 connections, ratio
 * to B0), the same reads and the landing page's HTML through the storefront
 * server in front of the backend (50 connections, ratio to B0), Lighthouse's
 * mobile performance figures for the landing, a product and the home page
 * through the storefront (scripts/bench/lighthouse.ts), how long the shop's
 * admin screens take to show their data in Chromium (scripts/bench/admin-screens.ts), landing COD order
 * placement (20 connections for 20 s with ample stock, orders/s as ratio to B1,
 * each order its own phone, Idempotency-Key and client address) on an order
 * history of 1,000 orders, a flash sale (stock 50, 1,000 attempts
 * within 10 s: exactly 50 x 201, 950 x 409, no 5xx, stock 0 after), the same
 * order placement again on an order history topped up in bulk to BENCH_ORDERS
 * with the order path's query plans (scripts/bench/million.ts), and the
 * backend's resident memory after start and after each phase. Goals are
 * printed as met / not met; they are targets, not assertions.
 *
 *   tsx scripts/bench/run.ts                    everything (npm run bench)
 *   tsx scripts/bench/run.ts --flash --repeat N  only the flash sale, N times on
 *                                               one stack (npm run bench:flash)
 *   ... --flash --servers 2                     the flash sale spread over two
 *                                               backend processes sharing
 *                                               PostgreSQL and REDIS_URL's Redis
 *
 * BENCH_DURATION (s, 10) for the read phases and baselines, BENCH_ORDER_DURATION
 * (s, 20), BENCH_ORDERS (1000000, the order history of the second order figure), BENCH_FLASH_CONNECTIONS (50), BENCH_LIGHTHOUSE_RUNS (3 loads of each
 * page, the median by score reported), BENCH_LIGHTHOUSE=0 skips Lighthouse, BENCH_ADMIN=0 the admin screens,
 * BENCH_VERBOSE=1 shows the backend's and the storefront's output. The
 * database: DB_HOST's, else DATABASE_URL's, else an embedded one.
 * Figures go to bench-results/bench.json (or bench-results/flash.json).
 */
import { readdirSync, readFileSync } from "node:fs"
import { prepareB1, startBaseline, B1_PRODUCT_ID, type Baseline } from "./baselines"
import { runLighthouse, type LighthouseFigures } from "./lighthouse"
import { ADMIN_SCREENS_GOAL_MS, measureAdminScreens, printAdminScreens, type AdminScreensFigures } from "./admin-screens"
import { login, percentile, printTable, runLoad, startBenchStack, writeResults, type LoadResult } from "./lib"
import { BASE_ORDERS, landingOrderRequests, ordersAtScale, seedOrders } from "./million"
import type { Product } from "@shop/contract"

const SLUG = "salwar-kameez-offer"
const DURATION = Number(process.env.BENCH_DURATION || 10)
const ORDER_DURATION = Number(process.env.BENCH_ORDER_DURATION || 20)
const READ_CONNECTIONS = 50
const ORDER_CONNECTIONS = 20
const FLASH_STOCK = 50
const FLASH_ATTEMPTS = 1000
/** The scenario: 1,000 attempts within 10 s. All are sent however long they take, up to a hard stop. */
const FLASH_WINDOW_MS = 10_000
const FLASH_HARD_STOP_MS = 60_000
const FLASH_CONNECTIONS = Number(process.env.BENCH_FLASH_CONNECTIONS || 50)
const AMPLE_STOCK = 1_000_000
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== "0"
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS || 3)
const ADMIN_SCREENS = process.env.BENCH_ADMIN !== "0"
/** The order history of the second landing COD order figure (the first runs at BASE_ORDERS, 1,000). */
const ORDERS_AT_SCALE = Number(process.env.BENCH_ORDERS || 1_000_000)

const GOALS = {
  listingRatio: 0.08,
  listingP97_5Ms: 100,
  landingRatio: 0.05,
  orderRatio: 0.02,
  orderP95Ms: 1500,
  /** landing COD order p95 at ORDERS_AT_SCALE orders over its p95 at BASE_ORDERS */
  orderP95AtScaleRatio: 1.2,
  flashRefusalP95Ms: 150,
  memoryMB: 600,
  // through the storefront server (the edge: public reads from a shared cache, pages rendered server-side)
  edgeLandingHtmlRatio: 0.3,
  edgeLandingHtmlP97_5Ms: 50,
  edgeListingRatio: 0.3,
  // Lighthouse, mobile (default config, simulated throttling), the median of BENCH_LIGHTHOUSE_RUNS loads
  lighthouseLandingScore: 98,
  lighthouseLandingLcpMs: 1500,
  lighthouseLandingCls: 0.02,
  lighthouseProductScore: 95,
  lighthouseHomeScore: 95,
}

const say = (line: string) => console.log(`[bench] ${line}`)
const round1 = (n: number) => Math.round(n * 10) / 10
const round3 = (n: number) => Math.round(n * 1000) / 1000

function parseArgs(argv: string[]): { flashOnly: boolean; repeat: number; servers: number } {
  let flashOnly = false
  let repeat = 1
  let servers = 1
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split("=", 2)
    const value = () => Number(inline ?? argv[++i])
    if (flag === "--flash") flashOnly = true
    else if (flag === "--repeat") repeat = value()
    else if (flag === "--servers") servers = value()
    else throw new Error(`unknown argument ${argv[i]} (use --flash, --repeat N, --servers N)`)
  }
  if (!Number.isInteger(repeat) || repeat < 1) throw new Error("--repeat takes a whole number >= 1")
  if (!Number.isInteger(servers) || servers < 1) throw new Error("--servers takes a whole number >= 1")
  if (servers > 1 && !flashOnly) throw new Error("--servers applies to the flash sale: npm run bench:flash -- --servers 2")
  return { flashOnly, repeat, servers }
}

/** Resident memory (VmRSS) of every process in the backends' process groups, in MB. */
function groupRssMB(pgids: number[]): { mb: number; processes: number; maxServerMB: number } {
  let kb = 0
  let processes = 0
  const perGroup = new Map<number, number>()
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8")
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
      if (!pgids.includes(Number(fields[2]))) continue // state ppid pgrp ...
      const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${name}/status`, "utf8"))
      if (match) {
        kb += Number(match[1])
        processes++
        perGroup.set(Number(fields[2]), (perGroup.get(Number(fields[2])) ?? 0) + Number(match[1]))
      }
    } catch {
      // the process ended meanwhile
    }
  }
  return { mb: round1(kb / 1024), processes, maxServerMB: round1(Math.max(0, ...perGroup.values()) / 1024) }
}


async function getJson<T>(url: string, init?: RequestInit): Promise<{ status: number; body: T }> {
  const res = await fetch(url, init)
  const text = await res.text()
  let body: T
  try {
    body = JSON.parse(text) as T
  } catch {
    throw new Error(`${init?.method ?? "GET"} ${url}: ${res.status}, not JSON: ${text.slice(0, 200)}`)
  }
  return { status: res.status, body }
}

async function readProduct(baseUrl: string, id: string): Promise<Product> {
  const { status, body } = await getJson<{ success: boolean; data: Product }>(`${baseUrl}/api/shop/products/get/${id}`)
  if (status !== 200 || !body.success) throw new Error(`GET product ${id}: ${status} ${JSON.stringify(body)}`)
  return body.data
}

async function setStock(baseUrl: string, cookie: string, id: string, stock: number): Promise<void> {
  const p = await readProduct(baseUrl, id)
  const { status, body } = await getJson<{ success: boolean; data: Product }>(
    `${baseUrl}/api/admin/products/edit-product/${id}`,
    {
      method: "PUT",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({
        image: p.image,
        title: p.title,
        description: p.description,
        category: p.category,
        brand: p.brand,
        price: p.price,
        saleprice: p.saleprice,
        discount: p.discount ?? 0,
        stock,
      }),
    }
  )
  if (status !== 200 || !body.success) throw new Error(`PUT edit-product ${id} (stock ${stock}): ${status} ${JSON.stringify(body)}`)
  const after = await readProduct(baseUrl, id)
  if (after.stock !== stock) throw new Error(`stock of ${id} is ${after.stock} after setting it to ${stock}`)
}

function orderBody(productId: string): string {
  return JSON.stringify({
    isGuest: true,
    guestName: "Bench",
    guestPhone: "01712345678",
    guestEmail: "",
    landingPageSlug: SLUG,
    deliveryArea: "dhaka",
    cartItems: [{ productId, quantity: 1 }],
    addressInfo: [{ address: "House 1, Road 2", city: "Dhaka" }],
  })
}

const LISTING_PATH = "/api/shop/products/get?category=men,women&sortBy=price-hightolow"

const isListing = (body: string) => {
  try {
    const b = JSON.parse(body)
    return b.success === true && Array.isArray(b.products) && b.products.length > 0
  } catch {
    return false
  }
}

/**
 * The /assets/ files a page's HTML names (scripts, styles, preloads) that do not
 * answer 200. A storefront/dist rebuilt under the running server leaves its
 * pages naming files that are gone, and Lighthouse then sees nothing painted.
 */
async function missingAssets(pageUrl: string): Promise<string[]> {
  const res = await fetch(pageUrl, { headers: { accept: "text/html" } })
  const html = await res.text()
  if (res.status !== 200) return [`the page itself: ${res.status}`]
  const paths = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]))]
  const missing: string[] = []
  for (const p of paths) {
    const r = await fetch(new URL(p, pageUrl))
    await r.arrayBuffer()
    if (r.status !== 200) missing.push(`${p} ${r.status}`)
  }
  return missing
}

const kb = (bytes: number | null | undefined) => (typeof bytes === "number" ? round1(bytes / 1024) : "-")

const isSuccess = (body: string) => {
  try {
    return JSON.parse(body).success === true
  } catch {
    return false
  }
}

type FlashResult = {
  /** exactly 50 x 201 and 950 x 409 of 1,000 attempts, no 5xx or error, stock 0 after */
  right: boolean
  attempts: number
  /** every attempt answered within the 10 s window */
  withinWindow: boolean
  /** attempts sent to each backend, in the order of their URLs */
  perServer: number[]
  /** the product's stock as each backend reports it afterwards */
  stockPerServer: number[]
  seconds: number
  attemptsPerSecond: number
  statusCodes: Record<string, number>
  errors: number
  stockAfter: number
  accepted: { count: number; p50: number; p95: number; p99: number }
  refused: { count: number; p50: number; p95: number; p99: number }
}

/** Stock 50, then 1,000 attempts with bounded concurrency, each timed, taking turns over the backends. */
async function flashSale(baseUrls: string[], cookie: string, productId: string): Promise<FlashResult> {
  const baseUrl = baseUrls[0]
  await setStock(baseUrl, cookie, productId, FLASH_STOCK)
  const body = orderBody(productId)
  const perServer = baseUrls.map(() => 0)
  const byStatus = new Map<string, number[]>()
  let errors = 0
  let next = 0
  const started = performance.now()
  const worker = async () => {
    while (next < FLASH_ATTEMPTS && performance.now() - started < FLASH_HARD_STOP_MS) {
      const server = next++ % baseUrls.length
      perServer[server]++
      const url = `${baseUrls[server]}/api/shop/order/create-order`
      const t0 = performance.now()
      try {
        const res = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
          signal: AbortSignal.timeout(30_000),
        })
        await res.arrayBuffer()
        const ms = performance.now() - t0
        const key = String(res.status)
        if (!byStatus.has(key)) byStatus.set(key, [])
        byStatus.get(key)!.push(ms)
      } catch {
        errors++
      }
    }
  }
  await Promise.all(Array.from({ length: FLASH_CONNECTIONS }, worker))
  const seconds = (performance.now() - started) / 1000
  const stockPerServer = await Promise.all(baseUrls.map(async (u) => (await readProduct(u, productId)).stock))
  const stockAfter = stockPerServer[0]
  const stats = (times: number[] = []) => {
    const sorted = [...times].sort((a, b) => a - b)
    return {
      count: sorted.length,
      p50: round1(percentile(sorted, 50)),
      p95: round1(percentile(sorted, 95)),
      p99: round1(percentile(sorted, 99)),
    }
  }
  const statusCodes = Object.fromEntries([...byStatus].map(([k, v]) => [k, v.length]))
  const count = (code: string) => statusCodes[code] ?? 0
  const fiveXX = Object.entries(statusCodes).filter(([k]) => k.startsWith("5")).reduce((n, [, v]) => n + v, 0)
  const attempts = next
  return {
    right:
      attempts === FLASH_ATTEMPTS &&
      count("201") === FLASH_STOCK &&
      count("409") === FLASH_ATTEMPTS - FLASH_STOCK &&
      fiveXX === 0 &&
      errors === 0 &&
      stockPerServer.every((s) => s === 0),
    attempts,
    withinWindow: attempts === FLASH_ATTEMPTS && seconds * 1000 <= FLASH_WINDOW_MS,
    perServer,
    stockPerServer,
    seconds: round1(seconds),
    attemptsPerSecond: round1(attempts / seconds),
    statusCodes,
    errors,
    stockAfter,
    accepted: stats(byStatus.get("201")),
    refused: stats(byStatus.get("409")),
  }
}

type Figure = LoadResult & { name: string; connections: number; baseline?: string; ratio?: number; ordersPerSecond?: number }

const met = (ok: boolean) => (ok ? "met" : "NOT MET")

/** Every admin screen and the storefront's hand-over show their data within the goal (median). */
function adminGoal(f: AdminScreensFigures | { error: string } | "skipped") {
  const goal = `admin screens' data within ${ADMIN_SCREENS_GOAL_MS} ms (median, after the first load)`
  if (f === "skipped") return { goal, actual: "skipped (BENCH_ADMIN=0)", met: false, skipped: true }
  if ("error" in f) return { goal, actual: `failed: ${f.error.slice(0, 40)}`, met: false }
  const all = [...f.screens, f.handoff]
  const slowest = all.reduce((a, b) => (b.medianMs > a.medianMs ? b : a))
  return { goal, actual: `slowest ${slowest.screen} ${slowest.medianMs} ms`, met: all.every((s) => s.medianMs <= ADMIN_SCREENS_GOAL_MS) }
}
/** Every answer a 2xx that passed the body check, no error: a fast figure made of failures meets nothing. */
const allAnswered = (f: Figure) => f.errors === 0 && f.non2xx === 0 && f.mismatches === 0 && f.requests > 0

async function main(): Promise<number> {
  const { flashOnly, repeat, servers } = parseArgs(process.argv.slice(2))
  if (LIGHTHOUSE && !flashOnly && (!Number.isInteger(LIGHTHOUSE_RUNS) || LIGHTHOUSE_RUNS < 1)) {
    throw new Error("BENCH_LIGHTHOUSE_RUNS takes a whole number >= 1")
  }
  if (!flashOnly && (!Number.isInteger(ORDERS_AT_SCALE) || ORDERS_AT_SCALE < BASE_ORDERS)) {
    throw new Error(`BENCH_ORDERS takes a whole number >= ${BASE_ORDERS}`)
  }
  const benchStarted = Date.now()
  const stack = await startBenchStack({
    database: "shop_bench_run",
    log: say,
    servers,
    storefront: !flashOnly,
    // the first landing COD order figure runs on an order history of BASE_ORDERS
    prepare: flashOnly
      ? undefined
      : async (databaseUrl) => {
          await seedOrders(databaseUrl, BASE_ORDERS, { log: say, landingSlug: SLUG })
        },
  })
  const baselines: Baseline[] = []
  // rssMB: all backends together; serverMB: the largest one (the goal is per server); storefrontMB: its server's group
  const memory: { after: string; rssMB: number; serverMB: number; processes: number; storefrontMB?: number }[] = []
  const sample = (after: string) => {
    const m = groupRssMB(stack.backendPids)
    const storefrontMB = stack.storefrontPid ? groupRssMB([stack.storefrontPid]).mb : undefined
    memory.push({ after, rssMB: m.mb, serverMB: m.maxServerMB, processes: m.processes, ...(storefrontMB !== undefined ? { storefrontMB } : {}) })
    say(
      `backend RSS after ${after}: ${m.mb} MB (${m.processes} process${m.processes === 1 ? "" : "es"}` +
        `${servers > 1 ? `, largest ${m.maxServerMB} MB` : ""})` +
        `${storefrontMB !== undefined ? `; storefront ${storefrontMB} MB` : ""}`
    )
  }
  try {
    sample("start")
    const cookie = await login(stack.url)
    const landingUrl = `${stack.url}/api/landing/${SLUG}`
    const landing = await getJson<{ success: boolean; data: { productId: { _id: string } } }>(landingUrl)
    if (landing.status !== 200 || !landing.body.success) throw new Error(`GET ${landingUrl}: ${landing.status}`)
    const productId = landing.body.data.productId._id
    const orderUrl = `${stack.url}/api/shop/order/create-order`
    const jsonHeaders = { "content-type": "application/json" }
    say(`landing ${SLUG}: product ${productId}`)

    if (flashOnly) {
      say("warming up the order path (20 orders, ample stock)...")
      await setStock(stack.url, cookie, productId, AMPLE_STOCK)
      await runLoad({ url: orderUrl, method: "POST", body: orderBody(productId), headers: jsonHeaders, connections: 5, amount: 20 })
      const runs: FlashResult[] = []
      for (let i = 1; i <= repeat; i++) {
        const r = await flashSale(stack.urls, cookie, productId)
        runs.push(r)
        say(
          `flash ${i}/${repeat}: ${r.right ? "right" : "WRONG"} ${JSON.stringify(r.statusCodes)} errors ${r.errors} ` +
            `stock ${r.stockPerServer.join("/")}, ${r.attempts} attempts in ${r.seconds} s` +
            `${servers > 1 ? ` (per server ${r.perServer.join("/")})` : ""}, refusals p95 ${r.refused.p95} ms`
        )
      }
      sample(`flash x${repeat}`)
      const rightCount = runs.filter((r) => r.right).length
      const refusalP95s = runs.map((r) => r.refused.p95).sort((a, b) => a - b)
      console.log("")
      printTable(
        runs.map((r, i) => ({
          run: i + 1,
          right: r.right ? "yes" : "NO",
          "201s": r.statusCodes["201"] ?? 0,
          "409s": r.statusCodes["409"] ?? 0,
          other: Object.entries(r.statusCodes).filter(([k]) => k !== "201" && k !== "409").map(([k, v]) => `${k}x${v}`).join(" ") || "-",
          errors: r.errors,
          "stock after": r.stockPerServer.join("/"),
          ...(servers > 1 ? { "per server": r.perServer.join("/") } : {}),
          seconds: r.seconds,
          "in 10 s": r.withinWindow ? "yes" : "no",
          "attempts/s": r.attemptsPerSecond,
          "refused p50": r.refused.p50,
          "refused p95": r.refused.p95,
          "accepted p95": r.accepted.p95,
        }))
      )
      const worstP95 = refusalP95s[refusalP95s.length - 1]
      const medianP95 = percentile(refusalP95s, 50)
      console.log("")
      printTable([
        { goal: `flash sale exactly right (${repeat} of ${repeat})`, actual: `${rightCount} of ${repeat}`, result: met(rightCount === repeat) },
        { goal: `1,000 attempts answered within 10 s (every run)`, actual: `${runs.filter((r) => r.withinWindow).length} of ${repeat}`, result: met(runs.every((r) => r.withinWindow)) },
        { goal: `refusals' p95 <= ${GOALS.flashRefusalP95Ms} ms (every run)`, actual: `worst ${worstP95} ms, median ${medianP95} ms`, result: met(worstP95 <= GOALS.flashRefusalP95Ms) },
        {
          goal: `backend memory < ${GOALS.memoryMB} MB${servers > 1 ? " per server" : ""}`,
          actual: `${Math.max(...memory.map((m) => m.serverMB))} MB`,
          result: met(Math.max(...memory.map((m) => m.serverMB)) < GOALS.memoryMB),
        },
      ])
      const file = writeResults("flash", {
        benchmark: "flash sale repeated",
        date: new Date().toISOString(),
        repeat,
        servers,
        redis: Boolean(process.env.REDIS_URL),
        right: rightCount,
        connections: FLASH_CONNECTIONS,
        runs,
        memory,
      })
      console.log(
        `\n${rightCount} of ${repeat} repeats exactly right on ${servers} backend process${servers === 1 ? "" : "es"}` +
          `${process.env.REDIS_URL ? " with Redis" : ""}; written to ${file}`
      )
      return 0
    }

    const figures: Figure[] = []
    const measure = async (
      name: string,
      opts: Parameters<typeof runLoad>[0] & { connections: number },
      baseline?: { name: string; figure: Figure; orders?: boolean }
    ): Promise<Figure> => {
      say(`${name}: warming up...`)
      await runLoad({ ...opts, duration: 2, amount: undefined, verifyBody: undefined })
      say(`${name}: ${opts.connections} connections for ${opts.duration} s...`)
      const r = await runLoad(opts)
      const ordersPerSecond = round1((r.statusCodes["201"] ?? 0) / Math.max(r.seconds, 0.001))
      const figure: Figure = { name, ...r, connections: opts.connections, ordersPerSecond }
      if (baseline) {
        const mine = baseline.orders ? ordersPerSecond : r.rps
        const theirs = baseline.orders ? baseline.figure.ordersPerSecond ?? 0 : baseline.figure.rps
        figure.baseline = baseline.name
        figure.ratio = theirs > 0 ? round3(mine / theirs) : 0
      }
      figures.push(figure)
      say(
        `${name}: ${r.rps} req/s, p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, codes ${JSON.stringify(r.statusCodes)}, ` +
          `errors ${r.errors}${figure.ratio !== undefined ? `, ratio to ${figure.baseline} ${figure.ratio}` : ""}`
      )
      return figure
    }

    // baselines, each in a process of its own, stopped before the shop is measured
    const b0 = await startBaseline("b0")
    baselines.push(b0)
    const B0 = await measure("B0 bare http", { url: `${b0.url}/`, connections: READ_CONNECTIONS, duration: DURATION })
    await b0.stop()
    await prepareB1(stack.databaseUrl)
    const b1 = await startBaseline("b1", stack.databaseUrl)
    baselines.push(b1)
    const B1 = await measure("B1 bare http+pg order", {
      url: `${b1.url}/order`,
      method: "POST",
      body: JSON.stringify({ productId: B1_PRODUCT_ID, quantity: 1, guestName: "Bench" }),
      headers: jsonHeaders,
      connections: ORDER_CONNECTIONS,
      duration: DURATION,
    })
    await b1.stop()

    // Medusa's own cheapest route: the ceiling of its HTTP stack on this machine, for reference
    await measure("Medusa /health (reference)", { url: `${stack.url}/health`, connections: READ_CONNECTIONS, duration: DURATION }, { name: "B0", figure: B0 })
    const listing = await measure(
      "listing",
      { url: `${stack.url}${LISTING_PATH}`, connections: READ_CONNECTIONS, duration: DURATION, verifyBody: isListing },
      { name: "B0", figure: B0 }
    )
    sample("listing")
    const landingRead = await measure(
      "landing read",
      { url: landingUrl, connections: READ_CONNECTIONS, duration: DURATION, verifyBody: isSuccess },
      { name: "B0", figure: B0 }
    )
    sample("landing read")

    // the same public reads and the landing page's HTML through the storefront server (the shopper's origin)
    const edge = stack.storefrontUrl!
    const edgeLandingHtml = await measure(
      "storefront landing HTML",
      {
        url: `${edge}/landing/${SLUG}`,
        headers: { accept: "text/html" },
        connections: READ_CONNECTIONS,
        duration: DURATION,
        verifyBody: (body) => /<\/html>/i.test(body),
      },
      { name: "B0", figure: B0 }
    )
    await measure(
      "storefront landing JSON",
      { url: `${edge}/api/landing/${SLUG}`, connections: READ_CONNECTIONS, duration: DURATION, verifyBody: isSuccess },
      { name: "B0", figure: B0 }
    )
    const edgeListing = await measure(
      "storefront listing",
      { url: `${edge}${LISTING_PATH}`, connections: READ_CONNECTIONS, duration: DURATION, verifyBody: isListing },
      { name: "B0", figure: B0 }
    )
    sample("storefront reads")

    // Lighthouse through the storefront, on a quiet machine (no load running)
    const pages = [
      { page: "landing", url: `${edge}/landing/${SLUG}` },
      { page: "product", url: `${edge}/shop/product/${productId}` },
      { page: "home", url: `${edge}/` },
    ]
    const lighthouse: (Partial<LighthouseFigures> & { page: string; url: string; error?: string })[] = []
    if (LIGHTHOUSE) {
      for (const { page, url } of pages) {
        say(`lighthouse ${page}: ${url}, ${LIGHTHOUSE_RUNS} run${LIGHTHOUSE_RUNS === 1 ? "" : "s"} (mobile, simulated throttling)...`)
        try {
          const missing = await missingAssets(url)
          if (missing.length) {
            throw new Error(`the page names files the storefront does not serve (storefront/dist rebuilt under the running server?): ${missing.join(", ")}`)
          }
          const f = await runLighthouse(url, LIGHTHOUSE_RUNS, (line) => say(line))
          lighthouse.push({ page, ...f })
          say(
            `lighthouse ${page}: score ${f.score}, LCP ${f.lcpMs} ms, TBT ${f.tbtMs} ms, CLS ${f.cls}, ` +
              `${kb(f.totalBytes)} KB (JS ${kb(f.jsBytes)} KB)${f.error ? `, error ${f.error}` : ""} (median of ${JSON.stringify(f.runs.map((r) => r.score))})`
          )
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error)
          lighthouse.push({ page, url, error: message })
          say(`lighthouse ${page}: FAILED: ${message}`)
        }
      }
      sample("lighthouse")
    } else {
      say("lighthouse: skipped (BENCH_LIGHTHOUSE=0)")
    }
    // the merchant's admin screens in Chromium through the storefront, also on a quiet machine
    let adminScreens: AdminScreensFigures | { error: string } | "skipped" = "skipped"
    if (ADMIN_SCREENS) {
      try {
        adminScreens = await measureAdminScreens(edge, say)
      } catch (error) {
        adminScreens = { error: error instanceof Error ? error.message : String(error) }
        say(`admin screens: FAILED: ${adminScreens.error}`)
      }
      sample("admin screens")
    } else {
      say("admin screens: skipped (BENCH_ADMIN=0)")
    }
    await setStock(stack.url, cookie, productId, AMPLE_STOCK)
    // each order its own phone, Idempotency-Key and client address (scripts/bench/million.ts)
    const orderLoad = {
      url: orderUrl,
      method: "POST",
      body: orderBody(productId),
      headers: jsonHeaders,
      eachRequest: landingOrderRequests(productId, SLUG),
      connections: ORDER_CONNECTIONS,
      duration: ORDER_DURATION,
    }
    const orders = await measure(`landing COD order at ${BASE_ORDERS.toLocaleString("en")} orders`, orderLoad, { name: "B1", figure: B1, orders: true })
    sample("order placement")
    say(`flash sale: stock ${FLASH_STOCK}, ${FLASH_ATTEMPTS} attempts, ${FLASH_CONNECTIONS} at a time...`)
    const flash = await flashSale(stack.urls, cookie, productId)
    say(`flash sale: ${flash.right ? "right" : "WRONG"} ${JSON.stringify(flash.statusCodes)}, errors ${flash.errors}, stock after ${flash.stockAfter}`)
    sample("flash sale")
    // the same order load on ORDERS_AT_SCALE orders (after the flash sale, which keeps its figures on the small history)
    await setStock(stack.url, cookie, productId, AMPLE_STOCK)
    const atScale = await ordersAtScale({
      databaseUrl: stack.databaseUrl,
      total: ORDERS_AT_SCALE,
      log: say,
      landingSlug: SLUG,
      measureOrders: (name) => measure(name, orderLoad, { name: "B1", figure: B1, orders: true }),
    })
    sample(`${ORDERS_AT_SCALE.toLocaleString("en")} orders`)

    console.log("")
    printTable([
      ...figures.map((f) => ({
        figure: f.name,
        conns: f.connections,
        "req/s": f.rps,
        "orders/s": f.statusCodes["201"] ? (f.ordersPerSecond ?? 0) : "-",
        "p50 ms": f.p50,
        "p95 ms": f.p95,
        "p97.5 ms": f.p97_5,
        "p99 ms": f.p99,
        errors: f.errors,
        non2xx: f.non2xx + f.mismatches,
        codes: Object.entries(f.statusCodes).map(([k, v]) => `${k}x${v}`).join(" "),
        ratio: f.ratio !== undefined ? `${f.ratio} x ${f.baseline}` : "-",
      })),
      {
        figure: "flash sale (refusals)",
        conns: FLASH_CONNECTIONS,
        "req/s": flash.attemptsPerSecond,
        "orders/s": "-",
        "p50 ms": flash.refused.p50,
        "p95 ms": flash.refused.p95,
        "p97.5 ms": "-",
        "p99 ms": flash.refused.p99,
        errors: flash.errors,
        non2xx: Object.entries(flash.statusCodes).filter(([k]) => !k.startsWith("2")).reduce((n, [, v]) => n + v, 0),
        codes: Object.entries(flash.statusCodes).map(([k, v]) => `${k}x${v}`).join(" "),
        ratio: "-",
      },
    ])
    console.log(
      `\nflash sale: ${flash.attempts} attempts in ${flash.seconds} s (${flash.withinWindow ? "within" : "NOT within"} 10 s), ${JSON.stringify(flash.statusCodes)}, stock after ${flash.stockAfter}; ` +
        `accepted p50/p95/p99 ${flash.accepted.p50}/${flash.accepted.p95}/${flash.accepted.p99} ms, ` +
        `refused p50/p95/p99 ${flash.refused.p50}/${flash.refused.p95}/${flash.refused.p99} ms: ${flash.right ? "exactly right" : "NOT right"}`
    )
    if (lighthouse.length) {
      console.log("")
      printTable(
        lighthouse.map((l) => ({
          "lighthouse (mobile)": l.page,
          score: l.score ?? "-",
          "LCP ms": l.lcpMs ?? "-",
          "FCP ms": l.fcpMs ?? "-",
          "TBT ms": l.tbtMs ?? "-",
          CLS: l.cls ?? "-",
          "total KB": kb(l.totalBytes),
          "JS KB": kb(l.jsBytes),
          requests: l.requests ?? "-",
          "run scores": l.runs ? l.runs.map((r) => r.score ?? "x").join("/") : "-",
          error: l.error ? (l.error.length > 70 ? `${l.error.slice(0, 70)}...` : l.error) : "-",
        }))
      )
      console.log(`lighthouse ${lighthouse.find((l) => l.lighthouseVersion)?.lighthouseVersion ?? "?"}: the median of ${LIGHTHOUSE_RUNS} run${LIGHTHOUSE_RUNS === 1 ? "" : "s"} by score; KB transferred`)
    }
    if (typeof adminScreens === "object" && "screens" in adminScreens) {
      console.log("")
      printAdminScreens(adminScreens)
    }
    console.log("")
    printTable(
      memory.map((m) => ({
        "backend RSS after": m.after,
        MB: m.rssMB,
        processes: m.processes,
        ...(m.storefrontMB !== undefined ? { "storefront MB": m.storefrontMB } : {}),
      }))
    )
    const maxRss = Math.max(...memory.map((m) => m.rssMB))
    const lh = (page: string) => lighthouse.find((l) => l.page === page)
    const lhGoal = (page: string, goal: string, value: (l: Partial<LighthouseFigures>) => number | null | undefined, ok: (v: number) => boolean, unit = "") => {
      if (!LIGHTHOUSE) return { goal, actual: "skipped (BENCH_LIGHTHOUSE=0)", met: false, skipped: true }
      const l = lh(page)
      const v = l ? value(l) : undefined
      if (typeof v !== "number") return { goal, actual: l?.error ? `failed: ${l.error.split(":")[0].slice(0, 40)}` : "no figure", met: false }
      return { goal, actual: `${v}${unit}`, met: ok(v) }
    }
    const goals: { goal: string; actual: string; met: boolean; skipped?: boolean }[] = [
      { goal: `listing >= ${GOALS.listingRatio} x B0`, actual: `${listing.ratio} x B0`, met: (listing.ratio ?? 0) >= GOALS.listingRatio },
      { goal: `listing p97.5 <= ${GOALS.listingP97_5Ms} ms`, actual: `${listing.p97_5} ms`, met: listing.p97_5 <= GOALS.listingP97_5Ms },
      { goal: `landing read >= ${GOALS.landingRatio} x B0`, actual: `${landingRead.ratio} x B0`, met: (landingRead.ratio ?? 0) >= GOALS.landingRatio },
      { goal: `order placement >= ${GOALS.orderRatio} x B1`, actual: `${orders.ratio} x B1`, met: (orders.ratio ?? 0) >= GOALS.orderRatio },
      {
        goal: `landing COD order p95 <= ${GOALS.orderP95Ms} ms at ${ORDER_CONNECTIONS} connections (${BASE_ORDERS.toLocaleString("en")} orders)`,
        actual: `${orders.p95} ms`,
        met: orders.p95 <= GOALS.orderP95Ms,
      },
      {
        goal: `landing order p95 at ${ORDERS_AT_SCALE.toLocaleString("en")} orders <= ${GOALS.orderP95AtScaleRatio} x p95 at ${BASE_ORDERS.toLocaleString("en")}`,
        actual: `${atScale.figure.p95} ms vs ${orders.p95} ms (${orders.p95 > 0 ? round3(atScale.figure.p95 / orders.p95) : "-"} x)`,
        met: atScale.figure.p95 <= GOALS.orderP95AtScaleRatio * orders.p95 && allAnswered(orders) && allAnswered(atScale.figure),
      },
      {
        goal: "no sequential scan on the order path's queries",
        actual: atScale.plans.some((p) => p.seqScan) ? `seq scan in ${atScale.plans.filter((p) => p.seqScan).map((p) => p.name).join(", ")}` : "none",
        met: !atScale.plans.some((p) => p.seqScan),
      },
      { goal: "flash sale exactly right", actual: flash.right ? "right" : "wrong", met: flash.right },
      { goal: "flash: 1,000 attempts answered within 10 s", actual: `${flash.seconds} s`, met: flash.withinWindow },
      { goal: `flash refusals' p95 <= ${GOALS.flashRefusalP95Ms} ms`, actual: `${flash.refused.p95} ms`, met: flash.refused.p95 <= GOALS.flashRefusalP95Ms },
      { goal: `backend memory < ${GOALS.memoryMB} MB`, actual: `${maxRss} MB (max)`, met: maxRss < GOALS.memoryMB },
      {
        goal: `storefront landing HTML >= ${GOALS.edgeLandingHtmlRatio} x B0`,
        actual: `${edgeLandingHtml.ratio} x B0`,
        met: (edgeLandingHtml.ratio ?? 0) >= GOALS.edgeLandingHtmlRatio && allAnswered(edgeLandingHtml),
      },
      {
        goal: `storefront landing HTML p97.5 <= ${GOALS.edgeLandingHtmlP97_5Ms} ms`,
        actual: `${edgeLandingHtml.p97_5} ms`,
        met: edgeLandingHtml.p97_5 <= GOALS.edgeLandingHtmlP97_5Ms && allAnswered(edgeLandingHtml),
      },
      {
        goal: `storefront listing >= ${GOALS.edgeListingRatio} x B0`,
        actual: `${edgeListing.ratio} x B0`,
        met: (edgeListing.ratio ?? 0) >= GOALS.edgeListingRatio && allAnswered(edgeListing),
      },
      lhGoal("landing", `Lighthouse landing performance >= ${GOALS.lighthouseLandingScore}`, (l) => l.score, (v) => v >= GOALS.lighthouseLandingScore),
      lhGoal("landing", `Lighthouse landing LCP <= ${GOALS.lighthouseLandingLcpMs} ms`, (l) => l.lcpMs, (v) => v <= GOALS.lighthouseLandingLcpMs, " ms"),
      lhGoal("landing", `Lighthouse landing CLS <= ${GOALS.lighthouseLandingCls}`, (l) => l.cls, (v) => v <= GOALS.lighthouseLandingCls),
      lhGoal("product", `Lighthouse product performance >= ${GOALS.lighthouseProductScore}`, (l) => l.score, (v) => v >= GOALS.lighthouseProductScore),
      lhGoal("home", `Lighthouse home performance >= ${GOALS.lighthouseHomeScore}`, (l) => l.score, (v) => v >= GOALS.lighthouseHomeScore),
      adminGoal(adminScreens),
    ]
    const result = (g: { met: boolean; skipped?: boolean }) => (g.skipped ? "skipped" : met(g.met))
    console.log("")
    printTable(goals.map((g) => ({ goal: g.goal, actual: g.actual, result: result(g) })))
    const file = writeResults("bench", {
      benchmark: "npm run bench",
      date: new Date().toISOString(),
      seconds: round1((Date.now() - benchStarted) / 1000),
      figures,
      lighthouse: LIGHTHOUSE ? { runs: LIGHTHOUSE_RUNS, formFactor: "mobile", throttlingMethod: "simulate", pages: lighthouse } : "skipped",
      adminScreens,
      flash,
      orderHistory: { base: BASE_ORDERS, atScale: atScale.orders, seed: atScale.seed, plans: atScale.plans },
      memory,
      goals: goals.map((g) => ({ ...g, result: result(g) })),
    })
    console.log(`\nwritten to ${file} (${round1((Date.now() - benchStarted) / 1000)} s in all)`)
    return 0
  } finally {
    for (const b of baselines) await b.stop()
    await stack.stop()
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
)
