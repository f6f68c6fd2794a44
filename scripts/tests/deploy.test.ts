/**
 * Deployment files: docker-compose.yml, backend/Dockerfile, storefront/Dockerfile,
 * .dockerignore and the two container entrypoints. No Docker engine runs here,
 * so the files are read and checked against each other and the repository; the
 * entrypoints (plain sh) are run for real with a fake `medusa` on PATH.
 *
 *   npx tsx --test scripts/tests/deploy.test.ts
 */
import assert from "node:assert/strict"
import { spawn, spawnSync } from "node:child_process"
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createServer } from "node:http"
import { createServer as createNetServer } from "node:net"
import { tmpdir } from "node:os"
import path from "node:path"
import { after, describe, test } from "node:test"
import { fileURLToPath } from "node:url"
import pg from "pg"
import { parse } from "yaml"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..")
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8")

type Healthcheck = { test?: string | string[]; start_period?: string }
type Service = {
  image?: string
  build?: string | { context?: string; dockerfile?: string }
  command?: string | string[]
  environment?: Record<string, string | number | boolean | null> | string[]
  ports?: (string | { target: number; published?: string | number })[]
  volumes?: (string | { type?: string; source?: string; target: string })[]
  depends_on?: string[] | Record<string, { condition?: string }>
  healthcheck?: Healthcheck
}
type Compose = { services: Record<string, Service>; volumes?: Record<string, unknown> }

// Compose applies YAML merge keys (`<<: *anchor`); so does this parse.
const compose = parse(read("docker-compose.yml"), { merge: true }) as Compose
const services = compose.services
const service = (name: string): Service => {
  const s = services[name]
  assert.ok(s, `docker-compose.yml has no service "${name}"`)
  return s
}

function env(name: string): Record<string, string> {
  const raw = service(name).environment ?? {}
  const entries = Array.isArray(raw)
    ? raw.map((line) => {
        const at = line.indexOf("=")
        return at < 0 ? [line, ""] : [line.slice(0, at), line.slice(at + 1)]
      })
    : Object.entries(raw).map(([k, v]) => [k, v === null ? "" : String(v)])
  return Object.fromEntries(entries)
}

function build(name: string): { context: string; dockerfile: string } {
  const b = service(name).build
  assert.ok(b, `${name} has no build`)
  if (typeof b === "string") return { context: b, dockerfile: "Dockerfile" }
  return { context: b.context ?? ".", dockerfile: b.dockerfile ?? "Dockerfile" }
}

function dependsOn(name: string): Record<string, string | undefined> {
  const d = service(name).depends_on ?? {}
  if (Array.isArray(d)) return Object.fromEntries(d.map((n) => [n, undefined]))
  return Object.fromEntries(Object.entries(d).map(([n, v]) => [n, v?.condition]))
}

function healthTest(name: string): string {
  const t = service(name).healthcheck?.test
  assert.ok(t && t.length > 0, `${name} has no healthcheck test`)
  return Array.isArray(t) ? t.join(" ") : t
}

/** Container ports a service publishes. */
function publishedTargets(name: string): number[] {
  return (service(name).ports ?? []).map((p) => {
    if (typeof p !== "string") return p.target
    const parts = p.replace(/\/(tcp|udp)$/, "").split(":")
    return Number(parts[parts.length - 1])
  })
}

function mounts(name: string): { source: string; target: string }[] {
  return (service(name).volumes ?? []).map((v) => {
    if (typeof v !== "string") return { source: v.source ?? "", target: v.target }
    const [source, target] = v.split(":")
    return { source, target }
  })
}

function command(name: string): string {
  const c = service(name).command
  return Array.isArray(c) ? c.join(" ") : (c ?? "")
}

/** A random free port in 55000-55999 (PostgreSQL binds "localhost": v4 and v6). */
async function freePort(): Promise<number> {
  const canListen = (port: number, host: string) =>
    new Promise<boolean>((resolve) => {
      const server = createNetServer()
      server.once("error", (e: NodeJS.ErrnoException) =>
        resolve(e.code === "EADDRNOTAVAIL" || e.code === "EAFNOSUPPORT")
      )
      server.listen(port, host, () => server.close(() => resolve(true)))
    })
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 55000 + Math.floor(Math.random() * 1000)
    if ((await canListen(port, "127.0.0.1")) && (await canListen(port, "::1"))) return port
  }
  throw new Error("no free port in 55000-55999")
}

// ---- a small Dockerfile reader ----

type Instruction = { op: string; args: string; stage: number }
type Dockerfile = { instructions: Instruction[]; stages: { base: string; name?: string }[] }

function readDockerfile(file: string): Dockerfile {
  const joined = read(file)
    .split("\n")
    .filter((line) => !/^\s*#/.test(line))
    .join("\n")
    .replace(/\\\n/g, " ")
  const instructions: Instruction[] = []
  const stages: Dockerfile["stages"] = []
  for (const line of joined.split("\n")) {
    const m = line.trim().match(/^([A-Za-z]+)\s+(.*)$/)
    if (!m) continue
    const op = m[1].toUpperCase()
    const args = m[2].trim()
    if (op === "FROM") {
      const f = args.match(/^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?/i)!
      stages.push({ base: f[1], name: f[2] })
    }
    instructions.push({ op, args, stage: stages.length - 1 })
  }
  return { instructions, stages }
}

/** `COPY` instructions with their flags, sources and destination. */
function copies(df: Dockerfile) {
  return df.instructions
    .filter((i) => i.op === "COPY")
    .map((i) => {
      const words = i.args.split(/\s+/)
      const flags = words.filter((w) => w.startsWith("--"))
      const rest = words.filter((w) => !w.startsWith("--"))
      const from = flags.find((f) => f.startsWith("--from="))?.slice("--from=".length)
      return { stage: i.stage, from, sources: rest.slice(0, -1), dest: rest[rest.length - 1] }
    })
}

const lastStage = (df: Dockerfile) => df.instructions.filter((i) => i.stage === df.stages.length - 1)
const finalWorkdir = (df: Dockerfile) =>
  lastStage(df)
    .filter((i) => i.op === "WORKDIR")
    .at(-1)?.args
/** Exec-form JSON, or the shell form as one string. */
const words = (args: string): string[] => (args.startsWith("[") ? (JSON.parse(args) as string[]) : [args])

// ---- .dockerignore, as Docker matches it (root-relative patterns, ** any depth, ! re-includes) ----

const ignorePatterns = read(".dockerignore")
  .split("\n")
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith("#"))

function globToRegExp(pattern: string): RegExp {
  let re = ""
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]
    if (c === "*" && pattern[i + 1] === "*") {
      re += ".*"
      i++
      if (pattern[i + 1] === "/") i++
    } else if (c === "*") re += "[^/]*"
    else if (c === "?") re += "[^/]"
    else re += c.replace(/[.+^${}()|[\]\\]/g, "\\$&")
  }
  // A pattern matching a folder excludes everything under it.
  return new RegExp(`^${re}(/.*)?$`)
}

function dockerIgnored(relPath: string): boolean {
  let ignored = false
  for (const raw of ignorePatterns) {
    const negate = raw.startsWith("!")
    const pattern = path.posix.normalize(negate ? raw.slice(1) : raw).replace(/^\//, "")
    if (globToRegExp(pattern).test(relPath)) ignored = !negate
  }
  return ignored
}

// ---- compose ----

describe("docker-compose.yml", () => {
  test("has exactly the five services", () => {
    assert.deepEqual(Object.keys(services).sort(), ["backend", "postgres", "redis", "storefront", "worker"])
  })

  test("PostgreSQL 16 and Redis 7 images", () => {
    assert.match(service("postgres").image ?? "", /^postgres:16(?:$|[.-])/)
    assert.match(service("redis").image ?? "", /^redis:7(?:$|[.-])/)
    assert.equal(service("postgres").build, undefined)
    assert.equal(service("redis").build, undefined)
  })

  test("backend and worker build backend/Dockerfile, the storefront storefront/Dockerfile, from the root", () => {
    assert.deepEqual(build("backend"), { context: ".", dockerfile: "backend/Dockerfile" })
    assert.deepEqual(build("worker"), { context: ".", dockerfile: "backend/Dockerfile" })
    assert.deepEqual(build("storefront"), { context: ".", dockerfile: "storefront/Dockerfile" })
    // One image for the server and the worker.
    assert.ok(service("backend").image, "the backend's image has no name")
    assert.equal(service("worker").image, service("backend").image)
    for (const name of ["backend", "worker", "storefront"]) {
      const { context, dockerfile } = build(name)
      assert.ok(existsSync(path.join(ROOT, context, dockerfile)), `${name}: ${dockerfile} does not exist`)
    }
  })

  test("every service has a healthcheck, none relies on curl", () => {
    for (const name of Object.keys(services)) {
      const t = healthTest(name)
      assert.doesNotMatch(t, /\bcurl\b|\bwget\b/, `${name}: node images have neither curl nor wget`)
    }
    assert.match(healthTest("postgres"), /pg_isready/)
    assert.match(healthTest("redis"), /redis-cli\b.*\bping\b/)
    for (const name of ["backend", "worker"]) {
      assert.match(healthTest(name), /^CMD node -e .*fetch\(.http:\/\/(localhost|127\.0\.0\.1):9000\/health/)
    }
    assert.match(healthTest("storefront"), /^CMD node -e .*fetch\(.http:\/\/(localhost|127\.0\.0\.1):5173\//)
  })

  test("the healthcheck scripts exit 0 on a 2xx answer and 1 otherwise", async () => {
    for (const name of ["backend", "storefront"]) {
      const t = service(name).healthcheck!.test as string[]
      const script = t[t.indexOf("-e") + 1]
      for (const status of [200, 503]) {
        const server = createServer((_, res) => res.writeHead(status).end())
        await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
        const port = (server.address() as { port: number }).port
        const local = script.replace(/:(9000|5173)\//, `:${port}/`)
        const code = await new Promise<number | null>((resolve) => {
          const child = spawn(process.execPath, ["-e", local], { stdio: "ignore", timeout: 10_000 })
          child.on("exit", (c) => resolve(c))
        })
        server.close()
        assert.equal(code, status === 200 ? 0 : 1, `${name} healthcheck against HTTP ${status}`)
      }
      const closed = spawnSync(process.execPath, ["-e", script.replace(/:(9000|5173)\//, ":1/")], {
        timeout: 10_000,
      })
      assert.equal(closed.status, 1, `${name} healthcheck with nothing listening`)
    }
  })

  test("backend is the server, worker the worker; only the backend migrates", () => {
    assert.equal(env("backend").MEDUSA_WORKER_MODE, "server")
    assert.equal(env("worker").MEDUSA_WORKER_MODE, "worker")
    assert.equal(env("worker").RUN_MIGRATIONS, "false")
    assert.notEqual(env("backend").RUN_MIGRATIONS, "false")
    assert.deepEqual(publishedTargets("worker"), [], "the worker publishes no port")
    assert.deepEqual(publishedTargets("backend"), [9000])
    for (const name of ["backend", "worker"]) {
      assert.match(command(name), /^medusa start$/)
    }
  })

  test("backend and worker wait for healthy PostgreSQL and Redis; worker and storefront for the backend", () => {
    for (const name of ["backend", "worker"]) {
      const deps = dependsOn(name)
      assert.equal(deps.postgres, "service_healthy", `${name} -> postgres`)
      assert.equal(deps.redis, "service_healthy", `${name} -> redis`)
    }
    assert.equal(dependsOn("worker").backend, "service_healthy")
    assert.equal(dependsOn("storefront").backend, "service_healthy")
  })

  test("secrets and the admin login are required (${VAR:?message}), never defaulted", () => {
    const required = (value: string | undefined, name: string) =>
      assert.match(value ?? "", new RegExp(`^\\$\\{${name}:\\?[^}]+\\}$`), `${name} is "${value}"`)
    for (const name of ["JWT_SECRET", "COOKIE_SECRET", "ADMIN_EMAIL", "ADMIN_PASSWORD"]) {
      required(env("backend")[name], name)
    }
    for (const name of ["JWT_SECRET", "COOKIE_SECRET"]) {
      required(env("worker")[name], name)
    }
    const text = read("docker-compose.yml")
    assert.doesNotMatch(text, /\$\{(JWT_SECRET|COOKIE_SECRET|ADMIN_EMAIL|ADMIN_PASSWORD):?-/)
    assert.doesNotMatch(text, /admin@shop\.local|admin12345|development-only/)
  })

  test("backend environment: database, Redis, production, public URL, cookies", () => {
    for (const name of ["backend", "worker"]) {
      const e = env(name)
      assert.equal(e.DATABASE_URL, "postgres://postgres:postgres@postgres:5432/medusa", name)
      assert.equal(e.REDIS_URL, "redis://redis:6379", name)
      assert.equal(e.NODE_ENV, "production", name)
      assert.ok("PUBLIC_URL" in e && e.PUBLIC_URL !== "", `${name}: PUBLIC_URL`)
      assert.ok("COOKIE_SECURE" in e, `${name}: COOKIE_SECURE`)
      // the support line the admin's orders screens show: the storefront's setting (SPEC.md section 1)
      assert.equal(e.SHOP_SUPPORT_PHONE, env("storefront").SHOP_SUPPORT_PHONE, `${name}: SHOP_SUPPORT_PHONE`)
    }
    // The database named in DATABASE_URL is the one the postgres service creates.
    const pg = env("postgres")
    assert.equal(pg.POSTGRES_DB, "medusa")
    assert.equal(pg.POSTGRES_USER ?? "postgres", "postgres")
    assert.equal(pg.POSTGRES_PASSWORD, "postgres")
  })

  test("storefront: port 5173, proxies to the backend service, publishable key from the environment", () => {
    const e = env("storefront")
    assert.deepEqual(publishedTargets("storefront"), [5173])
    assert.equal(e.MEDUSA_BACKEND_URL, "http://backend:9000")
    assert.match(e.MEDUSA_PUBLISHABLE_KEY ?? "", /^\$\{MEDUSA_PUBLISHABLE_KEY(:?-[^}]*)?\}$/)
    assert.ok(!e.STOREFRONT_PORT || e.STOREFRONT_PORT === "5173")
  })

  test("named volumes: the database, and uploads at the static folder of the Medusa build", () => {
    const declared = Object.keys(compose.volumes ?? {})
    const named = (name: string, target: string) => {
      const m = mounts(name).find((v) => v.target === target)
      assert.ok(m, `${name} mounts nothing at ${target}`)
      assert.ok(declared.includes(m.source), `${name}: "${m.source}" is not a named volume`)
      return m.source
    }
    named("postgres", "/var/lib/postgresql/data")
    const uploads = named("backend", "/app/backend/.medusa/server/static")
    assert.equal(named("worker", "/app/backend/.medusa/server/static"), uploads)
    // The key the backend writes is read by the storefront from the same volume.
    const backendConfig = mounts("backend").find((v) => v.target === "/run/shop-config")
    const storefrontConfig = mounts("storefront").find((v) => v.target === "/run/shop-config")
    assert.ok(backendConfig && storefrontConfig)
    assert.equal(backendConfig.source, storefrontConfig.source)
  })
})

// ---- Dockerfiles ----

const dockerfiles = {
  backend: readDockerfile("backend/Dockerfile"),
  storefront: readDockerfile("storefront/Dockerfile"),
}

describe("Dockerfiles", () => {
  test("multi-stage on node:20-bookworm-slim", () => {
    for (const [name, df] of Object.entries(dockerfiles)) {
      assert.ok(df.stages.length >= 2, `${name}: not multi-stage`)
      for (const stage of df.stages) {
        assert.equal(stage.base, "node:20-bookworm-slim", `${name}: FROM ${stage.base}`)
      }
    }
  })

  test("install from the lockfile with every workspace manifest, then build", () => {
    for (const [name, df] of Object.entries(dockerfiles)) {
      const copied = copies(df)
        .filter((c) => !c.from)
        .flatMap((c) => c.sources)
      for (const file of [
        "package.json",
        "package-lock.json",
        ".npmrc",
        "backend/package.json",
        "storefront/package.json",
      ]) {
        assert.ok(copied.includes(file), `${name}: ${file} is not copied`)
      }
      // npm ci needs every workspace the root names: the packages/* ones are copied whole
      const workspaces = (JSON.parse(read("package.json")) as { workspaces: string[] }).workspaces
      for (const workspace of workspaces.filter((w) => w.startsWith("packages/"))) {
        assert.ok(copied.includes(workspace), `${name}: workspace ${workspace} is not copied before npm ci`)
      }
      const runs = df.instructions.filter((i) => i.op === "RUN").map((i) => i.args)
      const ci = runs.findIndex((r) => /\bnpm ci\b/.test(r))
      const buildCmd = runs.findIndex((r) => r.includes(`npm run build -w ${name}`))
      assert.ok(ci >= 0, `${name}: no npm ci`)
      assert.ok(buildCmd > ci, `${name}: no \`npm run build -w ${name}\` after npm ci`)
      // The lockfile install must not skip devDependencies (medusa build / vite build need them).
      assert.doesNotMatch(runs[ci], /--omit|--production/)
      const envBeforeBuild = df.instructions.filter((i) => i.op === "ENV" && i.stage === 0).map((i) => i.args)
      assert.ok(
        !envBeforeBuild.some((e) => /NODE_ENV=production/.test(e)),
        `${name}: NODE_ENV=production in the build stage`
      )
    }
  })

  test("every file copied from the context exists and is not excluded by .dockerignore", () => {
    for (const [name, df] of Object.entries(dockerfiles)) {
      for (const c of copies(df).filter((c) => !c.from)) {
        for (const source of c.sources) {
          assert.ok(existsSync(path.join(ROOT, source)), `${name}: COPY ${source}: missing`)
          assert.ok(!dockerIgnored(source), `${name}: COPY ${source}: excluded by .dockerignore`)
        }
      }
    }
  })

  test(".dockerignore leaves out installs, builds, data, uploads and git", () => {
    for (const p of [
      "node_modules",
      "backend/node_modules",
      "storefront/node_modules",
      ".data/postgres",
      ".git/HEAD",
    ]) {
      assert.ok(dockerIgnored(p), `${p} is sent to the build`)
    }
    for (const p of ["backend/.medusa/server", "storefront/dist/index.html", "backend/static/a.png", ".env"]) {
      assert.ok(dockerIgnored(p), `${p} is sent to the build`)
    }
    for (const p of [
      "backend/src/scripts/seed.ts",
      "backend/medusa-config.ts",
      "storefront/src/main.tsx",
      "storefront/server/serve.ts",
      "storefront/public/favicon.svg",
      "package-lock.json",
      ".env.example",
    ]) {
      assert.ok(!dockerIgnored(p), `${p} is left out of the build`)
    }
  })

  test("backend runtime: runs `medusa start` from the build output with the root node_modules", () => {
    const df = dockerfiles.backend
    const fromBuild = copies(df).filter((c) => c.from && c.stage === df.stages.length - 1)
    assert.ok(
      fromBuild.some((c) => c.sources.includes("/app/node_modules")),
      "node_modules is not kept"
    )
    assert.ok(
      fromBuild.some((c) => c.sources.includes("/app/backend/.medusa/server")),
      "the build output is not copied"
    )
    assert.equal(finalWorkdir(df), "/app/backend/.medusa/server")
    const entrypoint = words(lastStage(df).find((i) => i.op === "ENTRYPOINT")!.args)
    const cmd = words(lastStage(df).find((i) => i.op === "CMD")!.args)
    assert.deepEqual(cmd, ["medusa", "start"])
    // The entrypoint is copied from the repository to where ENTRYPOINT runs it.
    const copied = copies(df).find((c) => !c.from && c.dest === entrypoint[0])
    assert.ok(copied, `nothing is copied to ${entrypoint[0]}`)
    assert.equal(copied.sources[0], "backend/docker-entrypoint.sh")
    // `medusa` (and node_modules/.bin) on PATH, as the entrypoint and compose's command call it.
    const envs = lastStage(df)
      .filter((i) => i.op === "ENV")
      .map((i) => i.args)
      .join(" ")
    assert.match(envs, /PATH=\/app\/node_modules\/\.bin:/)
    assert.match(envs, /NODE_ENV=production/)
    assert.ok(lastStage(df).some((i) => i.op === "EXPOSE" && i.args === "9000"))
    // The uploads volume mounts on a folder the (non-root) server can write.
    const runs = lastStage(df)
      .filter((i) => i.op === "RUN")
      .map((i) => i.args)
      .join("\n")
    assert.match(runs, /mkdir -p [^\n]*\/app\/backend\/\.medusa\/server\/static/)
    assert.match(runs, /chown node:node [^\n]*\/app\/backend\/\.medusa\/server\/static/)
    assert.equal(
      lastStage(df)
        .filter((i) => i.op === "USER")
        .at(-1)?.args,
      "node"
    )
  })

  test("storefront runtime: tsx runs server/serve.ts from /app/storefront next to dist/", () => {
    const df = dockerfiles.storefront
    assert.equal(finalWorkdir(df), "/app/storefront")
    const cmd = words(lastStage(df).find((i) => i.op === "CMD")!.args)
    assert.deepEqual(cmd, ["tsx", "server/serve.ts"])
    const fromBuild = copies(df).filter((c) => c.from && c.stage === df.stages.length - 1)
    const copiedTo = (source: string) => fromBuild.find((c) => c.sources.includes(source))?.dest
    assert.equal(copiedTo("/app/storefront/dist"), "storefront/dist")
    assert.equal(copiedTo("/app/storefront/server"), "storefront/server")
    // the page renderer, React and the app bundled in (vite.config.ts ssr.noExternal)
    assert.equal(copiedTo("/app/storefront/dist-ssr"), "storefront/dist-ssr")
    for (const pkg of ["tsx", "esbuild"]) {
      assert.ok(copiedTo(`/app/node_modules/${pkg}`), `${pkg} is not in the runtime image`)
    }
    // every package the server's modules import, and what those need in turn, is in the runtime image
    // static imports, and the ones loaded when configured (ioredis, with REDIS_URL)
    const serverDir = path.join(ROOT, "storefront", "server")
    const modules = readdirSync(serverDir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    assert.ok(modules.includes("serve.ts") && modules.length > 1, modules.join())
    const imported = [
      ...new Set(
        modules.flatMap((file) => {
          const source = read(`storefront/server/${file}`)
          return [
            ...source.matchAll(/^import [^;]*? from ["']([^"'.][^"']*)["'];?$/gm),
            ...source.matchAll(/await import\(["']([^"'.][^"']*)["']\)/g),
          ].map((m) => m[1]!)
        })
      ),
    ].filter((specifier) => !specifier.startsWith("node:"))
    assert.ok(
      imported.includes("proxy-addr") && imported.includes("@shop/contract") && imported.includes("ioredis"),
      imported.join()
    )
    // the top-level packages the image needs: a dependency nested in its dependent's own
    // node_modules/ comes with the dependent's folder (npm's resolution, nearest folder first)
    const needed = new Set<string>()
    const seen = new Set<string>()
    const visit = (dir: string) => {
      if (seen.has(dir)) return
      seen.add(dir)
      const manifest = JSON.parse(read(`${dir}/package.json`)) as { dependencies?: Record<string, string> }
      for (const dep of Object.keys(manifest.dependencies ?? {})) {
        const nested = `${dir}/node_modules/${dep}`
        if (existsSync(path.join(ROOT, nested, "package.json"))) visit(nested)
        else {
          needed.add(dep)
          visit(`node_modules/${dep}`)
        }
      }
    }
    for (const pkg of imported) {
      needed.add(pkg)
      visit(`node_modules/${pkg}`)
    }
    const runs = lastStage(df)
      .filter((i) => i.op === "RUN")
      .map((i) => i.args)
      .join("\n")
    for (const pkg of needed) {
      if (pkg === "@shop/contract") {
        // the workspace link, to the built contract
        assert.equal(copiedTo("/app/packages/contract/dist"), "packages/contract/dist")
        assert.equal(copiedTo("/app/packages/contract/package.json"), "packages/contract/package.json")
        assert.match(runs, /ln -s \.\.\/\.\.\/packages\/contract node_modules\/@shop\/contract/)
      } else {
        assert.ok(
          copiedTo(`/app/node_modules/${pkg}`),
          `${pkg} (imported by the storefront server) is not in the runtime image`
        )
      }
    }
    // tsx's only runtime dependency must be esbuild for the slim copy to work.
    const tsxPkg = JSON.parse(read("node_modules/tsx/package.json")) as { dependencies?: Record<string, string> }
    assert.deepEqual(Object.keys(tsxPkg.dependencies ?? {}), ["esbuild"])
    assert.match(runs, /ln -s \.\.\/tsx\/dist\/cli\.mjs node_modules\/\.bin\/tsx/)
    assert.ok(existsSync(path.join(ROOT, "node_modules/tsx/dist/cli.mjs")))
    assert.ok(existsSync(path.join(ROOT, "storefront/server/serve.ts")))
    const entrypoint = words(lastStage(df).find((i) => i.op === "ENTRYPOINT")!.args)
    const copied = copies(df).find((c) => !c.from && c.dest === entrypoint[0])
    assert.equal(copied?.sources[0], "storefront/docker-entrypoint.sh")
    assert.ok(lastStage(df).some((i) => i.op === "EXPOSE" && i.args === "5173"))
    assert.match(
      lastStage(df)
        .filter((i) => i.op === "ENV")
        .map((i) => i.args)
        .join(" "),
      /STOREFRONT_PORT=5173/
    )
  })

  test("the build scripts the Dockerfiles run are the workspaces' own", () => {
    const backend = JSON.parse(read("backend/package.json")) as { scripts: Record<string, string> }
    const storefront = JSON.parse(read("storefront/package.json")) as { scripts: Record<string, string> }
    // medusa build, then the built server's #app imports made relative (backend/build-aliases.mjs)
    assert.equal(backend.scripts.build, "medusa build && node build-aliases.mjs")
    assert.ok(existsSync(path.join(ROOT, "backend/build-aliases.mjs")))
    // the browser's build (dist/), then the storefront server's page renderer (dist-ssr/)
    assert.equal(storefront.scripts.build, "vite build && vite build --ssr src/entry-server.tsx")
    // medusa build writes .medusa/server (tsconfig outDir), where the runtime stage runs.
    const tsconfig = read("backend/tsconfig.json")
    assert.match(tsconfig, /"outDir":\s*"\.\/\.medusa\/server"/)
    // The seed the entrypoint runs exists in the sources it is compiled from.
    assert.ok(existsSync(path.join(ROOT, "backend/src/scripts/seed.ts")))
  })
})

// ---- entrypoints, run with sh ----

describe("backend/docker-entrypoint.sh", () => {
  const work = mkdtempSync(path.join(tmpdir(), "entrypoint-"))
  after(() => rmSync(work, { recursive: true, force: true }))
  const bin = path.join(work, "bin")
  const log = path.join(work, "calls.log")
  spawnSync("mkdir", ["-p", bin])
  // A fake medusa: records its arguments; FAKE_MIGRATE_FAIL=1 makes db:migrate fail.
  writeFileSync(
    path.join(bin, "medusa"),
    `#!/bin/sh\necho "medusa $*" >> "${log}"\n[ "$1" = db:migrate ] && [ "\${FAKE_MIGRATE_FAIL:-}" = 1 ] && exit 3\nexit 0\n`
  )
  chmodSync(path.join(bin, "medusa"), 0o755)

  const good = {
    NODE_ENV: "production",
    JWT_SECRET: "j".repeat(40),
    COOKIE_SECRET: "c".repeat(40),
    ADMIN_EMAIL: "owner@example.com",
    ADMIN_PASSWORD: "a-long-password",
    SHOP_CONFIG_DIR: "",
  }
  function run(extra: Record<string, string>, cwd = work) {
    rmSync(log, { force: true })
    const result = spawnSync(
      "sh",
      [path.join(ROOT, "backend/docker-entrypoint.sh"), "sh", "-c", `echo "started" >> "${log}"`],
      {
        cwd,
        env: { PATH: `${bin}:${process.env.PATH}`, HOME: work, ...good, ...extra },
        encoding: "utf8",
        timeout: 30_000,
      }
    )
    const calls = existsSync(log) ? readFileSync(log, "utf8").trim().split("\n") : []
    return { code: result.status, calls, output: result.stdout + result.stderr }
  }

  test("server: migrates, seeds, then runs the command", () => {
    const r = run({ MEDUSA_WORKER_MODE: "server" })
    assert.equal(r.code, 0, r.output)
    assert.deepEqual(r.calls, [
      "medusa db:migrate --execute-safe-links --execute-safe-search",
      "medusa exec ./src/scripts/seed.js",
      "started",
    ])
  })

  test("worker, or RUN_MIGRATIONS=false: only the command", () => {
    assert.deepEqual(run({ MEDUSA_WORKER_MODE: "worker" }).calls, ["started"])
    assert.deepEqual(run({ MEDUSA_WORKER_MODE: "worker", ADMIN_EMAIL: "", ADMIN_PASSWORD: "" }).calls, ["started"])
    assert.deepEqual(run({ MEDUSA_WORKER_MODE: "server", RUN_MIGRATIONS: "false" }).calls, ["started"])
  })

  test("a failed migration stops the start", () => {
    const r = run({ MEDUSA_WORKER_MODE: "server", FAKE_MIGRATE_FAIL: "1" })
    assert.notEqual(r.code, 0)
    assert.deepEqual(r.calls, ["medusa db:migrate --execute-safe-links --execute-safe-search"])
  })

  test("production refuses development admin defaults, short or missing secrets, an unknown mode", () => {
    const refused = (extra: Record<string, string>, message: RegExp) => {
      const r = run({ MEDUSA_WORKER_MODE: "server", ...extra })
      assert.notEqual(r.code, 0, `started with ${JSON.stringify(extra)}`)
      assert.deepEqual(r.calls, [], "ran something before refusing")
      assert.match(r.output, message)
    }
    refused({ ADMIN_EMAIL: "admin@shop.local" }, /ADMIN_EMAIL is the development default/)
    refused({ ADMIN_PASSWORD: "admin12345" }, /ADMIN_PASSWORD is the development default/)
    refused({ ADMIN_PASSWORD: "short" }, /ADMIN_PASSWORD must have at least 10 characters/)
    refused({ ADMIN_EMAIL: "" }, /ADMIN_EMAIL is not set/)
    refused({ JWT_SECRET: "x".repeat(31) }, /JWT_SECRET must have at least 32 characters/)
    refused({ COOKIE_SECRET: "" }, /COOKIE_SECRET is not set/)
    refused({ MEDUSA_WORKER_MODE: "both" }, /MEDUSA_WORKER_MODE must be/)
    // Outside production the same values pass (as for npm start).
    assert.equal(run({ MEDUSA_WORKER_MODE: "server", NODE_ENV: "development", JWT_SECRET: "" }).code, 0)
  })

  test("an unreadable publishable key is a warning, not a failed start", () => {
    const dir = path.join(work, "shop-config")
    spawnSync("mkdir", ["-p", dir])
    const r = run({ MEDUSA_WORKER_MODE: "server", SHOP_CONFIG_DIR: dir, DATABASE_URL: "postgres://u:p@127.0.0.1:1/x" })
    assert.equal(r.code, 0, r.output)
    assert.match(r.output, /could not read the publishable key/)
    assert.equal(r.calls.at(-1), "started")
    assert.ok(!existsSync(path.join(dir, "publishable-key")))
  })

  test(
    "after seeding, the oldest live publishable key is written for the storefront",
    { timeout: 120_000 },
    async (t) => {
      const { startEmbeddedPostgres, withDatabase } = await import("../lib/postgres")
      const folder = mkdtempSync(path.join(tmpdir(), "entrypoint-pg-"))
      chmodSync(folder, 0o755) // as root the cluster runs as `postgres`, which must reach its folder
      let db: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined
      t.after(async () => {
        await db?.stop()
        rmSync(folder, { recursive: true, force: true })
      })
      db = await startEmbeddedPostgres({ dataDir: path.join(folder, "pg"), port: await freePort() })
      const url = withDatabase(db.serverUrl, "postgres")
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        // The columns of Medusa's api_key table that the query reads.
        await client.query(`create table api_key (token text, type text, revoked_at timestamptz,
        deleted_at timestamptz, created_at timestamptz)`)
        await client.query(`insert into api_key values
        ('pk_revoked', 'publishable', now(), null, now() - interval '3 days'),
        ('sk_secret', 'secret', null, null, now() - interval '3 days'),
        ('pk_deleted', 'publishable', null, now(), now() - interval '3 days'),
        ('pk_newer', 'publishable', null, null, now() - interval '1 day'),
        ('pk_oldest_live', 'publishable', null, null, now() - interval '2 days')`)
      } finally {
        await client.end()
      }
      const dir = path.join(work, "shop-config-live")
      spawnSync("mkdir", ["-p", dir])
      // From backend/ (as from backend/.medusa/server in the image) pg resolves up the tree.
      const r = run(
        { MEDUSA_WORKER_MODE: "server", SHOP_CONFIG_DIR: dir, DATABASE_URL: url },
        path.join(ROOT, "backend")
      )
      assert.equal(r.code, 0, r.output)
      assert.equal(readFileSync(path.join(dir, "publishable-key"), "utf8"), "pk_oldest_live\n")
      assert.match(r.output, /Publishable key: pk_oldest_live/)
      assert.equal(r.calls.at(-1), "started")
      // A worker writes nothing.
      rmSync(path.join(dir, "publishable-key"))
      assert.equal(
        run({ MEDUSA_WORKER_MODE: "worker", SHOP_CONFIG_DIR: dir, DATABASE_URL: url }, path.join(ROOT, "backend")).code,
        0
      )
      assert.ok(!existsSync(path.join(dir, "publishable-key")))
    }
  )
})

describe("storefront/docker-entrypoint.sh", () => {
  const work = mkdtempSync(path.join(tmpdir(), "entrypoint-sf-"))
  after(() => rmSync(work, { recursive: true, force: true }))
  const run = (env: Record<string, string>) =>
    spawnSync(
      "sh",
      [path.join(ROOT, "storefront/docker-entrypoint.sh"), "sh", "-c", 'printf "key=%s" "$MEDUSA_PUBLISHABLE_KEY"'],
      {
        env: { PATH: process.env.PATH, SHOP_CONFIG_DIR: work, ...env },
        encoding: "utf8",
        timeout: 30_000,
      }
    )

  test("uses the key the backend wrote when MEDUSA_PUBLISHABLE_KEY is empty; the environment wins", () => {
    assert.equal(run({ MEDUSA_PUBLISHABLE_KEY: "" }).stdout, "key=")
    writeFileSync(path.join(work, "publishable-key"), "pk_from_seed\n")
    assert.equal(run({ MEDUSA_PUBLISHABLE_KEY: "" }).stdout.split("\n").at(-1), "key=pk_from_seed")
    assert.equal(run({}).stdout.split("\n").at(-1), "key=pk_from_seed")
    assert.equal(run({ MEDUSA_PUBLISHABLE_KEY: "pk_env" }).stdout, "key=pk_env")
  })
})
