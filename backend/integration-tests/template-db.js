/**
 * One migrated database for every spec file to copy.
 *
 * Medusa's test runner migrates a fresh database for each spec file (every
 * core module, the links, the search indexes): about 7 s a file. Here the
 * migrations run once, into a template named after a fingerprint of what
 * decides the schema (the installed packages, the shop's migrations, links and
 * config); each spec's database is then a copy of it (CREATE DATABASE ...
 * TEMPLATE, a file copy in PostgreSQL), and the runner's own migration step
 * finds nothing left to do. A template whose fingerprint is stale is dropped.
 *
 *   globalSetup (jest.config.js)      -> ensureTemplate(): SHOP_TEST_TEMPLATE=<name>
 *   utils/runner.ts, before each file -> copyTemplate(<name>, <the spec's database>)
 *
 * SHOP_TEST_TEMPLATE=off skips it: every file migrates its own database.
 *
 * Every spec file then seeds its database (src/scripts/seed.ts: the store,
 * 42 products with their pictures in every format, the demo landing page),
 * about 6 s of CPU a file. So the run seeds once: a copy of the template,
 * seeded by `medusa exec` and named after this process, is what the files
 * copy, and their own seed() finds everything there (under 0.1 s). It lives
 * for one run only (the pictures it names are files in this checkout's
 * static folder), dropped by globalTeardown; one left by a killed run is
 * dropped by the next. SHOP_TEST_SEEDED=off: the files seed for themselves.
 *
 *   globalSetup                       -> seededTemplate(<name>): SHOP_TEST_SEEDED=<copy>
 *   globalTeardown                    -> dropDatabase(<copy>)
 */
const { spawn } = require("node:child_process")
const { createHash } = require("node:crypto")
const { existsSync, readdirSync, readFileSync, statSync } = require("node:fs")
const path = require("node:path")
const { Client } = require("pg")

const BACKEND = path.resolve(__dirname, "..")
const PREFIX = "shop_test_template_"

function serverConfig(database) {
  return {
    host: process.env.DB_HOST || "localhost",
    port: Number(process.env.DB_PORT || 5432),
    user: process.env.DB_USERNAME || "postgres",
    password: process.env.DB_PASSWORD || undefined,
    database,
  }
}

function serverUrl(database) {
  const c = serverConfig(database)
  const auth = `${encodeURIComponent(c.user)}${c.password ? `:${encodeURIComponent(c.password)}` : ""}`
  return `postgres://${auth}@${c.host}:${c.port}/${database}`
}

async function withServer(fn) {
  const client = new Client(serverConfig(process.env.DB_WAITINGROOM_DATABASE || "postgres"))
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

/** The files below `dir` (sorted), for the fingerprint. */
function files(dir) {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]))
}

function fingerprint() {
  const hash = createHash("sha256")
  const modules = path.join(BACKEND, "src", "modules")
  const sources = [
    path.join(BACKEND, "..", "package-lock.json"),
    path.join(BACKEND, "medusa-config.ts"),
    ...files(path.join(BACKEND, "src", "links")),
    ...(existsSync(modules) ? readdirSync(modules) : []).flatMap((m) => [
      ...files(path.join(modules, m, "migrations")),
      ...files(path.join(modules, m, "models")),
    ]),
  ]
  for (const file of sources) {
    if (!existsSync(file) || !statSync(file).isFile()) continue
    hash.update(path.relative(BACKEND, file)).update("\0").update(readFileSync(file)).update("\0")
  }
  return hash.digest("hex").slice(0, 16)
}

/** Runs the Medusa CLI in the backend folder on `database`; rejects with the end of its output when it fails. */
function medusa(args, database, what) {
  return new Promise((resolve, reject) => {
    const output = []
    const env = { ...process.env, DATABASE_URL: serverUrl(database), NODE_ENV: "test", LOG_LEVEL: "error" }
    // the spec files' apps run on the in-process event bus and workflow engine unless a spec says otherwise
    delete env.REDIS_URL
    const child = spawn(process.execPath, [require.resolve("@medusajs/cli/cli.js", { paths: [BACKEND] }), ...args], {
      cwd: BACKEND,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    })
    child.stdout.on("data", (d) => output.push(d))
    child.stderr.on("data", (d) => output.push(d))
    child.on("error", reject)
    child.on("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${what} failed (${code}):\n${Buffer.concat(output).toString().slice(-4000)}`))
    )
  })
}

function migrate(database) {
  // the runner does not run Medusa's data migration scripts either
  return medusa(
    ["db:migrate", "--skip-scripts", "--execute-safe-links", "--execute-safe-search"],
    database,
    "medusa db:migrate for the test template"
  )
}

const quote = (name) => `"${name.replace(/"/g, '""')}"`

/** Makes sure the current template exists; returns its name. */
async function ensureTemplate() {
  const name = PREFIX + fingerprint()
  const building = `${name}_building_${process.pid}`
  const existing = await withServer(async (client) => {
    const { rows } = await client.query("select datname from pg_database where datname like $1", [`${PREFIX}%`])
    for (const { datname } of rows) {
      if (datname !== name) await client.query(`drop database if exists ${quote(datname)} with (force)`)
    }
    if (rows.some((r) => r.datname === name)) return true
    await client.query(`create database ${quote(building)}`)
    return false
  })
  if (existing) return name
  const dropBuilding = () =>
    withServer((client) => client.query(`drop database if exists ${quote(building)} with (force)`))
  try {
    await migrate(building)
    await withServer((client) => client.query(`alter database ${quote(building)} rename to ${quote(name)}`))
  } catch (error) {
    await dropBuilding().catch(() => undefined)
    // another run on the same server made the same template first: use theirs
    if (error.code === "42P04") return name
    throw error
  }
  return name
}

/**
 * How a database is copied. PostgreSQL 15 copies with WAL_LOG by default: every
 * block of the source goes through the write-ahead log, about 0.25 s for the
 * seeded 19 MB here. FILE_COPY copies the files after a checkpoint (cheap on a
 * test server that skips flushes), about 0.11 s; older servers copy files and
 * take no STRATEGY clause.
 */
let strategyClause
async function strategy(client) {
  if (strategyClause === undefined) {
    const { rows } = await client.query("select current_setting('server_version_num')::int as v")
    strategyClause = rows[0].v >= 150000 ? " strategy file_copy" : ""
  }
  return strategyClause
}

/** Creates `database` as a copy of the template. */
async function copyTemplate(template, database) {
  await withServer(async (client) => {
    const how = await strategy(client)
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`create database ${quote(database)} template ${quote(template)}${how}`)
        return
      } catch (error) {
        // another file's copy can hold the template for a moment
        if (error.code !== "55006" || attempt >= 20) throw error
        await new Promise((r) => setTimeout(r, 250))
      }
    }
  })
}

const SEEDED_PREFIX = "shop_test_seeded_"

const processAlive = (pid) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return error.code === "EPERM"
  }
}

async function dropDatabase(database) {
  await withServer((client) => client.query(`drop database if exists ${quote(database)} with (force)`))
}

/**
 * A copy of `template` with the shop's seed in it, for this run: the seed the
 * spec files run themselves, run once here with the contract they read (built
 * first: the spec files take it from its source, `medusa exec` from its build).
 */
async function seededTemplate(template) {
  const stale = await withServer(async (client) => {
    const { rows } = await client.query("select datname from pg_database where datname like $1", [`${SEEDED_PREFIX}%`])
    return rows.map((r) => r.datname).filter((name) => !processAlive(Number(name.slice(SEEDED_PREFIX.length))))
  })
  for (const name of stale) await dropDatabase(name)
  const name = `${SEEDED_PREFIX}${process.pid}`
  await dropDatabase(name)
  await new Promise((resolve, reject) =>
    spawn(process.execPath, ["build.mjs"], { cwd: path.join(BACKEND, "..", "packages", "contract"), stdio: "ignore" })
      .on("error", reject)
      .on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`the contract's build failed (${code})`))))
  )
  await copyTemplate(template, name)
  try {
    await medusa(["exec", "./src/scripts/seed.ts"], name, "seeding the test template")
  } catch (error) {
    await dropDatabase(name).catch(() => undefined)
    throw error
  }
  return name
}

/**
 * Medusa's runner keeps a spec's database as it stands before its first test
 * (a snapshot: a template database) and puts it back before every later test
 * (drop, then copy the template again): about 500 copies a run. Its own
 * functions copy with PostgreSQL's default strategy; these are the same steps
 * (no connection may stay on either side of a copy) with `strategy()`'s. One
 * connection to the server serves a file's copies, as Medusa's does.
 */
function copyWithFileCopies() {
  // the runner calls these through its module's exports at each use: replacing them here is seen there
  const steps = require("@medusajs/test-utils/dist/medusa-test-runner-utils/postgres-template")
  let connection
  const server = () =>
    (connection ??= (async () => {
      const client = new Client(serverConfig(process.env.DB_WAITINGROOM_DATABASE || "postgres"))
      const forget = () => (connection = undefined)
      client.on("error", forget)
      client.on("end", forget)
      await client.connect()
      return client
    })().catch((error) => {
      connection = undefined
      throw error
    }))
  const copy = async (client, from, to) => {
    // WITH (FORCE) ends the sessions still on a database; the source of a copy may have none either,
    // and the app's pool must not come back to it meanwhile
    await client.query(`drop database if exists ${quote(to)} with (force)`)
    await client.query(`alter database ${quote(from)} with allow_connections false`)
    try {
      await client.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [from]
      )
      await client.query(`create database ${quote(to)} template ${quote(from)}${await strategy(client)}`)
    } finally {
      await client.query(`alter database ${quote(from)} with allow_connections true`)
    }
  }
  steps.createPostgresDatabaseTemplate = async ({ databaseName, templateName }) =>
    copy(await server(), databaseName, templateName)
  steps.restorePostgresDatabaseFromTemplate = async ({ databaseName, templateName }) =>
    copy(await server(), templateName, databaseName)
  const close = steps.closeWaitingroomClient
  steps.closeWaitingroomClient = async () => {
    const open = connection
    connection = undefined
    await (await open?.catch(() => undefined))?.end().catch(() => undefined)
    await close()
  }
}

module.exports = { ensureTemplate, copyTemplate, seededTemplate, dropDatabase, copyWithFileCopies }
