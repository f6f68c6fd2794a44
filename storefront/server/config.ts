/**
 * The storefront server's configuration: its options, the environment they
 * come from when it runs as a program, and what the browser's app is told
 * (/shop-config.js).
 */
import fs from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import proxyaddr from "proxy-addr"
import { normalizeSupportPhone, PUBLIC_CACHE_MAX_AGE_MS } from "@shop/contract"
import { limitsFromEnv, resolveLimits, type ServerLimits } from "./limits"

export type StorefrontServerOptions = {
  /** Folder of the Vite build; default ../dist next to this file. */
  distDir?: string
  /** Medusa backend origin (optionally with a base path); default http://localhost:9000. */
  backendUrl?: string
  /** Medusa publishable API key handed to the browser; may be empty. */
  publishableKey?: string
  /** Customer-support phone shown on the landing and confirmation pages; empty: the app's default. */
  supportPhone?: string
  /**
   * The reverse proxies in front whose X-Forwarded-* are believed (TRUST_PROXY:
   * `loopback`, addresses, CIDRs, comma-separated; the same setting and meaning
   * as the backend's). Unset or empty: none, the socket is the client.
   */
  trustProxy?: string
  /** Idle timeout of a proxied request, in ms; default 120 s. */
  proxyTimeoutMs?: number
  /** Where operational errors go; default console.error. */
  logError?: (message: string) => void
  /** Folder of the page renderer (`vite build --ssr`); default dist-ssr next to distDir. Without one, pages are the bare app shell. */
  ssrDir?: string
  /** The address shoppers use (PUBLIC_URL): links and pictures in the pages' head tags; default http://localhost:<port>. */
  publicUrl?: string
  /**
   * EDGE_SECRET, shared with the backend: with it this server reads landing
   * pages without the backend counting them, serves them from its cache and
   * counts the views itself. Without it landing reads go to the backend each time.
   */
  edgeSecret?: string
  /** REDIS_URL: where the backend announces changes (PUBLIC_CACHE_CHANNEL); every storefront server listens. */
  redisUrl?: string
  /** Public reads: served as is while younger than this (ms; default half of PUBLIC_CACHE_MAX_AGE_MS). */
  cacheFreshMs?: number
  /** Bounds of the edge's memory: the public reads kept (default 32 MB) and the rendered pages (default 64 MB). */
  readCacheBytes?: number
  pageCacheBytes?: number
  /** How often counted landing views are written (ms; default 1000). */
  viewFlushMs?: number
} & ServerLimits

/** TRUST_PROXY compiled: whether `address`, `hop` proxies away from this server, is a proxy to believe. */
export type TrustProxy = (address: string, hop: number) => boolean

/** The options checked and with their defaults filled in. */
export type StorefrontConfig = {
  /** Holds a build (index.html at least). */
  distDir: string
  backendUrl: URL
  limits: Required<ServerLimits>
  trusted: TrustProxy | null
  proxyTimeoutMs: number
  logError: (message: string) => void
  publishableKey: string
  supportPhone: string
  /** Empty: the server reads and counts nothing as the edge. */
  edgeSecret: string
  /** PUBLIC_URL without a trailing slash. */
  origin: string
  ssrDir: string
  cacheFreshMs: number
  readCacheBytes?: number
  pageCacheBytes?: number
  viewFlushMs: number
  redisUrl?: string
}

const PUBLISHABLE_KEY_PATTERN = /^pk_[A-Za-z0-9_-]+$/

const defaultDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist")

/** The options checked, in the order a mistake in them is reported; throws on the first. */
export function resolveConfig(options: StorefrontServerOptions): StorefrontConfig {
  const distDir = path.resolve(options.distDir ?? defaultDistDir)
  const backendUrl = parseBackendUrl(options.backendUrl ?? "http://localhost:9000")
  const limits = resolveLimits(options)
  const trusted = compileTrustProxy(options.trustProxy)
  const indexPath = path.join(distDir, "index.html")
  if (!fs.existsSync(indexPath)) {
    throw new Error(`No storefront build at ${indexPath}: run "npm run build -w storefront" first`)
  }
  return {
    distDir,
    backendUrl,
    limits,
    trusted,
    proxyTimeoutMs: options.proxyTimeoutMs ?? 120_000,
    logError: options.logError ?? ((message: string) => console.error(message)),
    publishableKey: validatePublishableKey(options.publishableKey),
    supportPhone: validateSupportPhone(options.supportPhone),
    edgeSecret: options.edgeSecret?.trim() || "",
    origin: (options.publicUrl?.trim() || "http://localhost:5173").replace(/\/$/, ""),
    ssrDir: path.resolve(options.ssrDir ?? path.join(distDir, "..", "dist-ssr")),
    cacheFreshMs: options.cacheFreshMs ?? PUBLIC_CACHE_MAX_AGE_MS / 2,
    readCacheBytes: options.readCacheBytes,
    pageCacheBytes: options.pageCacheBytes,
    viewFlushMs: options.viewFlushMs ?? 1000,
    redisUrl: options.redisUrl,
  }
}

export function validatePublishableKey(value: string | undefined): string {
  const key = (value ?? "").trim()
  if (key !== "" && !PUBLISHABLE_KEY_PATTERN.test(key)) {
    throw new Error('MEDUSA_PUBLISHABLE_KEY must be empty or a Medusa publishable key ("pk_...")')
  }
  return key
}

/** The contract's rule, as the app's config (src/lib/config.ts) and the backend apply it. */
export function validateSupportPhone(value: string | undefined): string {
  const phone = normalizeSupportPhone(value)
  if (phone === null) {
    throw new Error('SHOP_SUPPORT_PHONE must be empty or a phone number like "01700-000000" or "+8801700000000"')
  }
  return phone
}

function parseBackendUrl(value: string): URL {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`MEDUSA_BACKEND_URL is not a URL: ${value}`)
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`MEDUSA_BACKEND_URL must be http(s): ${value}`)
  }
  return url
}

/**
 * TRUST_PROXY as proxy-addr reads it; null when unset. A yes/no value (its old
 * meaning here) is refused: it does not say which proxies to believe.
 */
export function compileTrustProxy(setting: string | undefined): TrustProxy | null {
  const value = setting?.trim()
  if (!value) return null
  if (/^(1|true|yes|0|false|no)$/i.test(value)) {
    throw new Error(`TRUST_PROXY names the proxies in front (e.g. loopback or 10.0.0.0/8), not yes/no; got "${value}"`)
  }
  return proxyaddr.compile(value.split(",").map((part) => part.trim()))
}

/**
 * The app's config is handed over as a file, /shop-config.js
 * (window.__SHOP_CONFIG__), which index.html loads: the Content-Security-Policy
 * needs no inline script. What the app's config (src/lib/config.ts) reads there.
 */
export type PublicShopConfig = { publishableKey: string; supportPhone?: string }

export function publicShopConfig(publishableKey: string, supportPhone = ""): PublicShopConfig {
  return { publishableKey, ...(supportPhone && { supportPhone }) }
}

export function renderConfigScript(publishableKey: string, supportPhone = ""): string {
  const json = JSON.stringify(publicShopConfig(publishableKey, supportPhone)).replace(/</g, "\\u003c")
  return `window.__SHOP_CONFIG__=${json};\n`
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === "") return 5173
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`STOREFRONT_PORT must be a port number, got "${value}"`)
  }
  return port
}

/**
 * The server's address and options from the environment: STOREFRONT_PORT
 * (5173), HOST (0.0.0.0), MEDUSA_BACKEND_URL (http://localhost:9000),
 * MEDUSA_PUBLISHABLE_KEY (optional), SHOP_SUPPORT_PHONE (optional; the app's
 * default line when unset), TRUST_PROXY (the reverse proxies in front whose
 * X-Forwarded-* are believed: `loopback`, addresses or CIDRs, comma-separated,
 * as for the backend; unset: none), PUBLIC_URL, EDGE_SECRET, REDIS_URL, and
 * the limits of LIMIT_VARIABLES in limits.ts (STOREFRONT_HEADERS_TIMEOUT_MS
 * and the rest).
 */
export function serverEnv(env: Record<string, string | undefined>): {
  port: number
  host: string
  options: StorefrontServerOptions & { backendUrl: string }
} {
  const port = parsePort(env.STOREFRONT_PORT)
  const host = env.HOST || "0.0.0.0"
  const options = {
    backendUrl: env.MEDUSA_BACKEND_URL || "http://localhost:9000",
    publishableKey: env.MEDUSA_PUBLISHABLE_KEY,
    supportPhone: env.SHOP_SUPPORT_PHONE,
    trustProxy: env.TRUST_PROXY,
    publicUrl: env.PUBLIC_URL || `http://localhost:${port}`,
    edgeSecret: env.EDGE_SECRET,
    redisUrl: env.REDIS_URL,
    ...limitsFromEnv(env),
  }
  return { port, host, options }
}
