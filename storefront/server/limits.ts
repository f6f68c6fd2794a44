/**
 * What one client may hold of the storefront server (serve.ts wires these):
 * headers within a short time, request bodies at a minimum rate, a bounded
 * number of connections per socket address and of proxied requests per
 * client, and a proxy that refuses at once when full instead of queueing.
 *
 * Each limit has an option (ServerLimits) and an environment variable
 * (LIMIT_VARIABLES). A client is its address as TRUST_PROXY resolves it.
 */
import type { IncomingMessage, Server, ServerOptions, ServerResponse } from "node:http"
import type { Socket } from "node:net"

/**
 * What one client may hold of this server (each has an environment variable,
 * LIMIT_VARIABLES). A client is its address as TRUST_PROXY resolves it.
 */
export type ServerLimits = {
  /** The request line and headers must arrive within this (ms; default 10 s). */
  headersTimeoutMs?: number
  /** A whole request, body included, must arrive within this (ms; default 10 min: a 50 MB upload at 85 KB/s). */
  requestTimeoutMs?: number
  /** A request body slower than this over any `bodyGraceMs` is cut off with 408 (bytes/s; default 2048). */
  minBodyRate?: number
  /** The window the body rate is measured over, and the grace before the first check (ms; default 10 s). */
  bodyGraceMs?: number
  /** Open connections from one socket address, a trusted proxy's excepted (default 512); more are closed at once. */
  maxConnectionsPerAddress?: number
  /** Proxied requests in flight from one client (default 64); more are answered 429. */
  maxProxiedPerClient?: number
  /** Sockets to the backend for proxied requests (default 256); when all are busy, 503 at once. */
  proxySockets?: number
  /** Sockets to the backend for the edge's own reads and writes (default 64). */
  edgeSockets?: number
}

/** The environment variable of each limit. */
export const LIMIT_VARIABLES: Record<keyof ServerLimits, string> = {
  headersTimeoutMs: "STOREFRONT_HEADERS_TIMEOUT_MS",
  requestTimeoutMs: "STOREFRONT_REQUEST_TIMEOUT_MS",
  minBodyRate: "STOREFRONT_MIN_BODY_RATE",
  bodyGraceMs: "STOREFRONT_BODY_GRACE_MS",
  maxConnectionsPerAddress: "STOREFRONT_MAX_CONNECTIONS_PER_ADDRESS",
  maxProxiedPerClient: "STOREFRONT_MAX_PROXIED_PER_CLIENT",
  proxySockets: "STOREFRONT_PROXY_SOCKETS",
  edgeSockets: "STOREFRONT_EDGE_SOCKETS",
}

export const DEFAULT_LIMITS: Readonly<Required<ServerLimits>> = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 600_000,
  minBodyRate: 2048,
  bodyGraceMs: 10_000,
  // generous: mobile carriers put many shoppers behind one address, and a connection alone costs little
  maxConnectionsPerAddress: 512,
  maxProxiedPerClient: 64,
  proxySockets: 256,
  edgeSockets: 64,
}

/** The limits set in `env` (unset or empty: the default); anything but a positive whole number is refused, naming the variable. */
export function limitsFromEnv(env: Record<string, string | undefined>): ServerLimits {
  const limits: ServerLimits = {}
  for (const [key, name] of Object.entries(LIMIT_VARIABLES) as [keyof ServerLimits, string][]) {
    const value = env[name]?.trim()
    if (!value) continue
    if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
      throw new Error(`${name} must be a positive whole number, got "${value}"`)
    }
    limits[key] = Number(value)
  }
  return limits
}

/** Every limit: the one given in `options`, else the default; anything but a positive number is refused, naming the option. */
export function resolveLimits(options: ServerLimits): Required<ServerLimits> {
  const limits: Required<ServerLimits> = { ...DEFAULT_LIMITS }
  for (const key of Object.keys(DEFAULT_LIMITS) as (keyof ServerLimits)[]) {
    const value = options[key]
    if (value === undefined) continue
    if (!Number.isFinite(value) || value <= 0) throw new Error(`${key} must be a positive number, got ${value}`)
    limits[key] = value
  }
  // Node refuses a header timeout longer than the whole request's
  limits.requestTimeoutMs = Math.max(limits.requestTimeoutMs, limits.headersTimeoutMs)
  return limits
}

/** Node's own timeouts of the server, from the limits. */
export function serverTimeouts(limits: Required<ServerLimits>): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    // how often Node looks for connections over those timeouts (its default, 30 s, would let them run long)
    connectionsCheckingInterval: Math.max(50, Math.min(1000, limits.headersTimeoutMs / 4)),
  }
}

/** An answer that turns a request away; responses.ts writes it (and closes the connection). */
export type Refusal = { status: 408 | 429 | 503; message: string; retryAfterSeconds?: number }

export const SLOW_BODY: Refusal = { status: 408, message: "The request body came too slowly" }
export const TOO_MANY_FROM_CLIENT: Refusal = {
  status: 429,
  message: "Too many requests at once from this address",
  retryAfterSeconds: 1,
}
export const PROXY_FULL: Refusal = {
  status: 503,
  message: "The shop is busy, please try again in a moment",
  retryAfterSeconds: 1,
}

/** Whether a request carries a body (announced by its length or by chunked encoding). */
function hasBody(req: IncomingMessage): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0
}

type WatchedBody = { req: IncomingMessage; res: ServerResponse; bytes: number; markBytes: number; markAt: number }

/**
 * Request bodies must keep up `minBodyRate` over every `bodyGraceMs`: a client
 * trickling a body would otherwise hold its connection and a backend socket
 * for as long as it likes. One that falls behind is answered 408 (or, when the
 * answer has begun, its connection is closed).
 */
export class BodyRateWatch {
  private readonly watched = new Set<WatchedBody>()
  /** What else to stop when a request's body is cut off (the proxied request). */
  private readonly aborts = new WeakMap<IncomingMessage, () => void>()
  private timer: NodeJS.Timeout | undefined

  constructor(
    private readonly options: {
      minBodyRate: number
      bodyGraceMs: number
      logError: (message: string) => void
      refuse: (res: ServerResponse, refusal: Refusal) => void
    }
  ) {}

  /** Watches the request's body, when it has one, until it ends or the request closes. */
  watch(req: IncomingMessage, res: ServerResponse): void {
    if (!hasBody(req)) return
    const watched: WatchedBody = { req, res, bytes: 0, markBytes: 0, markAt: Date.now() }
    this.watched.add(watched)
    // also drains a body nobody reads (a GET with one), under the same rate
    req.on("data", (chunk: Buffer) => {
      watched.bytes += chunk.length
    })
    const done = () => this.watched.delete(watched)
    req.once("end", done)
    req.once("close", done)
  }

  /** `abort` is called if the request's body is cut off. */
  onCutOff(req: IncomingMessage, abort: () => void): void {
    this.aborts.set(req, abort)
  }

  /** Cuts off every body that fell under the rate over the last window. */
  check(now = Date.now()): void {
    const { minBodyRate, bodyGraceMs } = this.options
    for (const watched of this.watched) {
      const elapsed = now - watched.markAt
      if (elapsed < bodyGraceMs) continue
      const rate = ((watched.bytes - watched.markBytes) * 1000) / elapsed
      // paused by this server (the backend reads slower): not the client's doing
      if (rate >= minBodyRate || watched.req.readableFlowing === false) {
        watched.markBytes = watched.bytes
        watched.markAt = now
        continue
      }
      this.watched.delete(watched)
      const { req, res } = watched
      this.options.logError(`[storefront] ${req.method} ${req.url}: request body under ${minBodyRate} B/s, cut off`)
      this.aborts.get(req)?.()
      if (res.headersSent) req.socket.destroy()
      else this.options.refuse(res, SLOW_BODY)
    }
  }

  /** Checks several times a window, so a slow body is cut off soon after its window ends. */
  start(): void {
    this.timer ??= setInterval(() => this.check(), Math.max(50, Math.min(1000, this.options.bodyGraceMs / 4)))
    this.timer.unref()
  }

  stop(): void {
    clearInterval(this.timer)
    this.timer = undefined
  }
}

/**
 * Open connections per socket address: more than `max` from one are closed at
 * once. A trusted proxy carries many clients, so its connections are not
 * counted here (its clients are counted per request, ClientCounter).
 */
export class ConnectionCap {
  private readonly byAddress = new Map<string, number>()

  constructor(
    private readonly max: number,
    private readonly trusted: ((address: string, hop: number) => boolean) | null
  ) {}

  attach(server: Server): void {
    server.on("connection", (socket: Socket) => this.admit(socket))
  }

  private admit(socket: Socket): void {
    const address = socket.remoteAddress ?? ""
    if (this.trusted?.(address, 0)) return
    const count = (this.byAddress.get(address) ?? 0) + 1
    if (count > this.max) {
      socket.destroy()
      return
    }
    this.byAddress.set(address, count)
    socket.once("close", () => {
      const left = (this.byAddress.get(address) ?? 1) - 1
      if (left > 0) this.byAddress.set(address, left)
      else this.byAddress.delete(address)
    })
  }
}

/**
 * Requests in flight, per client and in all: a client over `perClient` is
 * refused 429, and when `total` are in flight everyone is refused 503 at once
 * (a full pool would queue the request behind slow ones: answering at once is
 * kinder to everyone).
 */
export class ClientCounter {
  private inFlight = 0
  private readonly byClient = new Map<string, number>()

  constructor(
    private readonly perClient: number,
    private readonly total: number
  ) {}

  /** A place for one request of `client`: its release (call once the request is over), or why there is none. */
  tryAcquire(client: string): { release: () => void } | { refusal: Refusal } {
    const held = this.byClient.get(client) ?? 0
    if (held >= this.perClient) return { refusal: TOO_MANY_FROM_CLIENT }
    if (this.inFlight >= this.total) return { refusal: PROXY_FULL }
    this.inFlight++
    this.byClient.set(client, held + 1)
    let released = false
    return {
      release: () => {
        if (released) return
        released = true
        this.inFlight--
        const left = (this.byClient.get(client) ?? 1) - 1
        if (left > 0) this.byClient.set(client, left)
        else this.byClient.delete(client)
      },
    }
  }
}
