/**
 * Pieces every benchmark shares: the real stack on a fresh database (backend
 * built as it ships, in production mode, on a free loopback port), a signed-in
 * session, optionally the storefront server in front of the backend, an
 * autocannon run reduced to the figures we compare, a table on the
 * console and the same figures as JSON under bench-results/ (git-ignored).
 *
 * The database server: DB_HOST's or DATABASE_URL's as for the tests
 * (scripts/lib/test-db.ts), else an embedded PostgreSQL of the benchmarks' own
 * (data in .data/postgres-bench, so a bench can run while tests hold theirs).
 */
import { randomBytes } from "node:crypto"
import { mkdirSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import path from "node:path"
import { recreateDatabase, startEmbeddedPostgres, withDatabase } from "../lib/postgres"
import {
  backendEnv,
  buildBackend,
  buildStorefront,
  freePort,
  migrate,
  readPublishableKey,
  ROOT,
  seed,
  startBackend,
  startStorefront,
  stopService,
  type Log,
  type Service,
} from "../lib/stack"
import { openTestDatabase, type TestDatabase } from "../lib/test-db"
import { startTlsFront, type TlsFront } from "./tls-front"

export const RESULTS_DIR = path.join(ROOT, "bench-results")

/** The seeded admin a bench signs in as (passed to the backend like scripts/e2e.ts does). */
export const BENCH_ADMIN = {
  email: process.env.ADMIN_EMAIL || "admin@shop.local",
  password: process.env.ADMIN_PASSWORD || "admin12345",
}

/** The PostgreSQL server benches use (see the top of this file). */
export async function openBenchDatabase(): Promise<Pick<TestDatabase, "serverUrl" | "stop">> {
  if (process.env.DB_HOST || process.env.DATABASE_URL) return openTestDatabase()
  const db = await startEmbeddedPostgres({
    dataDir: path.join(ROOT, ".data", "postgres-bench"),
    port: Number(process.env.EMBEDDED_PG_BENCH_PORT) || (await freePort()),
  })
  return { serverUrl: db.serverUrl, stop: db.stop }
}

export type BenchStack = {
  /** http://127.0.0.1:<port> of the (first) backend. */
  url: string
  /** Every backend's URL (one unless `servers` asked for more). */
  urls: string[]
  databaseUrl: string
  /** Each backend's process id (each leads its own process group). */
  backendPids: number[]
  /** http://127.0.0.1:<port> of the storefront server (proxying to the first backend), when asked for. */
  storefrontUrl?: string
  /** The storefront server's process id (it leads its own process group), when asked for. */
  storefrontPid?: number
  /**
   * The shop as shoppers reach it, with a storefront: https://127.0.0.1:<port>
   * of the TLS front (HTTP/2, tls-front.ts) before the storefront server, the
   * shop's PUBLIC_URL. `edgeSpki` is its certificate's key hash, for Chromium.
   */
  edgeUrl?: string
  edgeSpki?: string
  stop: () => Promise<void>
}

/**
 * Builds the backend if its sources changed, recreates `database`, migrates and
 * seeds it, lets `prepare` add data straight in the database, then starts the
 * backend in production mode: `servers` processes on ports of their own sharing
 * the database and, for more than one, the Redis of REDIS_URL (sessions, events,
 * workflow engine, locks). With `storefront`, also builds the storefront if it
 * changed and starts its server (production mode) in front of the first
 * backend. Backend and storefront share a random EDGE_SECRET. `stop` ends the
 * servers and an embedded database; SIGINT and SIGTERM do the same before exiting.
 */
export async function startBenchStack(opts: {
  database: string
  log: Log
  /** How many backend processes (default 1; more need REDIS_URL). */
  servers?: number
  /** Extra data, written after the seed and before the backend starts. */
  prepare?: (databaseUrl: string) => Promise<void>
  /** Also start the storefront server in front of the (first) backend. */
  storefront?: boolean
  quiet?: Log
}): Promise<BenchStack> {
  const quiet = opts.quiet ?? (process.env.BENCH_VERBOSE ? opts.log : () => undefined)
  const servers = opts.servers ?? 1
  if (!Number.isInteger(servers) || servers < 1) throw new Error("servers takes a whole number >= 1")
  if (servers > 1 && !process.env.REDIS_URL) {
    throw new Error(
      `${servers} servers share sessions, events, workflows and locks through Redis: set REDIS_URL (e.g. redis://127.0.0.1:6379)`
    )
  }
  const db = await openBenchDatabase()
  const services: Service[] = []
  let front: TlsFront | undefined
  let stopped = false
  const stop = async () => {
    if (stopped) return
    stopped = true
    await front?.stop()
    for (const s of [...services].reverse()) await stopService(s)
    await db.stop()
  }
  const onSignal = (code: number) => () => void stop().then(() => process.exit(code))
  process.once("SIGINT", onSignal(130))
  process.once("SIGTERM", onSignal(143))
  try {
    await recreateDatabase(db.serverUrl, opts.database)
    const databaseUrl = withDatabase(db.serverUrl, opts.database)
    // the storefront server (the edge) proves itself to the backend with it
    const edgeSecret = randomBytes(32).toString("hex")
    // with a storefront, shoppers reach the shop through it, as with `npm start`: its address is
    // PUBLIC_URL, so the pictures' URLs are the page's own origin (/static proxied to the backend)
    const storefrontPort = opts.storefront ? await freePort() : undefined
    // ... through the TLS front a production shop has before its storefront server (HTTPS, HTTP/2)
    front = storefrontPort ? await startTlsFront(`http://127.0.0.1:${storefrontPort}`) : undefined
    const publicUrl = front?.url
    const env = backendEnv({
      databaseUrl,
      extra: {
        JWT_SECRET: randomBytes(32).toString("hex"),
        COOKIE_SECRET: randomBytes(32).toString("hex"),
        COOKIE_SECURE: "false",
        TRUST_PROXY: "loopback",
        // the flash sale comes from one address and one phone, the order load from one machine: the abuse limits would refuse them
        ORDER_LIMIT_PER_PHONE: "1000000000",
        ORDER_LIMIT_PER_ADDRESS: "1000000000",
        REGISTER_LIMIT_PER_ADDRESS: "1000000000",
        ADMIN_EMAIL: BENCH_ADMIN.email,
        ADMIN_PASSWORD: BENCH_ADMIN.password,
        LOG_LEVEL: process.env.LOG_LEVEL || "warn",
        EDGE_SECRET: edgeSecret,
        ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}),
      },
    })
    opts.log(`building the backend${opts.storefront ? " and the storefront" : ""} if they changed...`)
    await Promise.all([buildBackend(opts.log), ...(opts.storefront ? [buildStorefront(opts.log)] : [])])
    opts.log(`migrating and seeding database ${opts.database}...`)
    await migrate(env, quiet)
    await seed(env, quiet)
    if (opts.prepare) await opts.prepare(databaseUrl)
    const backends: Service[] = []
    for (let i = 0; i < servers; i++) {
      const backend = await startBackend({ env, port: await freePort(), log: quiet })
      services.push(backend)
      backends.push(backend)
      opts.log(`backend ${backend.url} (production build${process.env.REDIS_URL ? ", Redis modules" : ""})`)
    }
    let storefront: Service | undefined
    if (storefrontPort) {
      const port = storefrontPort
      storefront = await startStorefront({
        port,
        backendUrl: backends[0].url,
        publishableKey: await readPublishableKey(databaseUrl),
        edgeSecret,
        publicUrl,
        log: quiet,
      })
      services.push(storefront)
      opts.log(`storefront ${storefront.url} (production build, in front of ${backends[0].url})`)
    }
    return {
      url: backends[0].url,
      urls: backends.map((b) => b.url),
      databaseUrl,
      backendPids: backends.map((b) => b.child.pid!),
      storefrontUrl: storefront?.url,
      storefrontPid: storefront?.child.pid,
      edgeUrl: front?.url,
      edgeSpki: front?.spki,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/** Signs in through POST /api/auth/login; returns the `connect.sid=...` cookie. */
export async function login(baseUrl: string, credentials = BENCH_ADMIN): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(credentials),
  })
  if (res.status !== 200) {
    throw new Error(`login as ${credentials.email} failed: ${res.status} ${await res.text()}`)
  }
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("connect.sid="))
  if (!cookie) throw new Error("login answered no session cookie")
  return cookie.split(";")[0]
}

// autocannon ships no types: the little of its API used here.
type AutocannonResult = {
  duration: number
  errors: number
  timeouts: number
  non2xx: number
  mismatches: number
  statusCodeStats: Record<string, { count: number }>
}
type AutocannonInstance = {
  on(event: "response", fn: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): void
  then: Promise<AutocannonResult>["then"]
}
type AutocannonOptions = {
  url: string
  connections: number
  duration?: number
  amount?: number
  timeout?: number
  method?: string
  body?: string
  headers?: Record<string, string>
  verifyBody?: (body: string) => boolean
  requests?: { setupRequest: (request: AutocannonRequest) => AutocannonRequest }[]
}
type AutocannonRequest = { method: string; path: string; headers: Record<string, string>; body?: string | Buffer }
const autocannon = createRequire(import.meta.url)("autocannon") as (opts: AutocannonOptions) => AutocannonInstance

export type LoadResult = {
  requests: number
  /** completed responses per second */
  rps: number
  /** latency percentiles in milliseconds, over every response */
  p50: number
  p95: number
  p97_5: number
  p99: number
  /** how long the run took, in seconds */
  seconds: number
  /** connection errors and timeouts */
  errors: number
  non2xx: number
  /** answers verifyBody refused */
  mismatches: number
  statusCodes: Record<string, number>
}

/** The q-th percentile (0..100) of sorted numbers, nearest rank. */
export function percentile(sorted: number[], q: number): number {
  if (!sorted.length) return 0
  const rank = Math.ceil((q / 100) * sorted.length)
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]
}

const round1 = (n: number) => Math.round(n * 10) / 10

/** An autocannon setupRequest that gives each request what `each` answers. */
function withEach(each: () => { body?: string; headers?: Record<string, string> }) {
  return (request: AutocannonRequest): AutocannonRequest => {
    const mine = each()
    return {
      ...request,
      headers: { ...request.headers, ...mine.headers },
      ...(mine.body !== undefined ? { body: mine.body } : {}),
    }
  }
}

/**
 * One autocannon run over loopback, bounded by `duration` seconds or `amount`
 * requests. autocannon's own histogram has no p95, so every response time is
 * kept and the percentiles are taken from them.
 */
export async function runLoad(opts: {
  url: string
  connections?: number
  duration?: number
  amount?: number
  method?: string
  body?: string
  headers?: Record<string, string>
  verifyBody?: (body: string) => boolean
  /**
   * Called before every request: the body it answers replaces `body`, its
   * headers are added to `headers` (e.g. a phone and an Idempotency-Key of
   * the request's own).
   */
  eachRequest?: () => { body?: string; headers?: Record<string, string> }
}): Promise<LoadResult> {
  const host = new URL(opts.url).hostname
  if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(host)) {
    throw new Error(`benchmarks run over loopback only, not ${host}`)
  }
  const times: number[] = []
  const instance = autocannon({
    url: opts.url,
    connections: opts.connections ?? 10,
    ...(opts.amount ? { amount: opts.amount } : { duration: opts.duration ?? 10 }),
    timeout: 30,
    ...(opts.method ? { method: opts.method } : {}),
    ...(opts.body !== undefined ? { body: opts.body } : {}),
    headers: opts.headers,
    verifyBody: opts.verifyBody,
    ...(opts.eachRequest ? { requests: [{ setupRequest: withEach(opts.eachRequest) }] } : {}),
  })
  instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime))
  const result = await instance
  times.sort((a, b) => a - b)
  return {
    requests: times.length,
    rps: round1(times.length / Math.max(result.duration, 0.001)),
    p50: round1(percentile(times, 50)),
    p95: round1(percentile(times, 95)),
    p97_5: round1(percentile(times, 97.5)),
    p99: round1(percentile(times, 99)),
    seconds: round1(result.duration),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    mismatches: result.mismatches,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, Number(s.count)])),
  }
}

/** True when every answer was a 200 that passed verifyBody, with no error. */
export function allOk(result: LoadResult): boolean {
  const codes = Object.keys(result.statusCodes)
  return (
    result.requests > 0 &&
    result.errors === 0 &&
    result.non2xx === 0 &&
    result.mismatches === 0 &&
    codes.length === 1 &&
    codes[0] === "200"
  )
}

/** A plain-text table: one line per row, columns padded (numbers to the right). */
export function formatTable(rows: Record<string, string | number | boolean>[]): string {
  if (!rows.length) return "(no rows)"
  const columns = Object.keys(rows[0])
  const cell = (v: string | number | boolean) => String(v)
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)))
  const line = (values: (string | number | boolean)[]) =>
    values
      .map((v, i) => (typeof v === "number" ? cell(v).padStart(widths[i]) : cell(v).padEnd(widths[i])))
      .join("  ")
      .trimEnd()
  return [
    line(columns),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...rows.map((r) => line(columns.map((c) => r[c]))),
  ].join("\n")
}

export function printTable(rows: Record<string, string | number | boolean>[]): void {
  console.log(formatTable(rows))
}

/** Writes bench-results/<name>.json; returns its path. */
export function writeResults(name: string, data: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true })
  const file = path.join(RESULTS_DIR, `${name}.json`)
  writeFileSync(file, JSON.stringify(data, null, 2) + "\n")
  return file
}

/** The 12-megapixel phone photo the picture tests upload (scenarios/photos.ts uploads the same). */
export { makePhonePhoto } from "../../backend/integration-tests/utils/phone-photo"
export { renderDispatchPdf, type PrintOrder } from "../../backend/src/lib/dispatch-pdf"

/** Ends a bench script with its exit code, or 1 and the error's message when it threw. */
export function exitWith(run: Promise<number>): void {
  run.then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    }
  )
}
