/**
 * Browser tests: builds what changed, starts the real stack (backend in
 * production mode and the storefront server) on a fresh, seeded database, then
 * runs Playwright in Debian's Chromium against it, and stops everything.
 *
 *   tsx scripts/e2e.ts [playwright args...]
 * The database server comes from scripts/lib/test-db.ts (embedded by default).
 */
import { randomBytes } from "node:crypto"
import path from "node:path"
import { recreateDatabase, withDatabase } from "./lib/postgres"
import {
  backendEnv,
  buildBackend,
  freePort,
  buildStorefront,
  migrate,
  readPublishableKey,
  ROOT,
  run,
  seed,
  startBackend,
  startStorefront,
  stopService,
  type Service,
} from "./lib/stack"
import { openTestDatabase } from "./lib/test-db"
import { FakeCouriers, PATHAO_ACCOUNT, STEADFAST_KEYS } from "../backend/integration-tests/utils/fake-couriers"

const quiet = process.env.E2E_VERBOSE ? (line: string) => console.log(line) : () => undefined
const say = (line: string) => console.log(`[e2e] ${line}`)

async function main(): Promise<number> {
  const db = await openTestDatabase()
  const services: Service[] = []
  // the couriers' merchant APIs (Steadfast, Pathao) at the network edge: admin-courier.spec books parcels with them
  const couriers = new FakeCouriers()
  let couriersUp = false
  const cleanup = async () => {
    for (const s of [...services].reverse()) await stopService(s)
    if (couriersUp) {
      couriersUp = false
      await couriers.stop()
    }
    await db.stop()
  }
  process.on("SIGINT", () => void cleanup().then(() => process.exit(130)))
  process.on("SIGTERM", () => void cleanup().then(() => process.exit(143)))
  try {
    const database = "shop_e2e"
    await recreateDatabase(db.serverUrl, database)
    const databaseUrl = withDatabase(db.serverUrl, database)
    const [backendPort, storefrontPort] = [await freePort(), await freePort()]
    const publicUrl = `http://localhost:${storefrontPort}`
    const couriersUrl = await couriers.start()
    couriersUp = true
    const env = backendEnv({
      databaseUrl,
      extra: {
        JWT_SECRET: randomBytes(32).toString("hex"),
        COOKIE_SECRET: randomBytes(32).toString("hex"),
        PUBLIC_URL: publicUrl,
        COOKIE_SECURE: "false",
        TRUST_PROXY: "loopback",
        // every spec orders, registers and signs in from this machine's one address and a few phones
        // (the per-email login limit stays the shop's default: security.spec guesses against it)
        LOGIN_LIMIT_PER_ADDRESS: "1000000",
        ORDER_LIMIT_PER_PHONE: "1000000",
        ORDER_LIMIT_PER_ADDRESS: "1000000",
        REGISTER_LIMIT_PER_ADDRESS: "1000000",
        DRAFT_LIMIT_PER_ADDRESS: "1000000",
        DRAFT_LIMIT_PER_PHONE: "1000000",
        ADMIN_EMAIL: "admin@shop.local",
        ADMIN_PASSWORD: "admin12345",
        STEADFAST_BASE_URL: `${couriersUrl}/steadfast/api/v1`,
        STEADFAST_API_KEY: STEADFAST_KEYS.apiKey,
        STEADFAST_SECRET_KEY: STEADFAST_KEYS.secretKey,
        STEADFAST_WEBHOOK_TOKEN: randomBytes(16).toString("hex"),
        PATHAO_BASE_URL: `${couriersUrl}/pathao`,
        PATHAO_CLIENT_ID: PATHAO_ACCOUNT.clientId,
        PATHAO_CLIENT_SECRET: PATHAO_ACCOUNT.clientSecret,
        PATHAO_USERNAME: PATHAO_ACCOUNT.username,
        PATHAO_PASSWORD: PATHAO_ACCOUNT.password,
        PATHAO_STORE_ID: PATHAO_ACCOUNT.storeId,
        PATHAO_WEBHOOK_SECRET: randomBytes(16).toString("hex"),
      },
    })
    say("building what changed...")
    await Promise.all([buildBackend(say), buildStorefront(say)])
    say("migrating and seeding a fresh database...")
    await migrate(env, quiet)
    await seed(env, quiet)
    const backend = await startBackend({ env, port: backendPort, log: quiet })
    services.push(backend)
    const storefront = await startStorefront({
      port: storefrontPort,
      backendUrl: backend.url,
      publishableKey: await readPublishableKey(databaseUrl),
      log: quiet,
    })
    services.push(storefront)
    say(`storefront ${publicUrl}, backend ${backend.url}`)
    try {
      await run(
        path.join(ROOT, "node_modules", ".bin", "playwright"),
        ["test", "--config", path.join(ROOT, "storefront", "e2e", "playwright.config.ts"), ...process.argv.slice(2)],
        {
          cwd: ROOT,
          env: { E2E_BASE_URL: publicUrl, E2E_BACKEND_URL: backend.url },
          log: (line) => console.log(line),
          label: "playwright",
        }
      )
      return 0
    } catch {
      return 1
    }
  } finally {
    await cleanup()
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
)
