/**
 * The real stack the browser checks run against: builds what changed, starts
 * the fake couriers, the fake bKash and a fake SMS gateway, the backend (production mode) and the storefront server
 * on a fresh, seeded database, runs `check` with their addresses, and stops
 * everything. Used by scripts/e2e.ts and scripts/starter-check/run.ts.
 */
import { randomBytes } from "node:crypto"
import { bkashEnv, FakeBkash } from "../../backend/integration-tests/utils/fake-bkash"
import { FakeCouriers, PATHAO_ACCOUNT, STEADFAST_KEYS } from "../../backend/integration-tests/utils/fake-couriers"
import { FakeSmsGateways, smsEnv } from "../../backend/integration-tests/utils/fake-sms"
import { recreateDatabase, withDatabase } from "./postgres"
import {
  backendEnv,
  buildBackend,
  freePort,
  buildStorefront,
  migrate,
  readPublishableKey,
  seed,
  startBackend,
  startStorefront,
  stopService,
  type Service,
} from "./stack"
import { openTestDatabase, type TestDatabase } from "./test-db"

export type TestStack = {
  publicUrl: string
  backendUrl: string
  publishableKey: string
  /** the fake SMS gateway: GET {smsUrl}/__sent?to=8801... lists the texts it took (a test reads a code there) */
  smsUrl: string
  /** the stack's database (a test ages a phone code there instead of waiting minutes) */
  databaseUrl: string
}

const quiet = process.env.E2E_VERBOSE ? (line: string) => console.log(line) : () => undefined

export async function withTestStack(
  database: string,
  check: (stack: TestStack) => Promise<number>,
  say: (line: string) => void = (line) => console.log(`[e2e] ${line}`),
  /** the PostgreSQL server several stacks share (left running); by default one opened and stopped here */
  server?: TestDatabase
): Promise<number> {
  const db = server ?? (await openTestDatabase())
  const services: Service[] = []
  // the couriers' merchant APIs (Steadfast, Pathao) at the network edge: admin-courier.spec books parcels with them
  const couriers = new FakeCouriers()
  let couriersUp = false
  // bKash's Tokenized Checkout with its payment page: bkash.spec pays through it
  const bkash = new FakeBkash()
  let bkashUp = false
  // SSL Wireless's SMS Plus: every order's text messages go to it (admin-sms.spec reads them in the order dialog)
  const sms = new FakeSmsGateways()
  let smsUp = false
  const cleanup = async () => {
    for (const s of [...services].reverse()) await stopService(s)
    if (couriersUp) {
      couriersUp = false
      await couriers.stop()
    }
    if (bkashUp) {
      bkashUp = false
      await bkash.stop()
    }
    if (smsUp) {
      smsUp = false
      await sms.stop()
    }
    if (!server) await db.stop()
  }
  process.on("SIGINT", () => void cleanup().then(() => process.exit(130)))
  process.on("SIGTERM", () => void cleanup().then(() => process.exit(143)))
  try {
    await recreateDatabase(db.serverUrl, database)
    const databaseUrl = withDatabase(db.serverUrl, database)
    const [backendPort, storefrontPort] = [await freePort(), await freePort()]
    const publicUrl = `http://localhost:${storefrontPort}`
    // the storefront counts landing views and caches public reads with the backend's leave
    const edgeSecret = randomBytes(32).toString("hex")
    const couriersUrl = await couriers.start()
    couriersUp = true
    const bkashUrl = await bkash.start()
    bkashUp = true
    const smsUrl = await sms.start()
    smsUp = true
    const env = backendEnv({
      databaseUrl,
      extra: {
        JWT_SECRET: randomBytes(32).toString("hex"),
        COOKIE_SECRET: randomBytes(32).toString("hex"),
        PUBLIC_URL: publicUrl,
        EDGE_SECRET: edgeSecret,
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
        DRAFT_SAVE_LIMIT_PER_ADDRESS: "1000000",
        CART_LIMIT_PER_ADDRESS: "1000000",
        LINE_ITEM_LIMIT_PER_ADDRESS: "1000000",
        // text messages: the specs reuse a few phones; phone codes all come from this one address
        SMS_LIMIT_PER_PHONE: "1000000",
        PHONE_CODE_LIMIT_PER_ADDRESS: "1000000",
        PHONE_CODE_TRIES_PER_ADDRESS: "1000000",
        // the browser checks sign in and register again and again: scrypt's cost 10, not 15 (backend/src/lib/password-hash.ts)
        PASSWORD_HASH_COST: "10",
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
        ...bkashEnv(bkashUrl),
        ...smsEnv(smsUrl, "sslwireless"),
        SMS_PART_COST: "0.35",
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
      edgeSecret,
      publicUrl,
    })
    services.push(storefront)
    say(`storefront ${publicUrl}, backend ${backend.url}`)
    return await check({
      publicUrl,
      backendUrl: backend.url,
      publishableKey: await readPublishableKey(databaseUrl),
      smsUrl,
      databaseUrl,
    })
  } finally {
    await cleanup()
  }
}
