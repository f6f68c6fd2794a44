/**
 * The parts of the running shop and how each is built and started. Shared by
 * `npm start` (scripts/start.ts), the browser tests (scripts/e2e.ts) and the
 * benchmarks, so they all run the same thing.
 */
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process"
import { createHash } from "node:crypto"
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs"
import { createServer } from "node:net"
import path from "node:path"
import { fileURLToPath } from "node:url"
import pg from "pg"

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..")
export const CONTRACT = path.join(ROOT, "packages", "contract")
/** The self-hosted fonts (@font-face rules) the admin and the storefront bundle. */
const FONTS = path.join(ROOT, "packages", "fonts")
export const BACKEND = path.join(ROOT, "backend")
export const STOREFRONT = path.join(ROOT, "storefront")
export const BACKEND_BUILD = path.join(BACKEND, ".medusa", "server")
export const STOREFRONT_BUILD = path.join(STOREFRONT, "dist")

function bin(name: string): string {
  for (const dir of [path.join(BACKEND, "node_modules", ".bin"), path.join(ROOT, "node_modules", ".bin")]) {
    const file = path.join(dir, name)
    if (existsSync(file)) {
      return file
    }
  }
  throw new Error(`${name} is not installed: run npm install first`)
}

export type Log = (line: string) => void

/** A TCP port that was free on loopback a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** Runs a command to its end; rejects with its output's tail when it fails. */
export function run(
  command: string,
  args: string[],
  opts: { cwd: string; env?: NodeJS.ProcessEnv; log?: Log; label?: string }
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: opts.cwd,
      env: { ...process.env, ...opts.env },
      stdio: ["ignore", "pipe", "pipe"],
    })
    const tail: string[] = []
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n")) {
        if (!line.trim()) continue
        tail.push(line)
        if (tail.length > 40) tail.shift()
        opts.log?.(line)
      }
    }
    child.stdout!.on("data", onData)
    child.stderr!.on("data", onData)
    child.on("error", reject)
    child.on("close", (code, signal) => {
      if (code === 0) {
        resolve()
      } else {
        reject(new Error(`${opts.label ?? command} failed (${signal ?? `exit ${code}`}):\n${tail.join("\n")}`))
      }
    })
  })
}

/** A fingerprint of a source tree: paths, sizes and modification times. */
function fingerprint(paths: string[]): string {
  const hash = createHash("sha256")
  const visit = (p: string) => {
    if (!existsSync(p)) return
    const stat = statSync(p)
    if (stat.isDirectory()) {
      for (const name of readdirSync(p).sort()) {
        if (["node_modules", ".medusa", "dist", "static", "__tests__", "e2e"].includes(name) || name.includes(".test."))
          continue
        visit(path.join(p, name))
      }
    } else {
      hash.update(`${path.relative(ROOT, p)}:${stat.size}:${stat.mtimeMs}\n`)
    }
  }
  paths.forEach(visit)
  return hash.digest("hex")
}

async function buildIfChanged(opts: {
  name: string
  sources: string[]
  output: string
  build: () => Promise<void>
  log: Log
}): Promise<boolean> {
  const stampFile = path.join(opts.output, ".build-stamp")
  const stamp = fingerprint(opts.sources)
  if (existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp) {
    return false
  }
  opts.log(`Building the ${opts.name}...`)
  const started = Date.now()
  await opts.build()
  mkdirSync(opts.output, { recursive: true })
  writeFileSync(stampFile, stamp)
  opts.log(`Built the ${opts.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return true
}

/** The contract (packages/contract) as the built servers load it: dist/index.{cjs,mjs}. */
let contractBuild: Promise<boolean> | null = null
export async function buildContract(log: Log): Promise<void> {
  // the backend and the storefront build at once: one contract build serves both
  contractBuild ??= buildIfChanged({
    name: "contract",
    sources: [path.join(CONTRACT, "src"), path.join(CONTRACT, "build.mjs"), path.join(CONTRACT, "package.json")],
    output: path.join(CONTRACT, "dist"),
    log,
    build: () => run(process.execPath, ["build.mjs"], { cwd: CONTRACT, label: "contract build" }),
  })
  await contractBuild
}

export async function buildBackend(log: Log): Promise<void> {
  await buildContract(log)
  await buildIfChanged({
    name: "backend",
    sources: [
      path.join(BACKEND, "src"),
      path.join(BACKEND, "medusa-config.ts"),
      path.join(BACKEND, "package.json"),
      path.join(BACKEND, "tsconfig.json"),
      path.join(BACKEND, "build-aliases.mjs"),
      path.join(CONTRACT, "src"),
      FONTS,
    ],
    output: BACKEND_BUILD,
    log,
    // backend's `npm run build`: medusa build, then its #app imports made relative (build-aliases.mjs)
    build: async () => {
      await run(bin("medusa"), ["build"], { cwd: BACKEND, label: "medusa build" })
      await run(process.execPath, ["build-aliases.mjs"], { cwd: BACKEND, label: "build aliases" })
    },
  })
  // Uploaded files live in backend/static and survive rebuilds: the build's
  // static folder (what Medusa serves at /static) points there.
  const uploads = path.join(BACKEND, "static")
  mkdirSync(uploads, { recursive: true })
  const link = path.join(BACKEND_BUILD, "static")
  let present = false
  try {
    present = lstatSync(link).isSymbolicLink() || existsSync(link)
  } catch {
    present = false
  }
  if (!present) {
    symlinkSync(path.relative(BACKEND_BUILD, uploads), link)
  }
}

export async function buildStorefront(log: Log): Promise<void> {
  await buildContract(log)
  await buildIfChanged({
    name: "storefront",
    sources: [
      path.join(STOREFRONT, "src"),
      path.join(STOREFRONT, "index.html"),
      path.join(STOREFRONT, "landing.html"),
      path.join(STOREFRONT, "public"),
      path.join(STOREFRONT, "vite.config.ts"),
      path.join(STOREFRONT, "package.json"),
      path.join(CONTRACT, "src"),
      FONTS,
    ],
    output: STOREFRONT_BUILD,
    log,
    // the browser's build (dist/), then the storefront server's page renderer (dist-ssr/)
    build: async () => {
      await run(bin("vite"), ["build"], { cwd: STOREFRONT, label: "vite build" })
      await run(bin("vite"), ["build", "--ssr", "src/entry-server.tsx"], { cwd: STOREFRONT, label: "vite build --ssr" })
    },
  })
}

/** Environment every backend process gets (server, migrations, seed). */
export function backendEnv(opts: { databaseUrl: string; extra?: NodeJS.ProcessEnv }): NodeJS.ProcessEnv {
  return {
    MEDUSA_DISABLE_TELEMETRY: "true",
    NODE_ENV: "production",
    // "http" would log every request; LOG_LEVEL=http turns that back on.
    LOG_LEVEL: process.env.LOG_LEVEL || "info",
    ...opts.extra,
    DATABASE_URL: opts.databaseUrl,
  }
}

export async function migrate(env: NodeJS.ProcessEnv, log: Log): Promise<void> {
  await run(bin("medusa"), ["db:migrate", "--execute-safe-links", "--execute-safe-search"], {
    cwd: BACKEND_BUILD,
    env,
    log,
    label: "medusa db:migrate",
  })
}

export async function seed(env: NodeJS.ProcessEnv, log: Log): Promise<void> {
  await run(bin("medusa"), ["exec", "./src/scripts/seed.js"], {
    cwd: BACKEND_BUILD,
    env,
    log,
    label: "seed",
  })
}

export async function readPublishableKey(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query(
      `select token from api_key where type = 'publishable' and revoked_at is null and deleted_at is null
       order by created_at limit 1`
    )
    return rows[0]?.token ?? ""
  } finally {
    await client.end()
  }
}

export type Service = { name: string; child: ChildProcess; url: string }

/** Starts a long-running child in its own process group, its output prefixed. */
function startChild(name: string, command: string, args: string[], opts: SpawnOptions, log: Log): ChildProcess {
  const child = spawn(command, args, { ...opts, stdio: ["ignore", "pipe", "pipe"], detached: true })
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) {
      if (line.trim()) log(`[${name}] ${line}`)
    }
  }
  child.stdout!.on("data", forward)
  child.stderr!.on("data", forward)
  return child
}

/** Resolves once `url` answers 2xx; rejects if the child exits or time runs out. */
export async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let exited: string | null = null
  child.once("exit", (code, signal) => {
    exited = signal ?? `exit ${code}`
  })
  while (Date.now() < deadline) {
    if (exited) {
      throw new Error(`${url}: the process ended (${exited}) before it answered`)
    }
    try {
      const res = await fetch(url)
      if (res.ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`)
}

/**
 * The backend's V8 old-space limit. Medusa's live heap is about 250 MB; left
 * alone on a machine with plenty of RAM, V8 lets garbage pile up to several
 * times that under load (RSS 800-900 MB in `npm run bench`). A limit makes it
 * collect sooner. BACKEND_MAX_OLD_SPACE_MB (default 512) sets it.
 */
export function backendHeapFlag(): string {
  const mb = Number(process.env.BACKEND_MAX_OLD_SPACE_MB || 512)
  if (!Number.isInteger(mb) || mb < 256) throw new Error("BACKEND_MAX_OLD_SPACE_MB takes a whole number of MB >= 256")
  return `--max-old-space-size=${mb}`
}

export async function startBackend(opts: { env: NodeJS.ProcessEnv; port: number; log: Log }): Promise<Service> {
  // BACKEND_NODE_ARGS: extra flags for the backend's node (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof")
  const nodeArgs = (process.env.BACKEND_NODE_ARGS || "").split(/\s+/).filter(Boolean)
  if (!nodeArgs.some((a) => a.startsWith("--max-old-space-size"))) nodeArgs.unshift(backendHeapFlag())
  const child = startChild(
    "backend",
    process.execPath,
    [...nodeArgs, bin("medusa"), "start", "--port", String(opts.port)],
    {
      cwd: BACKEND_BUILD,
      // glibc gives each thread its own heap arena and keeps what libvips freed in them: decoding
      // a 12-megapixel photo left the backend 250 MB larger for good (834 MB against 580 MB with
      // two arenas, npm run bench). sharp's advice on glibc; a MALLOC_ARENA_MAX of the caller's wins.
      env: { MALLOC_ARENA_MAX: "2", ...process.env, ...opts.env, PORT: String(opts.port) },
    },
    opts.log
  )
  const url = `http://127.0.0.1:${opts.port}`
  await waitForHttp(`${url}/health`, child)
  return { name: "backend", child, url }
}

export async function startStorefront(opts: {
  port: number
  backendUrl: string
  publishableKey: string
  log: Log
  /** EDGE_SECRET, the value the backend has too (the storefront's reads of the shared public cache) */
  edgeSecret?: string
  /** PUBLIC_URL: the address in the pages' link-preview tags */
  publicUrl?: string
}): Promise<Service> {
  const child = startChild(
    "storefront",
    process.execPath,
    [bin("tsx"), "server/serve.ts"],
    {
      cwd: STOREFRONT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        STOREFRONT_PORT: String(opts.port),
        MEDUSA_BACKEND_URL: opts.backendUrl,
        MEDUSA_PUBLISHABLE_KEY: opts.publishableKey,
        ...(opts.edgeSecret ? { EDGE_SECRET: opts.edgeSecret } : {}),
        ...(opts.publicUrl ? { PUBLIC_URL: opts.publicUrl } : {}),
      },
    },
    opts.log
  )
  const url = `http://127.0.0.1:${opts.port}`
  await waitForHttp(`${url}/`, child, 30_000)
  return { name: "storefront", child, url }
}

/** Stops a child's whole process group: SIGTERM, then SIGKILL after a grace period. */
export async function stopService(service: Pick<Service, "child">, graceMs = 10_000): Promise<void> {
  const { child } = service
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig)
    } catch {
      // already gone
    }
  }
  signal("SIGTERM")
  const timer = setTimeout(() => signal("SIGKILL"), graceMs)
  await exited
  clearTimeout(timer)
  // anything the child left behind in its group
  signal("SIGKILL")
}
