/**
 * Runs a command with a PostgreSQL for tests, in the DB_* variables Medusa's
 * test runner reads: DB_HOST's when set, else DATABASE_URL's server, else an
 * embedded PostgreSQL started for the run (data in memory when there is room,
 * else in .data/postgres-test, apart from `npm start`'s; lib/test-db.ts) and stopped after it.
 *
 *   tsx scripts/with-test-db.ts <command> [args...]
 */
import { spawn } from "node:child_process"
import { openTestDatabase } from "./lib/test-db"

const [command, ...args] = process.argv.slice(2)
if (!command) {
  console.error("usage: with-test-db <command> [args...]")
  process.exit(2)
}

const db = await openTestDatabase()
const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...db.env } })
const forward = (signal: NodeJS.Signals) => child.kill(signal)
process.on("SIGINT", forward)
process.on("SIGTERM", forward)
child.on("exit", async (code, signal) => {
  await db.stop()
  process.exit(code ?? (signal ? 1 : 0))
})
