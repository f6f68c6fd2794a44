/**
 * /api, /app, /auth, /store, /admin, /static, /health and /t (the shop's short
 * tracking links in text messages) streamed to the Medusa backend, so the browser sees one origin and the session cookie just works. A
 * page navigation (GET, Accept: text/html) under /auth or /admin is a
 * storefront route (/auth/login, /admin/dashboard) and gets the SPA.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http"
import { endToEndHeaders, type BackendClient } from "./backend-client"
import { ClientCounter, type BodyRateWatch } from "./limits"
import { refuse, sendJson } from "./responses"
import { BASE_SECURITY_HEADERS } from "./security-headers"

const PROXY_PREFIXES = ["/api", "/app", "/auth", "/store", "/admin", "/static", "/health", "/t"]
/** Prefixes shared with storefront routes: page navigations there get the SPA. */
const SHARED_PREFIXES = ["/auth", "/admin"]
/** Writes that do not change what public pages show (drafts are saved while shoppers type). */
const QUIET_WRITES = /^\/api\/landing\/[^/]+\/draft$/

function matchesPrefix(pathname: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))
}

function isPageNavigation(req: IncomingMessage): boolean {
  return (req.method === "GET" || req.method === "HEAD") && (req.headers.accept ?? "").includes("text/html")
}

/** Whether the request is the backend's (else it is a file or page of the storefront). */
export function isProxied(req: IncomingMessage, pathname: string): boolean {
  const sharedPageRoute = matchesPrefix(pathname, SHARED_PREFIXES) && isPageNavigation(req)
  return matchesPrefix(pathname, PROXY_PREFIXES) && !sharedPageRoute
}

export type ProxyContext = {
  backend: BackendClient
  /** Idle timeout of a proxied request (ms). */
  timeoutMs: number
  /** The proxied requests' cap: per client and in all (the proxy's pool). */
  maxPerClient: number
  maxInFlight: number
  bodyWatch: BodyRateWatch
  clientOf: (req: IncomingMessage) => string
  /** A write passed through: what public pages show may have changed. */
  onChange: () => void
  logError: (message: string) => void
}

/** The proxy: streams a request to the backend and its answer back. */
export function createProxy(ctx: ProxyContext): (req: IncomingMessage, res: ServerResponse, pathname: string) => void {
  // proxied requests holding a backend socket: all of them (at most the proxy's pool), and per client
  const proxied = new ClientCounter(ctx.maxPerClient, ctx.maxInFlight)
  return (req, res, pathname) => {
    const place = proxied.tryAcquire(ctx.clientOf(req))
    if ("refusal" in place) {
      refuse(res, place.refusal)
      return
    }

    // a write through this server (the admin's changes, orders taking stock): public reads start afresh
    const changes = !["GET", "HEAD", "OPTIONS"].includes(req.method ?? "GET") && !QUIET_WRITES.test(pathname)
    const upstream = ctx.backend.forward(req)
    // the request's socket goes back to the pool when the request closes, however it ends
    upstream.once("close", place.release)
    let cutOff = false
    ctx.bodyWatch.onCutOff(req, () => {
      cutOff = true
      upstream.destroy()
    })

    upstream.setTimeout(ctx.timeoutMs, () => {
      upstream.destroy(Object.assign(new Error("Backend timed out"), { code: "ETIMEDOUT" }))
    })

    upstream.on("response", (upstreamRes) => {
      if (changes && (upstreamRes.statusCode ?? 500) < 400) ctx.onChange()
      const headers: OutgoingHttpHeaders = endToEndHeaders(upstreamRes.headers)
      for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) {
        if (!(name.toLowerCase() in headers)) headers[name] = value
      }
      res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.statusMessage, headers)
      upstreamRes.pipe(res)
      upstreamRes.on("error", () => res.destroy())
    })

    upstream.on("error", (error: NodeJS.ErrnoException) => {
      if (res.destroyed || cutOff) return
      answerFailure(ctx, req, res, error)
    })

    req.on("error", () => upstream.destroy())
    res.on("close", () => {
      if (!res.writableFinished) upstream.destroy()
    })
    req.pipe(upstream)
  }
}

/** The backend failed the request: 502 or 504, or a cut connection once the answer has begun. */
function answerFailure(ctx: ProxyContext, req: IncomingMessage, res: ServerResponse, error: NodeJS.ErrnoException) {
  if (res.headersSent) {
    res.destroy()
    return
  }
  const timedOut = error.code === "ETIMEDOUT"
  ctx.logError(`[storefront] proxy ${req.method} ${req.url}: ${error.code ?? error.message}`)
  sendJson(res, timedOut ? 504 : 502, {
    success: false,
    message: timedOut ? "Backend timed out" : "Backend unavailable",
  })
}
