/**
 * Browser tests: builds what changed, starts the real stack (backend in
 * production mode and the storefront server) on a fresh, seeded database, then
 * runs Playwright in Debian's Chromium against it, and stops everything.
 *
 *   tsx scripts/e2e.ts [playwright args...]
 *
 * The whole set runs as two shards side by side (E2E_SHARDS, default 2; 1 when
 * files or a --shard of one's own are named): each shard its own stack and
 * database, so no test sees another shard's orders or settings, and Playwright's
 * `--shard=i/n` gives each about half the test files. One Playwright run with one
 * stack left about half of both cores idle, waiting on the browser and the servers.
 * With PLAYWRIGHT_JSON_OUTPUT_NAME the shards' JSON reports are merged into that file.
 *
 * The database server comes from scripts/lib/test-db.ts (embedded by default), one for
 * every shard; the databases are E2E_DATABASE (default shop_e2e), then E2E_DATABASE_2...,
 * so two checkouts can run side by side.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import path from "node:path"
import { buildBackend, buildStorefront, ROOT, run } from "./lib/stack"
import { openTestDatabase, type TestDatabase } from "./lib/test-db"
import { withTestStack } from "./lib/test-stack"

const args = process.argv.slice(2)
const named = args.some((a) => !a.startsWith("-") || a.startsWith("--shard"))
const shards = Math.max(1, Math.floor(Number(process.env.E2E_SHARDS || (named ? 1 : 2))) || 1)
const database = process.env.E2E_DATABASE || "shop_e2e"
const jsonOutput = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME

/** Runs shard `index` (0-based) on a stack of its own; resolves to its exit code. */
function shard(index: number, server: TestDatabase): Promise<number> {
  const tag = shards > 1 ? `[${index + 1}/${shards}] ` : ""
  const say = (line: string) => console.log(`[e2e] ${tag}${line}`)
  const json = jsonOutput && shards > 1 ? `${jsonOutput}.shard-${index + 1}` : jsonOutput
  return withTestStack(
    index === 0 ? database : `${database}_${index + 1}`,
    async ({ publicUrl, backendUrl, smsUrl, databaseUrl }) => {
      try {
        await run(
          path.join(ROOT, "node_modules", ".bin", "playwright"),
          [
            "test",
            "--config",
            path.join(ROOT, "storefront", "e2e", "playwright.config.ts"),
            ...(shards > 1 ? [`--shard=${index + 1}/${shards}`] : []),
            ...args,
          ],
          {
            cwd: ROOT,
            env: {
              E2E_BASE_URL: publicUrl,
              E2E_BACKEND_URL: backendUrl,
              E2E_SMS_URL: smsUrl,
              E2E_DATABASE_URL: databaseUrl,
              // Playwright empties its output folder as it starts: one for each shard
              ...(shards > 1 ? { E2E_OUTPUT_DIR: path.join(ROOT, "test-results", `e2e-${index + 1}`) } : {}),
              ...(json ? { PLAYWRIGHT_JSON_OUTPUT_NAME: json } : {}),
            },
            log: (line) => console.log(`${tag}${line}`),
            label: "playwright",
          }
        )
        return 0
      } catch {
        return 1
      }
    },
    say,
    server
  )
}

type Report = {
  suites?: unknown[]
  errors?: unknown[]
  stats?: { expected: number; unexpected: number; flaky: number; skipped: number; duration: number }
}

/** One report of the shards' reports, as one Playwright run writes it: their suites and their summed counts. */
function mergeReports(files: string[], into: string): void {
  const reports = files.filter((f) => existsSync(f)).map((f) => JSON.parse(readFileSync(f, "utf8")) as Report)
  for (const f of files) rmSync(f, { force: true })
  if (reports.length < files.length) {
    // a shard that wrote nothing broke: no report, so the runner counts the suite as broken
    rmSync(into, { force: true })
    return
  }
  const sum = (key: "expected" | "unexpected" | "flaky" | "skipped") =>
    reports.reduce((n, r) => n + (r.stats?.[key] ?? 0), 0)
  const merged = {
    ...reports[0],
    suites: reports.flatMap((r) => r.suites ?? []),
    errors: reports.flatMap((r) => r.errors ?? []),
    stats: {
      ...reports[0].stats,
      expected: sum("expected"),
      unexpected: sum("unexpected"),
      flaky: sum("flaky"),
      skipped: sum("skipped"),
      duration: Math.max(...reports.map((r) => r.stats?.duration ?? 0)),
    },
  }
  writeFileSync(into, JSON.stringify(merged))
}

async function main(): Promise<number> {
  const server = await openTestDatabase()
  try {
    if (shards > 1) {
      // the stacks start from the same builds: made once, before them
      const say = (line: string) => console.log(`[e2e] ${line}`)
      await Promise.all([buildBackend(say), buildStorefront(say)])
    }
    const codes = await Promise.all(Array.from({ length: shards }, (_, i) => shard(i, server)))
    if (jsonOutput && shards > 1) {
      mergeReports(
        codes.map((_, i) => `${jsonOutput}.shard-${i + 1}`),
        jsonOutput
      )
    }
    return codes.some((c) => c !== 0) ? 1 : 0
  } finally {
    await server.stop()
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
)
