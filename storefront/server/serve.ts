/**
 * Production server of the storefront (Node `http`; proxy-addr for TRUST_PROXY),
 * run as `tsx server/serve.ts` with the environment of serverEnv (config.ts).
 * createStorefrontServer wires its parts:
 *
 * - static-files.ts, html.ts: the Vite build in dist/, /shop-config.js, the app shells;
 * - edge.ts: the app's pages (rendered here), public reads from a shared cache
 *   (dropped when the backend announces a change on Redis or a write passes
 *   through this server), landing views, /health;
 * - proxy.ts: the backend's prefixes streamed to it, one origin for the browser;
 * - backend-client.ts: the one client to the backend, for the proxy and the edge;
 * - security-headers.ts: the Content-Security-Policy and the headers of every answer;
 * - limits.ts: what one client may hold (slow headers and bodies, connections, proxied requests).
 */
import fs from "node:fs"
import http, { type IncomingMessage, type Server, type ServerResponse } from "node:http"
import { fileURLToPath } from "node:url"
import proxyaddr from "proxy-addr"
import { PUBLIC_CACHE_CHANNEL } from "@shop/contract"
import { BackendClient } from "./backend-client"
import { renderConfigScript, resolveConfig, serverEnv, type StorefrontServerOptions } from "./config"
import { Edge, HEALTH_PATH } from "./edge"
import type { LandingFonts } from "./font-store"
import { loadAppHtml } from "./html"
import { BodyRateWatch, ConnectionCap, serverTimeouts } from "./limits"
import { createProxy, isProxied } from "./proxy"
import { refuse, sendText } from "./responses"
import { createStaticSite, serveStatic, type StaticSite } from "./static-files"

// part of the server's options and environment: importable from here with the rest of them
export { LIMIT_VARIABLES, limitsFromEnv, type ServerLimits } from "./limits"
export {
  compileTrustProxy,
  publicShopConfig,
  renderConfigScript,
  validatePublishableKey,
  validateSupportPhone,
} from "./config"
export type { PublicShopConfig, StorefrontServerOptions } from "./config"
export { normalPagePath } from "./edge"
export { injectConfigScript, inlineStylesheets, landingFontPreloads } from "./html"
export { CONTENT_SECURITY_POLICY, META_PIXEL_CONTENT_SECURITY_POLICY } from "./security-headers"

/** The storefront server, with its edge parts: the shared cache and the landing views not yet written. */
export type StorefrontServer = Server & {
  edge: Pick<Edge, "cache" | "pages" | "views"> & {
    /** Writes the counted views now (a graceful stop does this). */
    flushViews(): Promise<void>
    /** Resolves once the page renderer is loaded and the Redis subscription (when configured) is listening. */
    ready: Promise<void>
  }
}

type Parts = {
  site: StaticSite
  edge: Edge
  /** Landing pages' Bengali font cuts, /fonts/landing-{hash}-{weight}.woff2. */
  fonts: LandingFonts | null
  proxy: (req: IncomingMessage, res: ServerResponse, pathname: string) => void
  bodyWatch: BodyRateWatch
  logError: (message: string) => void
}

/** Routes a request: /health, the backend's prefixes (public reads from the edge, the rest proxied), files and pages. */
function handle({ site, edge, fonts, proxy, bodyWatch, logError }: Parts, req: IncomingMessage, res: ServerResponse) {
  bodyWatch.watch(req, res)
  const rawUrl = req.url ?? "/"
  if (!rawUrl.startsWith("/")) {
    sendText(res, 400, "Bad Request")
    return
  }
  const pathname = rawUrl.split("?", 1)[0]!
  if (pathname === HEALTH_PATH && (req.method === "GET" || req.method === "HEAD")) {
    edge.serveHealth(req, res)
    return
  }
  if (isProxied(req, pathname)) {
    if (!edge.servePublicRead(req, res, pathname, rawUrl)) proxy(req, res, pathname)
    return
  }
  if (fonts?.serve(req, res, pathname)) return
  try {
    serveStatic(site, req, res, pathname, (...page) => edge.servePage(...page))
  } catch (error) {
    logError(`[storefront] ${req.method} ${pathname}: ${(error as Error).message}`)
    if (!res.headersSent) sendText(res, 500, "Internal Server Error")
    else res.destroy()
  }
}

/** Creates (does not start) the storefront server. */
export function createStorefrontServer(options: StorefrontServerOptions = {}): StorefrontServer {
  const config = resolveConfig(options)
  const { limits, trusted, logError } = config
  // the client as far as TRUST_PROXY lets this server know it
  const clientOf = (req: IncomingMessage) => (trusted ? proxyaddr(req, trusted) : (req.socket.remoteAddress ?? ""))
  const { proxySockets, edgeSockets } = limits
  const backend = new BackendClient(config.backendUrl, {
    proxySockets,
    edgeSockets,
    edgeSecret: config.edgeSecret,
    trusted,
    clientOf,
  })
  const html = loadAppHtml(config.distDir, { logError })
  const site = createStaticSite(
    config.distDir,
    html.indexFile,
    renderConfigScript(config.publishableKey, config.supportPhone)
  )
  const edge = new Edge(config, backend, html)
  // slow request bodies: each must keep up limits.minBodyRate over every limits.bodyGraceMs
  const bodyWatch = new BodyRateWatch({
    minBodyRate: limits.minBodyRate,
    bodyGraceMs: limits.bodyGraceMs,
    logError,
    refuse,
  })
  bodyWatch.start()
  const proxy = createProxy({
    backend,
    timeoutMs: config.proxyTimeoutMs,
    maxPerClient: limits.maxProxiedPerClient,
    maxInFlight: limits.proxySockets,
    bodyWatch,
    clientOf,
    onChange: () => edge.cache.drop(),
    logError,
  })
  const parts: Parts = { site, edge, fonts: html.landingFonts, proxy, bodyWatch, logError }
  const server = http.createServer(serverTimeouts(limits), (req, res) => handle(parts, req, res))

  let closeRedis: () => void = () => undefined
  const subscribed = subscribeToChanges(config.redisUrl, () => edge.cache.drop(), logError).then((close) => {
    closeRedis = close
  })
  const ready = Promise.all([edge.rendererReady, subscribed]).then(() => undefined)
  // connections per socket address; a trusted proxy carries many clients, which are counted per request
  new ConnectionCap(limits.maxConnectionsPerAddress, trusted).attach(server)

  server.on("close", () => {
    closeRedis()
    html.landingFonts?.close()
    bodyWatch.stop()
    backend.pools.proxy.destroy()
    backend.pools.health.destroy()
    void edge.views.stop().finally(() => backend.pools.edge.destroy())
  })
  const { cache, pages, views } = edge
  return Object.assign(server, { edge: { cache, pages, views, flushViews: () => views.flush(), ready } })
}

/**
 * REDIS_URL set: listens on PUBLIC_CACHE_CHANNEL, where the backend announces
 * changes to what public pages show; every message drops the cache.
 */
async function subscribeToChanges(
  redisUrl: string | undefined,
  onChange: () => void,
  logError: (message: string) => void
): Promise<() => void> {
  if (!redisUrl?.trim()) return () => undefined
  const { default: Redis } = await import("ioredis")
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: null })
  redis.on("error", (error: Error) => logError(`[storefront] Redis: ${error.message}`))
  redis.on("message", () => onChange())
  // after a reconnect messages may have been missed: start from nothing
  redis.on("ready", () => onChange())
  await redis.connect()
  await redis.subscribe(PUBLIC_CACHE_CHANNEL)
  return () => redis.disconnect()
}

function main() {
  const { port, host, options } = serverEnv(process.env)
  const server = createStorefrontServer(options)

  server.listen(port, host, () => {
    const address = server.address()
    const actualPort = typeof address === "object" && address ? address.port : port
    const shownHost = host === "0.0.0.0" || host === "::" ? "localhost" : host
    console.log(`Storefront on http://${shownHost}:${actualPort} (backend ${options.backendUrl})`)
  })

  // a graceful stop writes the landing views counted and not yet written
  const shutdown = () => {
    server.close()
    server.closeIdleConnections()
    void server.edge.views.stop().finally(() => process.exit(0))
    setTimeout(() => process.exit(0), 5000).unref()
  }
  process.once("SIGINT", shutdown)
  process.once("SIGTERM", shutdown)
}

function isExecutedDirectly(): boolean {
  const entry = process.argv[1]
  if (!entry) return false
  try {
    return fs.realpathSync(entry) === fs.realpathSync(fileURLToPath(import.meta.url))
  } catch {
    return false
  }
}

if (isExecutedDirectly()) {
  try {
    main()
  } catch (error) {
    console.error(`[storefront] ${(error as Error).message}`)
    process.exit(1)
  }
}
