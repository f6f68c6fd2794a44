/**
 * `npm test`: every test of the repository against real services, one suite
 * after another, then one closing line `N passed, M failed` summed over all
 * runners. Exits non-zero when anything failed or a runner broke.
 *
 *   0. lint     - ESLint (npm run lint): rules, import boundaries, no cycles; first, before PostgreSQL starts
 *   1. scripts  - node's test runner: start-up helpers, embedded PostgreSQL, deployment files
 *   2. backend  - Jest + Medusa's integration runner, HTTP against a real PostgreSQL
 *   3. storefront - Vitest (components, hooks, storefront server)
 *   4. e2e      - Playwright in Debian's Chromium against the running stack
 *
 * PostgreSQL: DB_HOST / DATABASE_URL when set, else one embedded server for the run.
 */
import { spawn } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { ROOT } from "./lib/stack"
import { openTestDatabase } from "./lib/test-db"

type Counts = { passed: number; failed: number; skipped: number }
type Result = { name: string; code: number; counts: Counts | null; seconds: number }
type Suite = {
  name: string
  command: string
  args: string[]
  cwd: string
  env?: NodeJS.ProcessEnv
  /** Reads the counts the runner wrote (or derives them from its exit code); null when it wrote none. */
  counts: (code: number) => Counts | null
}

const only = new Set(process.argv.slice(2))
const work = mkdtempSync(path.join(tmpdir(), "shop-test-"))
const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name)
const readJson = (file: string) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null)

function exec(suite: Suite): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(suite.command, suite.args, {
      cwd: suite.cwd,
      stdio: "inherit",
      env: { ...process.env, ...suite.env },
    })
    child.on("error", () => resolve(127))
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

/** ESLint over the repository: one check, passed or failed by its exit code (2: ESLint itself broke). */
const lint: Suite = {
  name: "lint",
  command: bin("eslint"),
  args: ["."],
  cwd: ROOT,
  counts: (code) =>
    code === 0 ? { passed: 1, failed: 0, skipped: 0 } : code === 1 ? { passed: 0, failed: 1, skipped: 0 } : null,
}

async function main() {
  const wanted = (name: string) => !only.size || only.has(name)
  const results: Result[] = []
  const run = async (suite: Suite) => {
    console.log(`\n=== ${suite.name} ===\n`)
    const started = Date.now()
    const code = await exec(suite)
    results.push({ name: suite.name, code, counts: suite.counts(code), seconds: (Date.now() - started) / 1000 })
  }
  try {
    // Lint first: it is quick and needs no services.
    if (wanted(lint.name)) await run(lint)
    if (!only.size || [...only].some((name) => name !== lint.name)) await runWithDatabase(wanted, run)
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
  summarize(results)
}

async function runWithDatabase(wanted: (name: string) => boolean, run: (suite: Suite) => Promise<void>) {
  const db = await openTestDatabase()
  const scriptTests = readdirSync(path.join(ROOT, "scripts", "tests"))
    .filter((f) => f.endsWith(".test.ts"))
    .map((f) => path.join("scripts", "tests", f))
  const tap = path.join(work, "scripts.tap")
  const jestJson = path.join(work, "jest.json")
  const vitestJson = path.join(work, "vitest.json")
  const contractJson = path.join(work, "contract.json")
  const vitestCounts = (file: string) => {
    const r = readJson(file)
    return r ? { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests } : null
  }
  const playwrightJson = path.join(work, "playwright.json")

  const suites: Suite[] = [
    {
      name: "scripts",
      command: bin("tsx"),
      args: [
        "--test",
        // one file at a time: start.test.ts and crash.test.ts both build the backend and run servers
        "--test-concurrency=1",
        "--test-reporter=spec",
        "--test-reporter-destination=stdout",
        "--test-reporter=tap",
        `--test-reporter-destination=${tap}`,
        ...scriptTests,
      ],
      cwd: ROOT,
      env: db.env,
      counts: () => {
        if (!existsSync(tap)) return null
        const text = readFileSync(tap, "utf8")
        const read = (key: string) => Number(text.match(new RegExp(`^# ${key} (\\d+)`, "m"))?.[1] ?? NaN)
        const [pass, fail, skipped, todo] = ["pass", "fail", "skipped", "todo"].map(read)
        return Number.isNaN(pass) ? null : { passed: pass, failed: fail, skipped: (skipped || 0) + (todo || 0) }
      },
    },
    {
      name: "backend",
      command: bin("jest"),
      // two files at a time, each on its own database copied from one migrated
      // template (backend/integration-tests/template-db.js): 12 min -> 5 min here
      args: ["--maxWorkers=2", "--forceExit", "--json", `--outputFile=${jestJson}`],
      cwd: path.join(ROOT, "backend"),
      env: {
        ...db.env,
        TEST_TYPE: "integration:http",
        LOG_LEVEL: process.env.LOG_LEVEL || "error",
        NODE_OPTIONS: "--experimental-vm-modules",
      },
      counts: () => {
        const r = readJson(jestJson)
        return r
          ? { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests }
          : null
      },
    },
    {
      name: "contract",
      command: bin("vitest"),
      args: ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${contractJson}`],
      cwd: path.join(ROOT, "packages", "contract"),
      counts: () => vitestCounts(contractJson),
    },
    {
      name: "storefront",
      command: bin("vitest"),
      args: ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`],
      cwd: path.join(ROOT, "storefront"),
      counts: () => vitestCounts(vitestJson),
    },
    {
      name: "e2e",
      command: bin("tsx"),
      args: [path.join(ROOT, "scripts", "e2e.ts")],
      cwd: ROOT,
      env: { ...db.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
      counts: () => {
        const r = readJson(playwrightJson)
        return r
          ? {
              passed: r.stats.expected + r.stats.flaky,
              failed: r.stats.unexpected,
              skipped: r.stats.skipped,
            }
          : null
      },
    },
  ]

  try {
    for (const suite of suites) {
      if (wanted(suite.name)) await run(suite)
    }
  } finally {
    await db.stop()
  }
}

function summarize(results: Result[]) {
  let passed = 0
  let failed = 0
  let skipped = 0
  console.log("\n=== summary ===")
  for (const r of results) {
    const c = r.counts ?? { passed: 0, failed: 0, skipped: 0 }
    // A runner that broke without reporting a failure still counts as one.
    const broken = r.code !== 0 && c.failed === 0 ? 1 : 0
    passed += c.passed
    failed += c.failed + broken
    skipped += c.skipped
    console.log(
      `${r.name.padEnd(11)} ${String(c.passed).padStart(4)} passed ${String(c.failed + broken).padStart(3)} failed` +
        `${c.skipped ? ` ${c.skipped} skipped` : ""}  (${r.seconds.toFixed(0)} s, exit ${r.code})`
    )
  }
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`)
  process.exit(failed > 0 || passed === 0 ? 1 : 0)
}

main().catch((error) => {
  console.error(error)
  console.log("0 passed, 1 failed")
  process.exit(1)
})
