/**
 * The database helper (scripts/lib/postgres.ts) against a real embedded
 * PostgreSQL, and the production start rules (scripts/lib/start-env.ts).
 *
 *   npx tsx --test scripts/tests/postgres.test.ts
 *
 * Each cluster lives in its own temp folder on a random free port in
 * 55000-56000, so the run never touches .data/ nor a server `npm start` or
 * `npm test` has running. Folders and servers are removed in `after` hooks,
 * also when a test fails.
 */
import assert from "node:assert/strict"
import { execFileSync, spawn } from "node:child_process"
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import path from "node:path"
import { after, describe, test } from "node:test"
import { fileURLToPath } from "node:url"
import pg from "pg"
import {
  openDatabase,
  splitDatabaseUrl,
  startEmbeddedPostgres,
  testRunnerEnv,
  withDatabase,
  type Database,
} from "../lib/postgres"
import { checkStartEnv, DEV_ADMIN } from "../lib/start-env"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..")
const isRoot = typeof process.getuid === "function" && process.getuid() === 0
const NOBODY = 65534

// ---- helpers ----

function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once("error", (error: NodeJS.ErrnoException) =>
      // No IPv6 on this machine: nothing can be listening there either.
      resolve(error.code === "EADDRNOTAVAIL" || error.code === "EAFNOSUPPORT")
    )
    server.listen(port, host, () => server.close(() => resolve(true)))
  })
}

const taken = new Set<number>()
/** A random port in 55000-55999 that nothing listens on (PostgreSQL binds "localhost": v4 and v6). */
async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 55000 + Math.floor(Math.random() * 1000)
    if (taken.has(port)) continue
    if ((await canListen(port, "127.0.0.1")) && (await canListen(port, "::1"))) {
      taken.add(port)
      return port
    }
  }
  throw new Error("no free port in 55000-55999")
}

/** A fresh folder under the OS temp folder, traversable by the `postgres` user when we are root. */
function tempFolder(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-${process.pid}-`))
  // mkdtemp makes it 0700; the cluster below it runs as another user when we are root.
  chmodSync(dir, 0o755)
  return dir
}

/** The postmaster's pid: the first line of <dataDir>/postmaster.pid. */
function postmasterPid(dataDir: string): number {
  const pid = Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0])
  assert.ok(Number.isInteger(pid) && pid > 0, `no pid in ${dataDir}/postmaster.pid`)
  return pid
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

/** Every process in one snapshot: its pid, its parent's and its user. */
function processes(): { pid: number; ppid: number; user: string }[] {
  return execFileSync("ps", ["-eo", "pid=,ppid=,user="])
    .toString()
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .map(([pid, ppid, user]) => ({ pid: Number(pid), ppid: Number(ppid), user: user! }))
}

/** Pids of the processes whose parent is `pid` (a postmaster's backends). */
function childrenOf(pid: number): number[] {
  return processes()
    .filter(({ ppid }) => ppid === pid)
    .map(({ pid: child }) => child)
}

const processUser = (pid: number) =>
  execFileSync("ps", ["-o", "user=", "-p", String(pid)])
    .toString()
    .trim()
const userId = (name: string) => Number(execFileSync("id", ["-u", name]).toString().trim())

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(sql, params)).rows
  } finally {
    await client.end()
  }
}

/** Last resort for `after`: ends a server we started (by its pid) if stop() did not. */
function killIfAlive(pid: number | undefined) {
  if (pid && alive(pid)) {
    try {
      process.kill(pid, "SIGKILL")
    } catch {
      // gone meanwhile
    }
  }
}

// ---- pure functions ----

describe("splitDatabaseUrl", () => {
  test("splits the server part (ending in /) from the database name", () => {
    assert.deepEqual(splitDatabaseUrl("postgres://shop:secret@db.internal:5433/medusa"), {
      serverUrl: "postgres://shop:secret@db.internal:5433/",
      database: "medusa",
    })
  })

  test("defaults the database to postgres and decodes an encoded name", () => {
    assert.equal(splitDatabaseUrl("postgres://u:p@localhost:5432").database, "postgres")
    assert.equal(splitDatabaseUrl("postgres://u:p@localhost:5432/").database, "postgres")
    assert.equal(splitDatabaseUrl("postgres://u:p@localhost/shop%20db").database, "shop db")
  })

  test("keeps encoded credentials as they are in the server part", () => {
    const { serverUrl } = splitDatabaseUrl("postgresql://us%40r:p%2Fa%3Ass@127.0.0.1:5432/medusa")
    assert.equal(serverUrl, "postgresql://us%40r:p%2Fa%3Ass@127.0.0.1:5432/")
    assert.equal(withDatabase(serverUrl, "medusa"), "postgresql://us%40r:p%2Fa%3Ass@127.0.0.1:5432/medusa")
  })

  test("a DATABASE_URL with parameters (?sslmode=require) keeps them usable after the database name", () => {
    const { serverUrl, database } = splitDatabaseUrl("postgres://u:p@db.example.com:5432/medusa?sslmode=require")
    assert.equal(database, "medusa")
    const url = new URL(withDatabase(serverUrl, "postgres"))
    assert.equal(url.pathname, "/postgres")
    assert.equal(url.searchParams.get("sslmode"), "require")
  })
})

describe("testRunnerEnv", () => {
  test("127.0.0.1 and ::1 become localhost (Medusa's runner turns SSL on for any other host)", () => {
    assert.equal(testRunnerEnv("postgres://u:p@127.0.0.1:5433/").DB_HOST, "localhost")
    assert.equal(testRunnerEnv("postgres://u:p@[::1]:5433/").DB_HOST, "localhost")
    assert.equal(testRunnerEnv("postgres://u:p@localhost:5433/").DB_HOST, "localhost")
    assert.equal(testRunnerEnv("postgres://u:p@db.internal:5433/").DB_HOST, "db.internal")
  })

  test("decodes user and password, keeps the port, defaults it to 5432", () => {
    assert.deepEqual(testRunnerEnv("postgres://us%40r:p%40ss%2Fw%3Ard@127.0.0.1:55123/"), {
      DB_HOST: "localhost",
      DB_PORT: "55123",
      DB_USERNAME: "us@r",
      DB_PASSWORD: "p@ss/w:rd",
    })
    assert.equal(testRunnerEnv("postgres://u:p@db.internal/").DB_PORT, "5432")
    assert.equal(testRunnerEnv("postgres://u@db.internal/").DB_PASSWORD, "")
  })
})

// ---- a real cluster ----

describe("embedded PostgreSQL in a fresh folder", { timeout: 300_000 }, () => {
  const folder = tempFolder("pg-helper")
  const dataDir = path.join(folder, "postgres")
  let port = 0
  let db: Database | undefined
  let firstPid: number | undefined
  let secondPid: number | undefined
  const logs: string[][] = []

  after(async () => {
    await db?.stop().catch(() => undefined)
    killIfAlive(firstPid)
    killIfAlive(secondPid)
    rmSync(folder, { recursive: true, force: true })
  })

  const start = async (durable?: boolean) => {
    const lines: string[] = []
    logs.push(lines)
    db = await startEmbeddedPostgres({ dataDir, port, durable, log: (line) => lines.push(line) })
    return db
  }
  const setting = async (url: string, name: string) =>
    (await query<{ value: string }>(withDatabase(url, "postgres"), `select current_setting($1) as value`, [name]))[0]
      .value

  test("initialises, starts, and keeps credentials beside the cluster", { timeout: 120_000 }, async () => {
    port = await freePort()
    const started = await start()
    assert.equal(started.embedded, true)
    assert.match(started.serverUrl, new RegExp(`^postgres://postgres:[^@]+@127\\.0\\.0\\.1:${port}/$`))
    assert.ok(existsSync(path.join(dataDir, "PG_VERSION")), "no cluster in the data folder")
    // initdb ran on this first start.
    assert.match(logs[0].join("\n"), /The files belonging to this database system will be owned by user/)
    const credentials = JSON.parse(readFileSync(`${dataDir}.credentials.json`, "utf8"))
    assert.equal(statSync(`${dataDir}.credentials.json`).mode & 0o777, 0o600)
    assert.equal(
      started.serverUrl,
      `postgres://${credentials.user}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/`
    )

    await query(withDatabase(started.serverUrl, "postgres"), "create table kept (id int primary key, note text)")
    await query(withDatabase(started.serverUrl, "postgres"), "insert into kept values (1, $1)", ["survives a restart"])
    firstPid = postmasterPid(dataDir)
    assert.ok(alive(firstPid))
    // a server is durable unless asked otherwise
    assert.equal(await setting(started.serverUrl, "fsync"), "on")
    assert.equal(await setting(started.serverUrl, "synchronous_commit"), "on")
  })

  test(
    "as root: the data folder belongs to `postgres` and the server runs as `postgres`",
    { skip: isRoot ? false : "not running as root: the server runs as this user" },
    () => {
      assert.ok(firstPid, "the cluster did not start")
      const postgresUid = userId("postgres")
      assert.notEqual(postgresUid, 0)
      assert.equal(statSync(dataDir).uid, postgresUid)
      assert.equal(statSync(dataDir).mode & 0o777, 0o700)
      assert.equal(processUser(firstPid), "postgres")
      // one snapshot: a backend that ends between a listing and a second `ps` is no failure
      const backends = processes().filter(({ ppid }) => ppid === firstPid)
      assert.ok(backends.length > 0, "the server has no backends")
      for (const { pid, user } of backends) assert.equal(user, "postgres", `backend ${pid}`)
    }
  )

  test("not as root: the server runs as this user", { skip: isRoot ? "running as root" : false }, () => {
    assert.ok(firstPid, "the cluster did not start")
    assert.equal(statSync(dataDir).uid, process.getuid!())
    assert.equal(
      Number(
        execFileSync("ps", ["-o", "uid=", "-p", String(firstPid)])
          .toString()
          .trim()
      ),
      process.getuid!()
    )
  })

  test("stop() ends the server and its backends", { timeout: 60_000 }, async () => {
    assert.ok(db && firstPid, "the cluster did not start")
    const backends = childrenOf(firstPid)
    assert.ok(backends.length > 0, "a running postmaster has background processes")
    await db.stop()
    db = undefined
    assert.equal(alive(firstPid), false, `postmaster ${firstPid} is still running`)
    for (const pid of backends) {
      assert.equal(alive(pid), false, `backend ${pid} is still running`)
    }
    assert.equal(existsSync(path.join(dataDir, "postmaster.pid")), false, "postmaster.pid left behind")
    assert.equal(await canListen(port, "127.0.0.1"), true, `port ${port} is still taken`)
  })

  test(
    "a second start on the same folder finds the data and does not initialise again; a test server skips flushes",
    { timeout: 120_000 },
    async () => {
      assert.ok(firstPid, "the cluster did not start")
      const versionBefore = statSync(path.join(dataDir, "PG_VERSION"))
      const started = await start(false)
      for (const name of ["fsync", "synchronous_commit", "full_page_writes"])
        assert.equal(await setting(started.serverUrl, name), "off", name)
      assert.doesNotMatch(logs[1].join("\n"), /The files belonging to this database system/)
      assert.equal(statSync(path.join(dataDir, "PG_VERSION")).mtimeMs, versionBefore.mtimeMs)
      const rows = await query<{ note: string }>(
        withDatabase(started.serverUrl, "postgres"),
        "select note from kept where id = 1"
      )
      assert.deepEqual(rows, [{ note: "survives a restart" }])
      secondPid = postmasterPid(dataDir)
      assert.notEqual(secondPid, firstPid)
      if (isRoot) assert.equal(processUser(secondPid), "postgres")
    }
  )

  test(
    "openDatabase with DATABASE_URL creates the named database and starts no server",
    { timeout: 60_000 },
    async () => {
      assert.ok(db && secondPid, "the cluster is not running")
      const name = `shop-url-${process.pid}`
      const url = `${db.serverUrl}${encodeURIComponent(name)}`
      const unusedDir = path.join(folder, "must-stay-absent")
      const unusedPort = await freePort()
      // Other runs may start servers meanwhile: look for one on this call's folder or port.
      const startedHere = () =>
        execFileSync("ps", ["-eo", "args="])
          .toString()
          .split("\n")
          .filter((l) => l.includes(unusedDir) || l.includes(`-p ${unusedPort}`))
      const saved = process.env.DATABASE_URL
      process.env.DATABASE_URL = url
      try {
        const exists = async () =>
          (await query(`${db!.serverUrl}postgres`, "select 1 from pg_database where datname = $1", [name])).length
        assert.equal(await exists(), 0)
        const opened = await openDatabase({ database: "other-name", dataDir: unusedDir, port: unusedPort })
        assert.equal(opened.embedded, false)
        assert.equal(opened.databaseUrl, url)
        assert.equal(opened.serverUrl, db.serverUrl)
        assert.equal(await exists(), 1)
        // Again: the database is there already; nothing fails and nothing is added.
        const again = await openDatabase({ database: "other-name", dataDir: unusedDir, port: unusedPort })
        assert.equal(again.databaseUrl, url)
        await query(url, "create table t (x int)")

        assert.equal(existsSync(unusedDir), false, "a data folder was created")
        assert.equal(existsSync(`${unusedDir}.credentials.json`), false)
        assert.equal(await canListen(unusedPort, "127.0.0.1"), true, "something listens on the embedded port")
        assert.deepEqual(startedHere(), [], "another PostgreSQL started")
        // Its stop() leaves the server alone: it did not start it.
        await opened.stop()
        assert.ok(alive(secondPid))
        assert.equal((await query(url, "select count(*)::int as n from t"))[0].n, 0)
      } finally {
        if (saved === undefined) delete process.env.DATABASE_URL
        else process.env.DATABASE_URL = saved
      }
    }
  )

  test(
    "openDatabase without DATABASE_URL starts the embedded server on the folder and creates the database",
    { timeout: 120_000 },
    async () => {
      assert.ok(db, "the cluster is not running")
      await db.stop()
      db = undefined
      const saved = process.env.DATABASE_URL
      delete process.env.DATABASE_URL
      try {
        const opened = await openDatabase({ database: "medusa_embedded", dataDir, port })
        db = opened
        assert.equal(opened.embedded, true)
        assert.equal(opened.databaseUrl, `${opened.serverUrl}medusa_embedded`)
        assert.deepEqual(await query(opened.databaseUrl, "select current_database() as name"), [
          { name: "medusa_embedded" },
        ])
        assert.deepEqual(await query(`${opened.serverUrl}postgres`, "select note from kept"), [
          { note: "survives a restart" },
        ])
        const pid = postmasterPid(dataDir)
        await opened.stop()
        db = undefined
        assert.equal(alive(pid), false)
      } finally {
        if (saved !== undefined) process.env.DATABASE_URL = saved
      }
    }
  )
})

describe("as an unprivileged user", { timeout: 200_000 }, () => {
  const folder = isRoot ? tempFolder("pg-nobody") : ""
  let childPid: number | undefined
  let serverPid: number | undefined

  /** The child runs in its own process group (tsx's node and PostgreSQL included): end all of it. */
  const killGroup = () => {
    if (!childPid) return
    try {
      process.kill(-childPid, "SIGKILL")
    } catch {
      // already gone
    }
  }
  after(() => {
    killGroup()
    killIfAlive(serverPid)
    if (folder) rmSync(folder, { recursive: true, force: true })
  })

  test(
    "nobody starts and stops a cluster in a folder it owns",
    {
      skip: isRoot ? false : "not running as root: the cluster test above already ran as an ordinary user",
      timeout: 180_000,
    },
    async () => {
      chownSync(folder, NOBODY, NOBODY)
      chmodSync(folder, 0o700)
      const port = await freePort()
      const dataDir = path.join(folder, "postgres")
      const script = path.join(folder, "run.mts")
      writeFileSync(
        script,
        `import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { ensureDatabase, startEmbeddedPostgres } from ${JSON.stringify(path.join(ROOT, "scripts/lib/postgres.ts"))}

const dataDir = ${JSON.stringify(dataDir)}
const db = await startEmbeddedPostgres({ dataDir, port: ${port} })
try {
  await ensureDatabase(db.serverUrl, "nobody_db")
  const pid = readFileSync(dataDir + "/postmaster.pid", "utf8").split("\\n")[0]
  const user = execFileSync("ps", ["-o", "user=", "-p", pid]).toString().trim()
  console.log("CLUSTER-OK uid=" + process.getuid() + " pid=" + pid + " user=" + user)
} finally {
  await db.stop()
}
console.log("CLUSTER-STOPPED")
`
      )
      chownSync(script, NOBODY, NOBODY)

      const child = spawn(
        "setpriv",
        [
          `--reuid=${NOBODY}`,
          `--regid=${NOBODY}`,
          "--clear-groups",
          process.execPath,
          path.join(ROOT, "node_modules/tsx/dist/cli.mjs"),
          script,
        ],
        {
          cwd: folder,
          env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: "/tmp", LANG: "C.UTF-8" },
          detached: true,
        }
      )
      childPid = child.pid
      let output = ""
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()))
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()))
      const code = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(killGroup, 150_000)
        child.on("exit", (c) => {
          clearTimeout(timer)
          resolve(c)
        })
      })
      const line = output.match(/CLUSTER-OK uid=(\d+) pid=(\d+) user=(\S+)/)
      assert.ok(line, `no marker; output:\n${output.slice(-3000)}`)
      serverPid = Number(line[2])
      assert.equal(code, 0, output.slice(-3000))
      assert.equal(Number(line[1]), NOBODY, "the script did not run as nobody")
      assert.equal(line[3], "nobody", "the server did not run as nobody")
      assert.match(output, /CLUSTER-STOPPED/)
      assert.equal(alive(serverPid), false, `server ${serverPid} is still running`)
      assert.equal(statSync(dataDir).uid, NOBODY)
      assert.ok(existsSync(path.join(dataDir, "PG_VERSION")))
    }
  )
})

// ---- start-env ----

describe("checkStartEnv", () => {
  const production = {
    NODE_ENV: "production",
    JWT_SECRET: "j".repeat(32),
    COOKIE_SECRET: "c".repeat(32),
    ADMIN_EMAIL: "owner@example.com",
    ADMIN_PASSWORD: "0123456789",
  }

  test("no problems outside production, whatever is missing", () => {
    assert.deepEqual(checkStartEnv({}), [])
    assert.deepEqual(checkStartEnv({ NODE_ENV: "development" }), [])
    assert.deepEqual(checkStartEnv({ NODE_ENV: "test", ADMIN_PASSWORD: DEV_ADMIN.password, JWT_SECRET: "x" }), [])
  })

  test("production with everything set properly may start", () => {
    assert.deepEqual(checkStartEnv(production), [])
  })

  test("production names each missing variable", () => {
    assert.deepEqual(checkStartEnv({ NODE_ENV: "production" }), [
      "JWT_SECRET is not set",
      "COOKIE_SECRET is not set",
      "ADMIN_EMAIL is not set",
      "ADMIN_PASSWORD is not set",
    ])
    for (const name of ["JWT_SECRET", "COOKIE_SECRET", "ADMIN_EMAIL", "ADMIN_PASSWORD"] as const) {
      assert.deepEqual(checkStartEnv({ ...production, [name]: undefined }), [`${name} is not set`])
      assert.deepEqual(checkStartEnv({ ...production, [name]: "" }), [`${name} is not set`], `${name} empty`)
    }
  })

  test("production refuses the development admin login", () => {
    assert.deepEqual(checkStartEnv({ ...production, ADMIN_EMAIL: DEV_ADMIN.email }), [
      "ADMIN_EMAIL is the development default",
    ])
    assert.deepEqual(checkStartEnv({ ...production, ADMIN_PASSWORD: DEV_ADMIN.password }), [
      "ADMIN_PASSWORD is the development default",
    ])
  })

  test("production refuses short secrets and a short admin password", () => {
    assert.deepEqual(checkStartEnv({ ...production, JWT_SECRET: "j".repeat(31) }), [
      "JWT_SECRET must have at least 32 characters",
    ])
    assert.deepEqual(checkStartEnv({ ...production, COOKIE_SECRET: "short" }), [
      "COOKIE_SECRET must have at least 32 characters",
    ])
    assert.deepEqual(checkStartEnv({ ...production, ADMIN_PASSWORD: "123456789" }), [
      "ADMIN_PASSWORD must have at least 10 characters",
    ])
  })
})
