import { createHash } from "node:crypto"
import { statfsSync } from "node:fs"
import path from "node:path"
import { splitDatabaseUrl, startEmbeddedPostgres, testRunnerEnv } from "./postgres"
import { ROOT } from "./stack"

export type TestDatabase = {
  serverUrl: string
  env: Record<string, string>
  stop: () => Promise<void>
}

/** Memory file systems whose free space, past this, may hold the test cluster. */
const MEMORY_DIRS = ["/dev/shm"]
const MEMORY_FREE_BYTES = 4 * 1024 ** 3
const TMPFS_MAGIC = 0x01021994

/**
 * Where the tests' embedded cluster lives: in memory (/dev/shm, one folder per
 * checkout) when there is room, else .data/postgres-test. Every test database
 * is made and dropped from a template, and Medusa's runner copies each spec's
 * database before every test: on a disk (ext4 with online discard here) each
 * drop trims a thousand files, and the backend suite spent as much CPU in the
 * kernel as in Node (orders.spec.ts: 44 s on the disk, 26 s in memory). The
 * cluster holds nothing worth keeping: a reboot only costs the next run its
 * template (about 10 s).
 */
export function testClusterDir(): string {
  for (const dir of MEMORY_DIRS) {
    try {
      const fs = statfsSync(dir)
      if (fs.type === TMPFS_MAGIC && fs.bavail * fs.bsize >= MEMORY_FREE_BYTES) {
        const checkout = createHash("sha256").update(ROOT).digest("hex").slice(0, 12)
        return path.join(dir, `bd-shop-postgres-test-${checkout}`)
      }
    } catch {
      // no such file system here
    }
  }
  return path.join(ROOT, ".data", "postgres-test")
}

/** The PostgreSQL server tests use (see scripts/with-test-db.ts). */
export async function openTestDatabase(): Promise<TestDatabase> {
  const base = { MEDUSA_DISABLE_TELEMETRY: "true" }
  if (process.env.DB_HOST) {
    const user = encodeURIComponent(process.env.DB_USERNAME || "postgres")
    const password = process.env.DB_PASSWORD ? `:${encodeURIComponent(process.env.DB_PASSWORD)}` : ""
    const serverUrl = `postgres://${user}${password}@${process.env.DB_HOST}:${process.env.DB_PORT || 5432}/`
    return {
      serverUrl,
      // Medusa's runner needs a user name, and turns SSL on for any host but "localhost"
      env: { ...base, ...testRunnerEnv(serverUrl) },
      stop: async () => undefined,
    }
  }
  if (process.env.DATABASE_URL) {
    const { serverUrl } = splitDatabaseUrl(process.env.DATABASE_URL)
    return { serverUrl, env: { ...base, ...testRunnerEnv(serverUrl) }, stop: async () => undefined }
  }
  const db = await startEmbeddedPostgres({
    dataDir: process.env.EMBEDDED_PG_TEST_DIR || testClusterDir(),
    port: Number(process.env.EMBEDDED_PG_TEST_PORT || 54330),
    durable: false,
  })
  return { serverUrl: db.serverUrl, env: { ...base, ...testRunnerEnv(db.serverUrl) }, stop: db.stop }
}
