// @vitest-environment node
/**
 * One client against the storefront server: slow bodies and slow headers are
 * cut off, one address holds a bounded share of the proxy and of the
 * connections, a full proxy answers at once (503, Retry-After) instead of
 * queueing, and the edge's own reads and /health never wait behind proxied
 * requests.
 *
 * Times are only used as clear gaps: the old server kept such requests for
 * minutes, the bounds here are seconds.
 */
import fs from "node:fs"
import http, { type IncomingHttpHeaders, type Server } from "node:http"
import net from "node:net"
import type { AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { createStorefrontServer, limitsFromEnv, type StorefrontServerOptions } from "./serve"

const INDEX_HTML =
  '<!doctype html><html><head><!--SHOP_HEAD--><!--SHOP_CONFIG--></head><body><div id="root"><!--SHOP_APP--></div><!--SHOP_STATE--></body></html>'

let tmp: string
let backend: Server
let backendUrl: string
/** Requests the backend is receiving or holding now. */
let open = 0
const sockets = new Set<net.Socket>()
const servers: Server[] = []

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)))
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })
}

async function start(options: StorefrontServerOptions = {}): Promise<string> {
  const server = createStorefrontServer({
    distDir: path.join(tmp, "dist"),
    backendUrl,
    logError: () => undefined,
    ...options,
  })
  servers.push(server)
  return `127.0.0.1:${await listen(server)}`
}

/** `value`, or 'pending' when it has not come within `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | "pending"> {
  return Promise.race([promise, new Promise<"pending">((resolve) => setTimeout(() => resolve("pending"), ms))])
}

/** A raw connection: `closed` resolves with everything the server sent once it closes the connection. */
function connect(host: string): Promise<{ socket: net.Socket; closed: Promise<string> }> {
  const [hostname, port] = host.split(":")
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname!)
    sockets.add(socket)
    let received = ""
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1")
    })
    const closed = new Promise<string>((done) => socket.on("close", () => done(received)))
    socket.on("error", () => undefined)
    socket.once("connect", () => resolve({ socket, closed }))
    socket.once("error", reject)
  })
}

/** A POST whose body is announced as 1 MB and sent one byte every `everyMs`. */
async function slowBody(host: string, target = "/api/upload", extraHeaders = "", everyMs = 200) {
  const conn = await connect(host)
  conn.socket.write(
    `POST ${target} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/octet-stream\r\nContent-Length: 1000000\r\n${extraHeaders}\r\n`
  )
  conn.socket.write("x")
  const timer = setInterval(() => {
    if (!conn.socket.destroyed) conn.socket.write("x")
  }, everyMs)
  void conn.closed.then(() => clearInterval(timer))
  return { ...conn, stop: () => clearInterval(timer) }
}

function get(
  host: string,
  target: string,
  headers: Record<string, string> = {}
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  const [hostname, port] = host.split(":")
  return new Promise((resolve, reject) => {
    // a fresh connection each time: never one of the pooled ones the test fills
    const req = http.request({ hostname, port, path: target, headers, agent: false }, (res) => {
      let body = ""
      res.on("data", (chunk: Buffer) => {
        body += chunk.toString()
      })
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }))
    })
    req.on("error", reject)
    req.end()
  })
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-flood-"))
  fs.mkdirSync(path.join(tmp, "dist", "assets"), { recursive: true })
  fs.writeFileSync(path.join(tmp, "dist", "index.html"), INDEX_HTML)
  backend = http.createServer((req, res) => {
    open++
    res.on("close", () => open--)
    let received = 0
    req.on("data", (chunk: Buffer) => {
      received += chunk.length
    })
    req.on("end", () => {
      if (req.url === "/health") {
        res.writeHead(200, { "Content-Type": "text/plain" }).end("OK")
      } else if (req.url!.startsWith("/api/shop/products/get")) {
        res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ success: true, products: [] }))
      } else if (req.url === "/api/hold") {
        // answered when the test closes the connection
      } else {
        res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ received }))
      }
    })
  })
  backendUrl = `http://127.0.0.1:${await listen(backend)}`
})

afterEach(async () => {
  for (const socket of sockets) socket.destroy()
  sockets.clear()
  while (servers.length) await close(servers.pop()!)
  backend.closeAllConnections()
  await expect.poll(() => open, { timeout: 5000 }).toBe(0)
})

afterAll(async () => {
  await close(backend)
  fs.rmSync(tmp, { recursive: true, force: true })
})

describe("slow clients are cut off", () => {
  it("ends a request body that trickles below the minimum rate, and lets a steady upload through", async () => {
    const host = await start({ minBodyRate: 1024, bodyGraceMs: 300 })
    const slow = await slowBody(host)
    const answer = await within(slow.closed, 3000)
    expect(answer).not.toBe("pending")
    expect(answer).toMatch(/^HTTP\/1\.1 408/)

    // 1 MB in 64 KB pieces every 50 ms: longer than the grace, well above the rate
    const steady = await connect(host)
    steady.socket.write(
      `POST /api/upload HTTP/1.1\r\nHost: ${host}\r\nContent-Length: ${16 * 65536}\r\nConnection: close\r\n\r\n`
    )
    for (let i = 0; i < 16; i++) {
      steady.socket.write(Buffer.alloc(65536, "a"))
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const done = await within(steady.closed, 5000)
    expect(done).toMatch(/^HTTP\/1\.1 200/)
    expect(done).toContain(`{"received":${16 * 65536}}`)
  })

  it("ends a connection whose headers trickle in", async () => {
    const host = await start({ headersTimeoutMs: 500 })
    const conn = await connect(host)
    conn.socket.write(`GET /shop-config.js HTTP/1.1\r\nHost: ${host}\r\n`)
    const timer = setInterval(() => {
      if (!conn.socket.destroyed) conn.socket.write("X-Slow: a\r\n")
    }, 100)
    try {
      const answer = await within(conn.closed, 3000)
      expect(answer).not.toBe("pending")
    } finally {
      clearInterval(timer)
    }
  })
})

describe("one client address holds a bounded share", () => {
  it("answers 429 with Retry-After to a client over its proxied requests in flight; other clients pass", async () => {
    const host = await start({ trustProxy: "loopback", maxProxiedPerClient: 5, bodyGraceMs: 60_000 })
    const attacker = "X-Forwarded-For: 203.0.113.7\r\n"
    const slow = await Promise.all(Array.from({ length: 5 }, () => slowBody(host, "/api/upload", attacker, 1000)))
    await expect.poll(() => open, { timeout: 5000 }).toBe(5)

    const refused = await within(get(host, "/api/shop/ping", { "X-Forwarded-For": "203.0.113.7" }), 2000)
    expect(refused).not.toBe("pending")
    if (refused === "pending") return
    expect(refused.status).toBe(429)
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0)

    const other = await get(host, "/api/shop/ping", { "X-Forwarded-For": "203.0.113.8" })
    expect(other.status).toBe(200)

    for (const conn of slow) conn.socket.destroy()
    await expect.poll(() => open, { timeout: 5000 }).toBe(0)
    expect((await get(host, "/api/shop/ping", { "X-Forwarded-For": "203.0.113.7" })).status).toBe(200)
  }, 15_000)

  it("closes connections from one address over its cap at once, but never those of a trusted proxy", async () => {
    const host = await start({ maxConnectionsPerAddress: 10 })
    const idle = await Promise.all(Array.from({ length: 10 }, () => connect(host)))
    const extra = await connect(host)
    extra.socket.write(`GET /shop-config.js HTTP/1.1\r\nHost: ${host}\r\n\r\n`)
    const answer = await within(extra.closed, 2000)
    expect(answer).toBe("")

    idle[0]!.socket.destroy()
    await expect.poll(async () => (await get(host, "/shop-config.js").catch(() => ({ status: 0 }))).status).toBe(200)

    // behind a trusted proxy every client shares its address: the cap is per client there (in flight)
    const proxied = await start({ maxConnectionsPerAddress: 3, trustProxy: "loopback" })
    await Promise.all(Array.from({ length: 5 }, () => connect(proxied)))
    expect((await get(proxied, "/shop-config.js")).status).toBe(200)
  })
})

describe("a full proxy", () => {
  it("keeps /health and the edge's own reads fast while 300 slow bodies are open, and answers other proxied requests 503 at once", async () => {
    const host = await start({ maxProxiedPerClient: 1000, bodyGraceMs: 60_000, maxConnectionsPerAddress: 1000 })
    await Promise.all(Array.from({ length: 300 }, () => slowBody(host, "/api/upload", "", 2000)))
    // the proxy's pool (256 sockets) is full
    await expect.poll(() => open, { timeout: 10_000 }).toBeGreaterThanOrEqual(256)

    const health = await within(get(host, "/health"), 2000)
    expect(health).not.toBe("pending")
    if (health === "pending") return
    expect(health.status).toBe(200)
    expect(health.body).toBe("OK")

    const read = await within(get(host, "/api/shop/products/get"), 2000)
    expect(read).not.toBe("pending")
    if (read === "pending") return
    expect(read.status).toBe(200)

    const busy = await within(get(host, "/api/shop/ping"), 2000)
    expect(busy).not.toBe("pending")
    if (busy === "pending") return
    expect(busy.status).toBe(503)
    expect(Number(busy.headers["retry-after"])).toBeGreaterThan(0)
    expect(JSON.parse(busy.body)).toMatchObject({ success: false })
  }, 30_000)

  it("takes its sizes from the options, and the options from the environment", async () => {
    const host = await start({ proxySockets: 2, bodyGraceMs: 60_000 })
    // a finished request gives its socket back
    for (let i = 0; i < 5; i++) expect((await get(host, "/api/shop/ping")).status).toBe(200)
    await Promise.all(Array.from({ length: 2 }, () => slowBody(host, "/api/upload", "", 1000)))
    await expect.poll(() => open, { timeout: 5000 }).toBe(2)
    expect((await get(host, "/api/shop/ping")).status).toBe(503)

    expect(
      limitsFromEnv({
        STOREFRONT_PROXY_SOCKETS: "32",
        STOREFRONT_MIN_BODY_RATE: "4096",
        STOREFRONT_HEADERS_TIMEOUT_MS: "",
      })
    ).toEqual({
      proxySockets: 32,
      minBodyRate: 4096,
    })
    expect(() => limitsFromEnv({ STOREFRONT_MAX_PROXIED_PER_CLIENT: "many" })).toThrow(
      /STOREFRONT_MAX_PROXIED_PER_CLIENT/
    )
  })
})
