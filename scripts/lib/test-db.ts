import path from "node:path"
import { splitDatabaseUrl, startEmbeddedPostgres, testRunnerEnv } from "./postgres"
import { ROOT } from "./stack"

export type TestDatabase = {
  serverUrl: string
  env: Record<string, string>
  stop: () => Promise<void>
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
    dataDir: path.join(ROOT, ".data", "postgres-test"),
    port: Number(process.env.EMBEDDED_PG_TEST_PORT || 54330),
    durable: false,
  })
  return { serverUrl: db.serverUrl, env: { ...base, ...testRunnerEnv(db.serverUrl) }, stop: db.stop }
}
