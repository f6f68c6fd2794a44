import assert from "node:assert/strict"
import { spawn, execFileSync, type ChildProcess } from "node:child_process"
import { mkdirSync, readFileSync, rmSync } from "node:fs"
import { networkInterfaces } from "node:os"
import path from "node:path"
import { after, test } from "node:test"
import { freePort, ROOT } from "../lib/stack"

/**
 * `npm start`'s own command, one Node process loading TypeScript through tsx's hooks. Not tsx's CLI:
 * it runs the script in a child and, when the child does not confirm a Ctrl-C within 60 ms (a busy
 * machine), kills it with SIGKILL, leaving PostgreSQL, the backend and the storefront running.
 */
const START: string = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts.start
const [startNode, ...startArgs] = START.split(" ")

/** Runs `npm start`'s command; resolves with its output once `until` shows up (or it exits). */
function start(env: NodeJS.ProcessEnv, until: RegExp, timeoutMs: number) {
  assert.equal(startNode, "node", `npm start runs ${START}`)
  const child = spawn(process.execPath, startArgs, { cwd: ROOT, env: { ...process.env, ...env } })
  let output = ""
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out; output:\n${output.slice(-3000)}`)), timeoutMs)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (until.test(output)) {
        clearTimeout(timer)
        resolve(output)
      }
    }
    child.stdout.on("data", onData)
    child.stderr.on("data", onData)
    child.on("exit", () => {
      clearTimeout(timer)
      resolve(output)
    })
  })
  return { child, ready, output: () => output }
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode)
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)))
}

/** Processes whose command line mentions `needle` (our children carry the data dir or port in it). */
function processesWith(needle: string): string[] {
  const out = execFileSync("ps", ["-eo", "pid=,args="]).toString()
  return out.split("\n").filter((line) => line.includes(needle) && !line.includes("ps -eo"))
}

test("NODE_ENV=production refuses to start without secrets and real admin credentials, naming each", async () => {
  const run = start(
    { NODE_ENV: "production", JWT_SECRET: "", COOKIE_SECRET: "", ADMIN_EMAIL: "", ADMIN_PASSWORD: "" },
    /$^/,
    30_000
  )
  const output = await run.ready
  assert.equal(await exited(run.child), 1)
  for (const name of ["JWT_SECRET", "COOKIE_SECRET", "ADMIN_EMAIL", "ADMIN_PASSWORD"]) {
    assert.match(output, new RegExp(`${name} is not set`))
  }
  const defaults = start(
    {
      NODE_ENV: "production",
      JWT_SECRET: "x".repeat(40),
      COOKIE_SECRET: "y".repeat(40),
      ADMIN_EMAIL: "admin@shop.local",
      ADMIN_PASSWORD: "admin12345",
    },
    /$^/,
    30_000
  )
  const second = await defaults.ready
  assert.equal(await exited(defaults.child), 1)
  assert.match(second, /ADMIN_EMAIL is the development default/)
  assert.match(second, /ADMIN_PASSWORD is the development default/)
})

test(
  "npm start: embedded PostgreSQL, seeded shop on both ports, Ctrl-C leaves nothing, a second start adds nothing",
  { timeout: 600_000 },
  async () => {
    const dataDir = path.join(ROOT, ".data", `test-start-${process.pid}`)
    mkdirSync(dataDir, { recursive: true })
    after(() => rmSync(dataDir, { recursive: true, force: true }))
    const [pgPort, port, storefrontPort] = [await freePort(), await freePort(), await freePort()]
    const env: NodeJS.ProcessEnv = {
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      PORT: String(port),
      STOREFRONT_PORT: String(storefrontPort),
      DATABASE_URL: "",
      REDIS_URL: "",
      NODE_ENV: "",
    }

    const countProducts = async () => {
      const res = await fetch(`http://127.0.0.1:${storefrontPort}/api/shop/products/get`)
      assert.equal(res.status, 200)
      return ((await res.json()) as { products: unknown[] }).products.length
    }

    const counts: number[] = []
    for (const round of [1, 2]) {
      const run = start(env, /Press Ctrl-C to stop/, 420_000)
      const output = await run.ready
      assert.match(output, /Press Ctrl-C to stop/, output.slice(-2000))
      assert.match(output, /PostgreSQL \(embedded\)/)
      assert.match(output, new RegExp(`Storefront:\\s+http://localhost:${storefrontPort}`))
      assert.match(output, /Medusa Admin:\s+http:\/\/localhost:\d+\/app/)
      assert.match(output, /Admin login:\s+admin@shop\.local \/ admin12345/)
      assert.ok((await countProducts()) >= 40)
      const admin = await fetch(`http://127.0.0.1:${storefrontPort}/app`)
      assert.equal(admin.status, 200)
      // the backend answers this machine only; the storefront answers the network (it once listened on every interface)
      const lan = Object.values(networkInterfaces())
        .flat()
        .find((a) => a && a.family === "IPv4" && !a.internal)?.address
      if (lan) {
        assert.equal((await fetch(`http://${lan}:${storefrontPort}/health`)).status, 200)
        await assert.rejects(fetch(`http://${lan}:${port}/health`), `the backend answers on ${lan}`)
      }
      counts.push(await countProducts())

      run.child.kill("SIGINT")
      // 130 = ended by SIGINT, as a shell reports Ctrl-C
      assert.ok([0, 130].includes((await exited(run.child))!), "start did not stop cleanly")
      assert.deepEqual(processesWith(dataDir), [], "the embedded PostgreSQL is still running")
      assert.deepEqual(processesWith(`--port ${port}`), [], "the backend is still running")
      await assert.rejects(fetch(`http://127.0.0.1:${storefrontPort}/`), "the storefront still answers")
      await assert.rejects(fetch(`http://127.0.0.1:${port}/health`), "the backend still answers")
      if (round === 2) {
        // the data was kept and the seed added nothing twice
        assert.doesNotMatch(run.output(), /Building the backend/)
        assert.equal(counts[1], counts[0])
      }
    }
  }
)
