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

function migrate(database) {
  return new Promise((resolve, reject) => {
    const output = []
    const child = spawn(
      process.execPath,
      // the runner does not run Medusa's data migration scripts either
      [
        require.resolve("@medusajs/cli/cli.js", { paths: [BACKEND] }),
        "db:migrate",
        "--skip-scripts",
        "--execute-safe-links",
        "--execute-safe-search",
      ],
      {
        cwd: BACKEND,
        env: { ...process.env, DATABASE_URL: serverUrl(database), NODE_ENV: "test", LOG_LEVEL: "error" },
        stdio: ["ignore", "pipe", "pipe"],
      }
    )
    child.stdout.on("data", (d) => output.push(d))
    child.stderr.on("data", (d) => output.push(d))
    child.on("error", reject)
    child.on("exit", (code) =>
      code === 0
        ? resolve()
        : reject(
            new Error(
              `medusa db:migrate for the test template failed (${code}):\n${Buffer.concat(output).toString().slice(-4000)}`
            )
          )
    )
  })
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

/** Creates `database` as a copy of the template. */
async function copyTemplate(template, database) {
  await withServer(async (client) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`create database ${quote(database)} template ${quote(template)}`)
        return
      } catch (error) {
        // another file's copy can hold the template for a moment
        if (error.code !== "55006" || attempt >= 20) throw error
        await new Promise((r) => setTimeout(r, 250))
      }
    }
  })
}

module.exports = { ensureTemplate, copyTemplate }
