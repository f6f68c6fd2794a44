/**
 * The edge: what this server answers itself from the backend's data. Public
 * reads (a landing page, the listing, a product) from one shared cache, the
 * app's pages rendered here (pages.ts) or else its shell, landing views
 * counted here and written in batches (view-counter.ts), and /health. Its
 * backend reads have their own sockets (backend-client.ts), so proxied
 * requests never delay them.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http"
import zlib from "node:zlib"
import { EDGE_VIEWS_LIMITS, EDGE_VIEWS_PATH, matchPagePath, PUBLIC_CACHE_MAX_AGE_MS } from "@shop/contract"
import type { BackendAnswer, BackendClient } from "./backend-client"
import { publicShopConfig, type StorefrontConfig } from "./config"
import { document, landingDocument, type AppHtml } from "./html"
import { answerJson, loadRenderer, PageCache, type LandingLike, type RenderedPage, type Renderer } from "./pages"
import { PublicCache, type CachedAnswer } from "./public-cache"
import { sendJson } from "./responses"
import { BASE_SECURITY_HEADERS, META_PIXEL_CONTENT_SECURITY_POLICY, OWN_HEADERS } from "./security-headers"
import { CONTENT_TYPES, makeFile, sendFile, type StaticFile } from "./static-files"
import { ViewCounter } from "./view-counter"

/** The backend's health check: read on the edge's own socket, one read at a time whoever asks. */
export const HEALTH_PATH = "/health"
/** Public reads served from the shared cache: a landing page, the listing, a product. */
const LANDING_READ = /^\/api\/landing\/([^/]+)$/
const CATALOG_READ = /^\/api\/shop\/products\/get(?:\/[^/]+)?$/

/** A page path with doubled and trailing slashes taken out: the one address a page is rendered and linked under. */
export function normalPagePath(pathname: string): string {
  return `/${pathname.split("/").filter(Boolean).join("/")}`
}

function decodeSlug(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

function htmlFile(page: RenderedPage): StaticFile {
  const kept = page as RenderedPage & { file?: StaticFile }
  kept.file ??= makeFile(Buffer.from(page.html), CONTENT_TYPES[".html"]!, { dynamic: true })
  return kept.file
}

function sendAnswer(req: IncomingMessage, res: ServerResponse, answer: CachedAnswer) {
  const headers: OutgoingHttpHeaders = {
    ...BASE_SECURITY_HEADERS,
    "Content-Type": answer.contentType,
    // every read of a landing page is a view, and stock moves: never from a browser's cache
    "Cache-Control": "no-store",
    Vary: "Accept-Encoding",
  }
  let body = answer.body
  if (body.length > 1024 && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "")) {
    const compressed = answer as CachedAnswer & { gzip?: Buffer }
    compressed.gzip ??= zlib.gzipSync(body, { level: 6 })
    body = compressed.gzip
    headers["Content-Encoding"] = "gzip"
  }
  headers["Content-Length"] = body.length
  res.writeHead(answer.status, headers)
  res.end(req.method === "HEAD" ? undefined : body)
}

export class Edge {
  readonly cache: PublicCache
  /** The rendered pages kept (bounded in number and bytes). */
  readonly pages: PageCache
  readonly views: ViewCounter
  /** Settles once the page renderer is loaded, or known to be missing. */
  readonly rendererReady: Promise<void>
  private renderer: Renderer | null = null
  /** Landing reads go through the cache only when the backend lets this server count the views. */
  private readonly landingCached: boolean
  private healthRead: Promise<BackendAnswer> | null = null

  constructor(
    private readonly config: StorefrontConfig,
    private readonly backend: BackendClient,
    private readonly html: AppHtml
  ) {
    const { logError } = config
    this.cache = new PublicCache((readPath) => backend.call("GET", readPath), {
      freshMs: config.cacheFreshMs,
      maxAgeMs: PUBLIC_CACHE_MAX_AGE_MS,
      maxEntries: 2000,
      maxBytes: config.readCacheBytes,
    })
    this.pages = new PageCache(this.cache, 2000, config.pageCacheBytes)
    this.views = new ViewCounter(
      async (counts) => {
        const answer = await backend.call("POST", EDGE_VIEWS_PATH, JSON.stringify({ views: counts }))
        if (answer.status !== 200) throw new Error(`the backend answered ${answer.status}`)
      },
      { intervalMs: config.viewFlushMs, maxSlugsPerBatch: EDGE_VIEWS_LIMITS.slugs, logError }
    )
    this.landingCached = config.edgeSecret !== ""
    if (this.landingCached) this.views.start()
    // The renderer's app reads its config (src/lib/config.ts) from globalThis when it loads, as the
    // browser's reads /shop-config.js: the pages it renders show what the browser's app will (the
    // support phone), else that app's first render would not match their HTML (a hydration error).
    ;(globalThis as { __SHOP_CONFIG__?: unknown }).__SHOP_CONFIG__ = publicShopConfig(
      config.publishableKey,
      config.supportPhone
    )
    this.rendererReady = loadRenderer(config.ssrDir).then(
      (loaded) => {
        this.renderer = loaded
        loaded?.setPublicReader(async (readPath) => answerJson(await this.pages.read(readPath)))
      },
      (error: Error) =>
        logError(`[storefront] page renderer not loaded, pages are served as the bare app: ${error.message}`)
    )
  }

  /** GET /api/landing/{slug} and the catalog reads, from the shared cache; false: not one of them. */
  servePublicRead(req: IncomingMessage, res: ServerResponse, pathname: string, rawUrl: string): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false
    const landing = LANDING_READ.exec(pathname)
    if (landing ? !this.landingCached : !CATALOG_READ.test(pathname)) return false
    this.cache.get(rawUrl).then(
      (answer) => {
        if (landing && answer.status === 200 && req.method === "GET") this.views.count(decodeSlug(landing[1]!))
        sendAnswer(req, res, answer)
      },
      (error: Error) => {
        this.config.logError(`[storefront] ${req.method} ${rawUrl}: ${error.message}`)
        if (!res.headersSent) sendJson(res, 502, { success: false, message: "Backend unavailable" })
      }
    )
    return true
  }

  /** GET /health: the backend's answer, on the health socket, one read shared by everyone asking meanwhile. */
  serveHealth(req: IncomingMessage, res: ServerResponse) {
    this.healthRead ??= this.backend
      .call("GET", HEALTH_PATH, undefined, { agent: this.backend.pools.health, timeoutMs: 5000 })
      .finally(() => {
        this.healthRead = null
      })
    this.healthRead.then(
      (answer) => {
        res.writeHead(answer.status, {
          ...BASE_SECURITY_HEADERS,
          "Content-Type": answer.contentType,
          "Cache-Control": "no-store",
          "Content-Length": answer.body.length,
        })
        res.end(req.method === "HEAD" ? undefined : answer.body)
      },
      (error: Error) => {
        this.config.logError(`[storefront] ${req.method} ${HEALTH_PATH}: ${error.message}`)
        if (!res.headersSent) sendJson(res, 502, { success: false, message: "Backend unavailable" })
      }
    )
  }

  /**
   * A path that names no file of the build (`decoded`: decoded): one of the
   * app's pages (the contract's PAGE_PATHS), rendered here or its app shell,
   * else the shop app's shell with 404 (the app shows its "page not found").
   */
  servePage(req: IncomingMessage, res: ServerResponse, pathname: string, decoded: string) {
    const page = matchPagePath(decoded)
    // `//landing/x` or `/landing/x/` is the page at `/landing/x`: sent there, so the page is rendered,
    // kept and linked (canonical, og:url) under its one address whatever the first visitor typed
    const normal = normalPagePath(pathname)
    if (page && normal !== pathname) {
      res.writeHead(301, {
        ...OWN_HEADERS,
        Location: normal + (req.url ?? "").slice(pathname.length),
        "Cache-Control": "public, max-age=3600",
        "Content-Length": 0,
      })
      res.end()
      return
    }
    const shellFile =
      page === "landing" || page === "orderConfirmation" || page === "bkashReturn"
        ? this.html.landingShellFile
        : this.html.indexFile
    const sendShell = () => sendFile(req, res, shellFile, "no-cache", page ? 200 : 404)
    if (!page) {
      sendShell()
      return
    }
    this.rendererReady
      .then(() => this.serveRenderedPage(req, res, pathname, req.url ?? pathname))
      .then(
        (served) => {
          if (!served) sendShell()
        },
        (error: Error) => {
          // the backend is down or answered oddly: the app shell, which shows its own error and retry
          this.config.logError(`[storefront] render ${pathname}: ${error.message}`)
          if (!res.headersSent) sendShell()
        }
      )
  }

  /** A page rendered here, or false when this one is not rendered (the app shell is sent). */
  private async serveRenderedPage(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    rawUrl: string
  ): Promise<boolean> {
    const renderer = this.renderer
    if (!renderer) return false
    const page = matchPagePath(pathname)
    let rendered: RenderedPage
    if (page === "landing") {
      rendered = await this.landingPage(renderer, req, pathname)
    } else if (page === "home" || page === "productList" || page === "product") {
      // kept and linked under what the app reads of the address (the listing's filters and sort; no
      // fbclid, utm_* or anything else): an ad's link is everyone's page, made-up queries one page
      const key = renderer.shopPageKey ? renderer.shopPageKey(rawUrl) : page === "productList" ? rawUrl : pathname
      rendered = await this.pages.get(`shop:${key}`, () => this.renderShop(renderer, key))
    } else {
      return false
    }
    const withPixel = !!rendered.landing?.page?.metaPixelId
    sendFile(
      req,
      res,
      htmlFile(rendered),
      "no-cache",
      rendered.status,
      withPixel ? { "Content-Security-Policy": META_PIXEL_CONTENT_SECURITY_POLICY } : {}
    )
    return true
  }

  /** The landing page at `pathname`, its view counted when this server counts them. */
  private async landingPage(renderer: Renderer, req: IncomingMessage, pathname: string): Promise<RenderedPage> {
    const rawSegment = pathname.split("/").filter(Boolean)[1]!
    const read = `/api/landing/${rawSegment}`
    // without the edge secret the backend counts every read: exactly one read per visit, the page
    // rendered from that very answer (re-rendered only when it changed), no other read of it
    const counted = this.landingCached ? undefined : await this.cache.get(read, { bypass: true })
    const rendered = await this.pages.get(
      `landing:${rawSegment}`,
      () => this.renderLanding(renderer, pathname.replace(/\/$/, ""), rawSegment, counted),
      counted ? new Map([[read, counted.version]]) : undefined
    )
    if (this.landingCached && rendered.status === 200 && req.method === "GET") this.views.count(rendered.landing!.slug)
    // rendered with the full fonts while its font cut was made: rendered again once it is
    const withFonts = rendered as RenderedPage & { fontsReady?: Promise<unknown> }
    const fontsReady = withFonts.fontsReady
    if (fontsReady) {
      withFonts.fontsReady = undefined
      void fontsReady.then(() => rendered.deps.clear())
    }
    return rendered
  }

  /** `counted`: the read the backend just counted as this visit (no secret), rendered as it is. */
  private async renderLanding(
    renderer: Renderer,
    pathname: string,
    rawSegment: string,
    counted?: CachedAnswer
  ): Promise<Omit<RenderedPage, "deps"> & { fontsReady?: Promise<unknown> }> {
    const answer = await this.pages.read(`/api/landing/${rawSegment}`, counted)
    if (answer.status !== 200 && answer.status !== 404) throw new Error(`landing read answered ${answer.status}`)
    const body =
      answer.status === 200 ? (answerJson(answer) as { data?: LandingLike | null; pictures?: unknown }) : null
    const data = body?.data ?? null
    // the pictures of the page's URLs, from the same answer: its <picture> sources and its head's preload
    const rendered = renderer.renderLandingPage(pathname, data, this.config.origin, body?.pictures)
    // its Bengali fonts: the page's own cut, or the full faces while the cut is made (html.ts)
    const { html, fontsReady } = await landingDocument(renderer, this.html, rendered)
    return { status: rendered.status, html, landing: { slug: decodeSlug(rawSegment), page: data }, fontsReady }
  }

  private async renderShop(renderer: Renderer, rawUrl: string): Promise<Omit<RenderedPage, "deps">> {
    const rendered = await renderer.renderShopPage(rawUrl, this.config.origin)
    if (!rendered) return { status: 200, html: this.html.indexFile.body.toString("utf8") }
    return {
      status: rendered.status,
      html: document(renderer, this.html.indexTemplate, rendered),
    }
  }
}
