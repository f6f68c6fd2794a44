/**
 * `npm test`: every test of the repository against real services, then one
 * closing line `N passed, M failed` summed over all runners. Exits non-zero
 * when anything failed or a runner broke.
 *
 *   lint       - npm run lint: ESLint (rules, import order and boundaries, no cycles), then Prettier's check
 *   typecheck  - npm run typecheck: tsc over the scripts, the contract, the backend and the storefront
 *   contract   - Vitest: the shared contract
 *   storefront - Vitest (components, hooks, storefront server)
 *   backend    - Jest + Medusa's integration runner, HTTP against a real PostgreSQL
 *   build      - the contract, backend and storefront builds the next two start (skipped when unchanged)
 *   e2e        - Playwright in Debian's Chromium against the running stack
 *   scripts    - node's test runner: start-up helpers, embedded PostgreSQL, deployment files
 *
 * The builds run beside lint and the two Vitest suites (each leaves a core
 * mostly free); then the backend alone (its two Jest workers fill both cores:
 * beside e2e, tried, both slowed and timing-bound tests failed); then e2e and
 * scripts side by side (the browser tests leave about 45% of both cores idle,
 * waiting on the browser and the servers: 75 s less than one after the
 * other, docs/testing.md; the browser tests themselves run as two shards on
 * two stacks, scripts/e2e.ts). Each line of a suite's output is printed with its
 * name in front.
 *
 *   tsx scripts/test.ts [suite...]      only these suites (same lanes)
 *
 * PostgreSQL: DB_HOST / DATABASE_URL when set, else one embedded server for the run.
 *
 * The summary gives each suite's time and the whole run's against the budget
 * (TEST_BUDGET_SECONDS, 15 min); past it, the slowest files of each suite.
 * The runners' own reports stay in test-results/reports/.
 */
import { spawn } from "node:child_process"
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs"
import path from "node:path"
import { createInterface } from "node:readline"
import { ROOT } from "./lib/stack"
import { openTestDatabase } from "./lib/test-db"

type Counts = { passed: number; failed: number; skipped: number }
type FileTime = { file: string; seconds: number }
type Result = {
  name: string
  code: number
  counts: Counts | null
  seconds: number
  slowest: FileTime[]
  failures: string[]
}
type Suite = {
  name: string
  command: string
  args: string[]
  cwd: string
  env?: NodeJS.ProcessEnv
  /** Reads the counts the runner wrote (or derives them from its exit code); null when it wrote none. */
  counts: (code: number) => Counts | null
  /** Each test file's time, from the runner's report. */
  files?: () => FileTime[]
  /** The failed tests' names (file and title), from the runner's report. */
  failures?: () => string[]
}

/** The whole run's budget on the 2-core machine CI uses; past it the summary says so and names the slowest files. */
const BUDGET_SECONDS = Number(process.env.TEST_BUDGET_SECONDS || 15 * 60)

const only = new Set(process.argv.slice(2))
// the runners' reports stay after the run (test-results/ is not committed)
const work = path.join(ROOT, "test-results", "reports")
const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name)
const readJson = (file: string) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null)
const width = 11

/** Runs a suite with each line of its output behind its name; resolves to its exit code. */
function exec(suite: Suite): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(suite.command, suite.args, {
      cwd: suite.cwd,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...suite.env },
    })
    const label = `[${suite.name}]`.padEnd(width + 2)
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on("line", (line) => process.stdout.write(`${label} ${line}\n`))
    }
    child.on("error", () => resolve(127))
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

const passedByExit = (code: number): Counts | null =>
  code === 0 ? { passed: 1, failed: 0, skipped: 0 } : code === 1 ? { passed: 0, failed: 1, skipped: 0 } : null

/** `npm run lint` (ESLint, then Prettier's check): one check, passed or failed by its exit code. */
const lint: Suite = { name: "lint", command: "npm", args: ["run", "--silent", "lint"], cwd: ROOT, counts: passedByExit }
// the type checker over every workspace: a route and a client that disagree on the contract's types fail here
const typecheck: Suite = {
  name: "typecheck",
  command: "npm",
  args: ["run", "--silent", "typecheck"],
  cwd: ROOT,
  counts: passedByExit,
}

async function main() {
  const runStarted = Date.now()
  const results: Result[] = []
  rmSync(work, { recursive: true, force: true })
  mkdirSync(work, { recursive: true })
  const db = await openTestDatabase()
  try {
    const { stages, names } = plan(db.env)
    const unknown = [...only].filter((name) => !names.includes(name))
    if (unknown.length) throw new Error(`no suite named ${unknown.join(", ")}; the suites: ${names.join(", ")}`)
    for (const lanes of stages) {
      await Promise.all(
        lanes.map(async (lane) => {
          for (const suite of lane) {
            if (only.size && !only.has(suite.name)) continue
            console.log(`\n=== ${suite.name} ===\n`)
            const started = Date.now()
            const code = await exec(suite)
            let slowest: FileTime[] = []
            try {
              slowest = (suite.files?.() ?? []).sort((a, b) => b.seconds - a.seconds).slice(0, 5)
            } catch {
              // a report in an unexpected shape only loses the list of slow files
            }
            let failures: string[] = []
            try {
              failures = suite.failures?.() ?? []
            } catch {
              // as above: the summary then names no failed test, the counts still say how many
            }
            const seconds = (Date.now() - started) / 1000
            results.push({ name: suite.name, code, counts: suite.counts(code), seconds, slowest, failures })
            console.log(`\n=== ${suite.name} ended (exit ${code}, ${seconds.toFixed(0)} s) ===\n`)
          }
        })
      )
    }
  } finally {
    await db.stop()
  }
  summarize(results, (Date.now() - runStarted) / 1000)
}

/** Stages one after the other; in a stage, lanes side by side; in a lane, suites one after the other. */
function plan(dbEnv: Record<string, string>): { stages: Suite[][][]; names: string[] } {
  const scriptTests = readdirSync(path.join(ROOT, "scripts", "tests"))
    .filter((f) => f.endsWith(".test.ts"))
    .map((f) => path.join("scripts", "tests", f))
  const tap = path.join(work, "scripts.tap")
  const jestJson = path.join(work, "jest.json")
  const vitestJson = path.join(work, "vitest.json")
  const contractJson = path.join(work, "contract.json")
  const playwrightJson = path.join(work, "playwright.json")
  const vitestCounts = (file: string) => {
    const r = readJson(file)
    return r
      ? { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests }
      : null
  }
  // Jest and Vitest write the same per-file shape
  const jestFiles = (file: string) => (): FileTime[] =>
    (readJson(file)?.testResults ?? []).map((f: { name: string; startTime: number; endTime: number }) => ({
      file: path.relative(ROOT, f.name),
      seconds: (f.endTime - f.startTime) / 1000,
    }))

  // ...and the same per-test shape: a file that failed to run has a message and no tests
  type JestFile = {
    name: string
    status: string
    message?: string
    assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[]
  }
  const jestFailures = (file: string) => (): string[] =>
    (readJson(file)?.testResults ?? []).flatMap((f: JestFile) => {
      const where = path.relative(ROOT, f.name)
      const failed = (f.assertionResults ?? []).filter((a) => a.status === "failed")
      if (failed.length) return failed.map((a) => `${where}: ${a.fullName}${failureLines(a.failureMessages?.[0])}`)
      return f.status === "failed"
        ? [`${where}: ${(f.message ?? "failed").split("\n").find((l) => l.trim()) ?? ""}`]
        : []
    })

  const contract: Suite = {
    name: "contract",
    command: bin("vitest"),
    args: ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${contractJson}`],
    cwd: path.join(ROOT, "packages", "contract"),
    counts: () => vitestCounts(contractJson),
    files: jestFiles(contractJson),
    failures: jestFailures(contractJson),
  }
  const storefront: Suite = {
    name: "storefront",
    command: bin("vitest"),
    args: ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`],
    cwd: path.join(ROOT, "storefront"),
    counts: () => vitestCounts(vitestJson),
    files: jestFiles(vitestJson),
    failures: jestFailures(vitestJson),
  }
  const backend: Suite = {
    name: "backend",
    command: bin("jest"),
    // two files at a time, each on its own database copied from one migrated
    // template (backend/integration-tests/template-db.js)
    args: ["--maxWorkers=2", "--forceExit", "--json", `--outputFile=${jestJson}`],
    cwd: path.join(ROOT, "backend"),
    env: {
      ...dbEnv,
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
    files: jestFiles(jestJson),
    failures: jestFailures(jestJson),
  }
  const scripts: Suite = {
    name: "scripts",
    command: bin("tsx"),
    args: [
      "--test",
      // one file at a time: start.test.ts and crash.test.ts both run servers
      "--test-concurrency=1",
      "--test-reporter=spec",
      "--test-reporter-destination=stdout",
      "--test-reporter=tap",
      `--test-reporter-destination=${tap}`,
      ...scriptTests,
    ],
    cwd: ROOT,
    env: dbEnv,
    counts: () => {
      if (!existsSync(tap)) return null
      const text = readFileSync(tap, "utf8")
      const read = (key: string) => Number(text.match(new RegExp(`^# ${key} (\\d+)`, "m"))?.[1] ?? NaN)
      const [pass, fail, skipped, todo] = ["pass", "fail", "skipped", "todo"].map(read)
      return Number.isNaN(pass) ? null : { passed: pass, failed: fail, skipped: (skipped || 0) + (todo || 0) }
    },
    // TAP: "not ok 3 - name", indented under its parent test
    failures: () =>
      existsSync(tap)
        ? [...readFileSync(tap, "utf8").matchAll(/^\s*not ok \d+ - (.*)$/gm)].map((m) => `scripts: ${m[1]}`)
        : [],
  }
  // e2e and the scripts' servers start from these builds: made once, before either
  const build: Suite = {
    name: "build",
    command: bin("tsx"),
    args: [path.join(ROOT, "scripts", "build-changed.ts")],
    cwd: ROOT,
    counts: passedByExit,
  }
  const e2e: Suite = {
    name: "e2e",
    command: bin("tsx"),
    args: [path.join(ROOT, "scripts", "e2e.ts")],
    cwd: ROOT,
    env: { ...dbEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
    counts: () => {
      const r = readJson(playwrightJson)
      return r
        ? { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, skipped: r.stats.skipped }
        : null
    },
    files: () => playwrightFiles(readJson(playwrightJson)),
    failures: () => playwrightFailures(readJson(playwrightJson)),
  }
  // lint and the storefront's Vitest take longest of the first stage: the contract's Vitest and the type checker
  // follow the builds
  const stages = [
    [
      [lint, storefront],
      [build, contract, typecheck],
    ],
    [[backend]],
    [[e2e], [scripts]],
  ]
  // the builds go with what needs them
  if (only.size && (only.has(e2e.name) || only.has(scripts.name))) only.add(build.name)
  return { stages, names: stages.flat(2).map((s) => s.name) }
}

type PlaywrightSuite = {
  file: string
  title?: string
  suites?: PlaywrightSuite[]
  specs?: {
    title: string
    line?: number
    tests: { status?: string; results: { duration: number; error?: { message?: string } }[] }[]
  }[]
}

/**
 * The first lines of a failure's message, indented under its name in the
 * summary (the part of a run's output a CI keeps), colours taken out.
 */
function failureLines(message: string | undefined, max = 6): string {
  const lines = (message ?? "")
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .map((l) => l.trimEnd())
    .filter((l) => l.trim())
    .slice(0, max)
    .map((l) => `      ${l.slice(0, 200)}`)
  return lines.length ? `\n${lines.join("\n")}` : ""
}

/** The tests Playwright reports as failed (not flaky: a retry that passed is not a failure). */
function playwrightFailures(report: { suites?: PlaywrightSuite[] } | null): string[] {
  const failed: string[] = []
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      const test = spec.tests.find((t) => t.status === "unexpected")
      if (!test) continue
      const error = test.results.map((r) => r.error?.message).find(Boolean)
      failed.push(
        `storefront/e2e/${suite.file}:${spec.line ?? ""} ${[...titles, spec.title].join(" > ")}${failureLines(error)}`
      )
    }
    for (const child of suite.suites ?? []) walk(child, child.title ? [...titles, child.title] : titles)
  }
  for (const suite of report?.suites ?? []) walk(suite, [])
  return failed
}

/** Playwright's JSON report: each file's summed test durations (one worker: its share of the run). */
function playwrightFiles(report: { suites?: PlaywrightSuite[] } | null): FileTime[] {
  const totals = new Map<string, number>()
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        for (const r of t.results) totals.set(suite.file, (totals.get(suite.file) ?? 0) + r.duration / 1000)
    for (const child of suite.suites ?? []) walk(child)
  }
  for (const suite of report?.suites ?? []) walk(suite)
  return [...totals].map(([file, seconds]) => ({ file: path.join("storefront", "e2e", file), seconds }))
}

function summarize(results: Result[], totalSeconds: number) {
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
      `${r.name.padEnd(width)} ${String(c.passed).padStart(4)} passed ${String(c.failed + broken).padStart(3)} failed` +
        `${c.skipped ? ` ${c.skipped} skipped` : ""}  (${r.seconds.toFixed(0)} s, exit ${r.code})`
    )
  }
  const failures = results.flatMap((r) => r.failures.map((f) => `  ${r.name.padEnd(width)} ${f}`))
  if (failures.length) {
    console.log("failed:")
    for (const line of failures.slice(0, 30)) console.log(line)
    if (failures.length > 30) console.log(`  ... and ${failures.length - 30} more`)
  }
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`)
  const minutes = (seconds: number) => `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`
  console.log(`took ${minutes(totalSeconds)} (budget ${minutes(BUDGET_SECONDS)})`)
  if (totalSeconds > BUDGET_SECONDS) {
    console.log(`WARNING: past the budget by ${minutes(totalSeconds - BUDGET_SECONDS)}; the slowest files:`)
    for (const r of results)
      for (const f of r.slowest)
        console.log(`  ${r.name.padEnd(width)} ${f.seconds.toFixed(0).padStart(5)} s  ${f.file}`)
  }
  process.exit(failed > 0 || passed === 0 ? 1 : 0)
}

main().catch((error) => {
  console.error(error)
  console.log("0 passed, 1 failed")
  process.exit(1)
})
