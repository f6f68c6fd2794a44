/**
 * Production server of the storefront (Node `http`; proxy-addr for TRUST_PROXY).
 *
 * - Serves the Vite build in dist/: correct content types, gzip/brotli for
 *   text files, immutable caching for /assets/*, SPA fallback to index.html:
 *   200 for the app's pages (the contract's PAGE_PATHS), 404 for any other
 *   path (the app then shows its "page not found" screen). Landing pages'
 *   HTML preloads the shipped Bengali font, their main text face.
 * - Serves /shop-config.js (window.__SHOP_CONFIG__ = { publishableKey, supportPhone? }) and
 *   puts `<script src="/shop-config.js">` into index.html, so the
 *   Content-Security-Policy needs no inline script.
 * - Streams /api, /app, /auth, /store, /admin, /static and /health to the
 *   Medusa backend, so the browser sees one origin and the session cookie
 *   just works. A page navigation (GET, Accept: text/html) under /auth or
 *   /admin is a storefront route (/auth/login, /admin/dashboard) and gets the SPA.
 *
 * - Holds out against one client: headers must arrive within a short time, a
 *   request body must keep up a minimum rate, one client address may hold
 *   only so many connections and proxied requests, and a full proxy answers
 *   503 at once. The edge's own backend reads (public reads, page renders,
 *   views, /health) have their own sockets, so proxied requests never delay them.
 *
 * Env: STOREFRONT_PORT (5173), HOST (0.0.0.0), MEDUSA_BACKEND_URL
 * (http://localhost:9000), MEDUSA_PUBLISHABLE_KEY (optional), SHOP_SUPPORT_PHONE
 * (optional; the app's default line when unset), TRUST_PROXY (the reverse
 * proxies in front whose X-Forwarded-* are believed: `loopback`, addresses or
 * CIDRs, comma-separated, as for the backend; unset: none), and the limits of
 * LIMIT_VARIABLES in limits.ts (STOREFRONT_HEADERS_TIMEOUT_MS and the rest).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http, {
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import https from 'node:https';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { fileURLToPath } from 'node:url';
import {
  EDGE_SECRET_HEADER,
  EDGE_VIEWS_LIMITS,
  EDGE_VIEWS_PATH,
  matchPagePath,
  normalizeSupportPhone,
  PUBLIC_CACHE_CHANNEL,
  PUBLIC_CACHE_MAX_AGE_MS,
} from '@shop/contract';
import proxyaddr from 'proxy-addr';
import zlib from 'node:zlib';

import {
  BodyRateWatch,
  ClientCounter,
  ConnectionCap,
  limitsFromEnv,
  resolveLimits,
  serverTimeouts,
  type Refusal,
  type ServerLimits,
} from './limits';
import { answerJson, fillTemplate, loadRenderer, PageCache, type LandingLike, type RenderedPage, type Renderer } from './pages';
import { PublicCache, type CachedAnswer } from './public-cache';
import { ViewCounter } from './view-counter';

// part of the server's options and environment: importable from here with the rest of them
export { LIMIT_VARIABLES, limitsFromEnv, type ServerLimits } from './limits';

export type StorefrontServerOptions = {
  /** Folder of the Vite build; default ../dist next to this file. */
  distDir?: string;
  /** Medusa backend origin (optionally with a base path); default http://localhost:9000. */
  backendUrl?: string;
  /** Medusa publishable API key handed to the browser; may be empty. */
  publishableKey?: string;
  /** Customer-support phone shown on the landing and confirmation pages; empty: the app's default. */
  supportPhone?: string;
  /**
   * The reverse proxies in front whose X-Forwarded-* are believed (TRUST_PROXY:
   * `loopback`, addresses, CIDRs, comma-separated; the same setting and meaning
   * as the backend's). Unset or empty: none, the socket is the client.
   */
  trustProxy?: string;
  /** Idle timeout of a proxied request, in ms; default 120 s. */
  proxyTimeoutMs?: number;
  /** Where operational errors go; default console.error. */
  logError?: (message: string) => void;
  /** Folder of the page renderer (`vite build --ssr`); default dist-ssr next to distDir. Without one, pages are the bare app shell. */
  ssrDir?: string;
  /** The address shoppers use (PUBLIC_URL): links and pictures in the pages' head tags; default http://localhost:<port>. */
  publicUrl?: string;
  /**
   * EDGE_SECRET, shared with the backend: with it this server reads landing
   * pages without the backend counting them, serves them from its cache and
   * counts the views itself. Without it landing reads go to the backend each time.
   */
  edgeSecret?: string;
  /** REDIS_URL: where the backend announces changes (PUBLIC_CACHE_CHANNEL); every storefront server listens. */
  redisUrl?: string;
  /** Public reads: served as is while younger than this (ms; default half of PUBLIC_CACHE_MAX_AGE_MS). */
  cacheFreshMs?: number;
  /** Bounds of the edge's memory: the public reads kept (default 32 MB) and the rendered pages (default 64 MB). */
  readCacheBytes?: number;
  pageCacheBytes?: number;
  /** How often counted landing views are written (ms; default 1000). */
  viewFlushMs?: number;
} & ServerLimits;

/** The storefront server, with its edge parts: the shared cache and the landing views not yet written. */
export type StorefrontServer = Server & {
  edge: {
    cache: PublicCache;
    /** The rendered pages kept (bounded in number and bytes). */
    pages: PageCache;
    views: ViewCounter;
    /** Writes the counted views now (a graceful stop does this). */
    flushViews(): Promise<void>;
    /** Resolves once the Redis subscription (when configured) is listening. */
    ready: Promise<void>;
  };
};

const PROXY_PREFIXES = ['/api', '/app', '/auth', '/store', '/admin', '/static', '/health'];
/** The backend's health check: read on the edge's own socket, one read at a time whoever asks. */
const HEALTH_PATH = '/health';
/** Public reads served from the shared cache: a landing page, the listing, a product. */
const LANDING_READ = /^\/api\/landing\/([^/]+)$/;
const CATALOG_READ = /^\/api\/shop\/products\/get(?:\/[^/]+)?$/;
/** Writes that do not change what public pages show (drafts are saved while shoppers type). */
const QUIET_WRITES = /^\/api\/landing\/[^/]+\/draft$/;
const DEFAULT_HEAD = '<title>Deshi Bazar</title>\n    <meta name="description" content="Clothing, footwear and accessories delivered across Bangladesh.">';
/** Prefixes shared with storefront routes: page navigations there get the SPA. */
const SHARED_PREFIXES = ['/auth', '/admin'];
const CONFIG_PLACEHOLDER = '<!--SHOP_CONFIG-->';
// deferred: it runs before the app's module scripts (document order) without holding up the first paint
const CONFIG_SCRIPT = '<script src="/shop-config.js" defer></script>';
const PUBLISHABLE_KEY_PATTERN = /^pk_[A-Za-z0-9_-]+$/;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  // Product images are admin-supplied URLs on any host (the File module's own URLs included).
  "img-src 'self' data: blob: http: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * A landing page with a Meta pixel (issue 19) loads Meta's script, which sends
 * its events to facebook.com: the policy names those two origins, on those
 * pages only.
 */
export const META_PIXEL_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace(
  "script-src 'self'",
  "script-src 'self' https://connect.facebook.net",
).replace("connect-src 'self'", "connect-src 'self' https://www.facebook.com https://connect.facebook.net");

const BASE_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
} as const;

/** Headers of every response the storefront itself produces. */
const OWN_HEADERS = { ...BASE_SECURITY_HEADERS, 'Content-Security-Policy': CONTENT_SECURITY_POLICY };

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

type StaticFile = {
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  contentType: string;
  etag: string;
};

const defaultDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

/** A page path with doubled and trailing slashes taken out: the one address a page is rendered and linked under. */
export function normalPagePath(pathname: string): string {
  return `/${pathname.split('/').filter(Boolean).join('/')}`;
}

function matchesPrefix(pathname: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

function isPageNavigation(req: IncomingMessage): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && (req.headers.accept ?? '').includes('text/html');
}

function etagOf(body: Buffer): string {
  // Weak: the same validator covers the identity, gzip and brotli bodies.
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
}

/** A file with its compressed forms; `dynamic` (a rendered page, made often): cheaper settings. */
function makeFile(body: Buffer, contentType: string, options: { dynamic?: boolean } = {}): StaticFile {
  const file: StaticFile = { body, contentType, etag: etagOf(body) };
  if (body.length > 1024 && COMPRESSIBLE.test(contentType)) {
    file.gzip = zlib.gzipSync(body, { level: options.dynamic ? 6 : 9 });
    file.br = zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: options.dynamic ? 5 : 9,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  return file;
}

/**
 * The template with each `<link rel="stylesheet" href="/assets/...">` of the
 * build replaced by its content in a `<style>` (the policy allows inline
 * styles): a rendered page paints from its HTML alone, no stylesheet request
 * in between. A sheet that cannot be read stays a link.
 */
export function inlineStylesheets(template: string, distDir: string): string {
  return template.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (link, file: string) => {
    try {
      const css = fs.readFileSync(path.join(distDir, file), 'utf8');
      return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
    } catch {
      return link;
    }
  });
}

/** The source module of each page the server renders for the shop app (src/app/router.tsx's lazy pages). */
const SHOP_PAGE_MODULES: Record<string, string> = {
  home: 'src/app/routes/home.tsx',
  productList: 'src/app/routes/shop/product-list.tsx',
  product: 'src/app/routes/shop/product.tsx',
};

type ManifestChunk = { file: string; imports?: string[] };

/**
 * `<link rel="modulepreload">` for each rendered shop page's own chunks (from
 * the build's manifest), so the browser fetches them with the app instead of
 * after it: the app loads the page's code before it hydrates.
 */
export function pageModulePreloads(manifest: Record<string, ManifestChunk>, page: string): string {
  const files = new Set<string>();
  const visit = (key: string | undefined) => {
    const chunk = key ? manifest[key] : undefined;
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(SHOP_PAGE_MODULES[page]);
  // the entry's own imports are in index.html already
  const entry = manifest['index.html'];
  const inPage = new Set([entry?.file, ...(entry?.imports ?? []).map((key) => manifest[key]?.file)]);
  return [...files]
    .filter((file) => !inPage.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
}

function readManifest(distDir: string): Record<string, ManifestChunk> {
  try {
    return JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return {};
  }
}

/**
 * REDIS_URL set: listens on PUBLIC_CACHE_CHANNEL, where the backend announces
 * changes to what public pages show; every message drops the cache.
 */
async function subscribeToChanges(
  redisUrl: string | undefined,
  onChange: () => void,
  logError: (message: string) => void,
): Promise<() => void> {
  if (!redisUrl?.trim()) return () => undefined;
  const { default: Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: null });
  redis.on('error', (error: Error) => logError(`[storefront] Redis: ${error.message}`));
  redis.on('message', () => onChange());
  // after a reconnect messages may have been missed: start from nothing
  redis.on('ready', () => onChange());
  await redis.connect();
  await redis.subscribe(PUBLIC_CACHE_CHANNEL);
  return () => redis.disconnect();
}

export function validatePublishableKey(value: string | undefined): string {
  const key = (value ?? '').trim();
  if (key !== '' && !PUBLISHABLE_KEY_PATTERN.test(key)) {
    throw new Error('MEDUSA_PUBLISHABLE_KEY must be empty or a Medusa publishable key ("pk_...")');
  }
  return key;
}

/** The contract's rule, as the app's config (src/lib/config.ts) and the backend apply it. */
export function validateSupportPhone(value: string | undefined): string {
  const phone = normalizeSupportPhone(value);
  if (phone === null) {
    throw new Error('SHOP_SUPPORT_PHONE must be empty or a phone number like "01700-000000" or "+8801700000000"');
  }
  return phone;
}

function parseBackendUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`MEDUSA_BACKEND_URL is not a URL: ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`MEDUSA_BACKEND_URL must be http(s): ${value}`);
  }
  return url;
}

/** What the app's config (src/lib/config.ts) reads from window.__SHOP_CONFIG__. */
export type PublicShopConfig = { publishableKey: string; supportPhone?: string };

export function publicShopConfig(publishableKey: string, supportPhone = ''): PublicShopConfig {
  return { publishableKey, ...(supportPhone && { supportPhone }) };
}

export function renderConfigScript(publishableKey: string, supportPhone = ''): string {
  const json = JSON.stringify(publicShopConfig(publishableKey, supportPhone)).replace(/</g, '\\u003c');
  return `window.__SHOP_CONFIG__=${json};\n`;
}

/** Bengali faces a landing page draws its text with (packages/fonts/bengali.css): body 400, headline 700. */
const LANDING_PRELOAD_FONTS = [/^noto-sans-bengali-bengali-400-normal-[\w-]+\.woff2$/, /^noto-sans-bengali-bengali-700-normal-[\w-]+\.woff2$/];

/**
 * `<link rel="preload">` tags for the landing page's fonts, found by name among
 * the build's hashed assets; empty when the build has none. Only the Bengali
 * faces: the page's text is Bengali, and every font preloaded competes with
 * the page's first picture for a slow line (its Latin font loads on use).
 */
export function landingFontPreloads(assetNames: readonly string[]): string {
  return LANDING_PRELOAD_FONTS.map((pattern) => assetNames.find((name) => pattern.test(name)))
    .filter((name): name is string => name !== undefined)
    .map((name) => `<link rel="preload" href="/assets/${name}" as="font" type="font/woff2" crossorigin>`)
    .join('');
}

export function injectConfigScript(html: string): string {
  if (html.includes(CONFIG_PLACEHOLDER)) return html.replace(CONFIG_PLACEHOLDER, CONFIG_SCRIPT);
  return html.replace('</head>', `  ${CONFIG_SCRIPT}\n  </head>`);
}

/**
 * TRUST_PROXY as proxy-addr reads it; null when unset. A yes/no value (its old
 * meaning here) is refused: it does not say which proxies to believe.
 */
export function compileTrustProxy(setting: string | undefined): ((address: string, hop: number) => boolean) | null {
  const value = setting?.trim();
  if (!value) return null;
  if (/^(1|true|yes|0|false|no)$/i.test(value)) {
    throw new Error(`TRUST_PROXY names the proxies in front (e.g. loopback or 10.0.0.0/8), not yes/no; got "${value}"`);
  }
  return proxyaddr.compile(value.split(',').map((part) => part.trim()));
}

/** Creates (does not start) the storefront server. */
export function createStorefrontServer(options: StorefrontServerOptions = {}): StorefrontServer {
  const distDir = path.resolve(options.distDir ?? defaultDistDir);
  const backend = parseBackendUrl(options.backendUrl ?? 'http://localhost:9000');
  const backendBasePath = backend.pathname.replace(/\/$/, '');
  const backendModule = backend.protocol === 'https:' ? https : http;
  const limits = resolveLimits(options);
  // Proxied requests and the edge's own reads on separate pools: a flood of slow uploads fills only
  // the proxy's, and the pages, public reads and /health keep their sockets.
  const proxyAgent = new backendModule.Agent({ keepAlive: true, maxSockets: limits.proxySockets });
  const edgeAgent = new backendModule.Agent({ keepAlive: true, maxSockets: limits.edgeSockets });
  // one health read at a time (coalesced): never behind a render's reads of made-up pages
  const healthAgent = new backendModule.Agent({ keepAlive: true, maxSockets: 1 });
  const trusted = compileTrustProxy(options.trustProxy);
  const proxyTimeoutMs = options.proxyTimeoutMs ?? 120_000;
  const logError = options.logError ?? ((message: string) => console.error(message));

  const indexPath = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    throw new Error(`No storefront build at ${indexPath}: run "npm run build -w storefront" first`);
  }
  const indexTemplate = injectConfigScript(fs.readFileSync(indexPath, 'utf8'));
  const landingPath = path.join(distDir, 'landing.html');
  const landingTemplate = fs.existsSync(landingPath)
    ? injectConfigScript(fs.readFileSync(landingPath, 'utf8'))
    : indexTemplate;
  // rendered pages carry their stylesheets inline: the HTML alone paints the page
  const inlineIndexTemplate = inlineStylesheets(indexTemplate, distDir);
  const inlineLandingTemplate = inlineStylesheets(landingTemplate, distDir);
  const assetNames = fs.existsSync(path.join(distDir, 'assets')) ? fs.readdirSync(path.join(distDir, 'assets')) : [];
  const manifest = readManifest(distDir);
  const shell = (template: string, head = DEFAULT_HEAD) =>
    makeFile(Buffer.from(fillTemplate(template, { head, html: '', state: '' })), CONTENT_TYPES['.html']!);
  const indexFile = shell(indexTemplate);
  // the landing app's pages without a render (the confirmation; any page when there is no renderer)
  const landingShellFile = shell(landingTemplate, `${DEFAULT_HEAD}${landingFontPreloads(assetNames)}`);
  const publishableKey = validatePublishableKey(options.publishableKey);
  const supportPhone = validateSupportPhone(options.supportPhone);
  const configFile = makeFile(Buffer.from(renderConfigScript(publishableKey, supportPhone)), CONTENT_TYPES['.js']!);
  // dist/ does not change while the server runs: files are read (and compressed) once.
  const fileCache = new Map<string, StaticFile | null>();

  // ---------- the edge: shared cache of public reads, pages rendered here, landing views ----------
  const edgeSecret = options.edgeSecret?.trim() || '';
  const origin = (options.publicUrl?.trim() || 'http://localhost:5173').replace(/\/$/, '');
  const cache = new PublicCache((readPath) => backendCall('GET', readPath), {
    freshMs: options.cacheFreshMs ?? PUBLIC_CACHE_MAX_AGE_MS / 2,
    maxAgeMs: PUBLIC_CACHE_MAX_AGE_MS,
    maxEntries: 2000,
    maxBytes: options.readCacheBytes,
  });
  const pages = new PageCache(cache, 2000, options.pageCacheBytes);
  const views = new ViewCounter(
    async (counts) => {
      const answer = await backendCall('POST', EDGE_VIEWS_PATH, JSON.stringify({ views: counts }));
      if (answer.status !== 200) throw new Error(`the backend answered ${answer.status}`);
    },
    { intervalMs: options.viewFlushMs ?? 1000, maxSlugsPerBatch: EDGE_VIEWS_LIMITS.slugs, logError },
  );
  if (edgeSecret) views.start();
  let renderer: Renderer | null = null;
  // The renderer's app reads its config (src/lib/config.ts) from globalThis when it loads, as the
  // browser's reads /shop-config.js: the pages it renders show what the browser's app will (the
  // support phone), else that app's first render would not match their HTML (a hydration error).
  (globalThis as { __SHOP_CONFIG__?: unknown }).__SHOP_CONFIG__ = publicShopConfig(publishableKey, supportPhone);
  const rendererReady = loadRenderer(path.resolve(options.ssrDir ?? path.join(distDir, '..', 'dist-ssr'))).then(
    (loaded) => {
      renderer = loaded;
      loaded?.setPublicReader(async (readPath) => answerJson(await pages.read(readPath)));
    },
    (error: Error) => logError(`[storefront] page renderer not loaded, pages are served as the bare app: ${error.message}`),
  );

  /** One request to the backend with the edge's secret (landing reads, views), the answer read whole. */
  function backendCall(
    method: 'GET' | 'POST',
    target: string,
    body?: string,
    via: { agent: http.Agent; timeoutMs: number } = { agent: edgeAgent, timeoutMs: 30_000 },
  ): Promise<Omit<CachedAnswer, 'version' | 'fetchedAt'>> {
    return new Promise((resolve, reject) => {
      const headers: OutgoingHttpHeaders = { host: backend.host, accept: 'application/json' };
      if (edgeSecret) headers[EDGE_SECRET_HEADER] = edgeSecret;
      if (body !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = Buffer.byteLength(body);
      }
      const upstream = backendModule.request(
        {
          protocol: backend.protocol,
          hostname: backend.hostname,
          port: backend.port || undefined,
          path: backendBasePath + target,
          method,
          headers,
          agent: via.agent,
        },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () =>
            resolve({
              status: answer.statusCode ?? 502,
              body: Buffer.concat(chunks),
              contentType: String(answer.headers['content-type'] ?? 'application/json; charset=utf-8'),
            }),
          );
          answer.on('error', reject);
        },
      );
      upstream.setTimeout(via.timeoutMs, () => upstream.destroy(new Error('Backend timed out')));
      upstream.on('error', reject);
      upstream.end(body);
    });
  }

  /** Landing reads go through the cache only when the backend lets this server count the views. */
  const landingCached = edgeSecret !== '';

  function sendAnswer(req: IncomingMessage, res: ServerResponse, answer: CachedAnswer) {
    const headers: OutgoingHttpHeaders = {
      ...BASE_SECURITY_HEADERS,
      'Content-Type': answer.contentType,
      // every read of a landing page is a view, and stock moves: never from a browser's cache
      'Cache-Control': 'no-store',
      Vary: 'Accept-Encoding',
    };
    let body = answer.body;
    if (body.length > 1024 && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      const compressed = answer as CachedAnswer & { gzip?: Buffer };
      compressed.gzip ??= zlib.gzipSync(body, { level: 6 });
      body = compressed.gzip;
      headers['Content-Encoding'] = 'gzip';
    }
    headers['Content-Length'] = body.length;
    res.writeHead(answer.status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** GET /api/landing/{slug} and the catalog reads, from the shared cache; false: not one of them. */
  function servePublicRead(req: IncomingMessage, res: ServerResponse, pathname: string, rawUrl: string): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const landing = LANDING_READ.exec(pathname);
    if (landing ? !landingCached : !CATALOG_READ.test(pathname)) return false;
    cache.get(rawUrl).then(
      (answer) => {
        if (landing && answer.status === 200 && req.method === 'GET') views.count(decodeSlug(landing[1]!));
        sendAnswer(req, res, answer);
      },
      (error: Error) => {
        logError(`[storefront] ${req.method} ${rawUrl}: ${error.message}`);
        if (!res.headersSent) sendJson(res, 502, { success: false, message: 'Backend unavailable' });
      },
    );
    return true;
  }

  let healthRead: Promise<Omit<CachedAnswer, 'version' | 'fetchedAt'>> | null = null;

  /** GET /health: the backend's answer, on the health socket, one read shared by everyone asking meanwhile. */
  function serveHealth(req: IncomingMessage, res: ServerResponse) {
    healthRead ??= backendCall('GET', HEALTH_PATH, undefined, { agent: healthAgent, timeoutMs: 5000 }).finally(() => {
      healthRead = null;
    });
    healthRead.then(
      (answer) => {
        res.writeHead(answer.status, {
          ...BASE_SECURITY_HEADERS,
          'Content-Type': answer.contentType,
          'Cache-Control': 'no-store',
          'Content-Length': answer.body.length,
        });
        res.end(req.method === 'HEAD' ? undefined : answer.body);
      },
      (error: Error) => {
        logError(`[storefront] ${req.method} ${HEALTH_PATH}: ${error.message}`);
        if (!res.headersSent) sendJson(res, 502, { success: false, message: 'Backend unavailable' });
      },
    );
  }

  function decodeSlug(segment: string): string {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  }

  function htmlFile(page: RenderedPage): StaticFile {
    const kept = page as RenderedPage & { file?: StaticFile };
    kept.file ??= makeFile(Buffer.from(page.html), CONTENT_TYPES['.html']!, { dynamic: true });
    return kept.file;
  }

  /** The app's HTML, head and state in a template. */
  function document(template: string, rendered: { head: string; html: string; state: unknown }, extraHead = ''): string {
    const state = `<script type="application/json" id="${renderer!.SSR_STATE_ID}">${renderer!.serializeState(rendered.state)}</script>`;
    return fillTemplate(template, { head: rendered.head + extraHead, html: rendered.html, state });
  }

  /** `counted`: the read the backend just counted as this visit (no secret), rendered as it is. */
  async function renderLanding(pathname: string, rawSegment: string, counted?: CachedAnswer): Promise<Omit<RenderedPage, 'deps'>> {
    const answer = await pages.read(`/api/landing/${rawSegment}`, counted);
    if (answer.status !== 200 && answer.status !== 404) throw new Error(`landing read answered ${answer.status}`);
    const data = answer.status === 200 ? (answerJson(answer) as { data?: LandingLike | null }).data ?? null : null;
    const rendered = renderer!.renderLandingPage(pathname, data, origin);
    return {
      status: rendered.status,
      // after the head's tags (which preload the page's first picture): the Bengali faces
      html: document(inlineLandingTemplate, rendered, landingFontPreloads(assetNames)),
      landing: { slug: decodeSlug(rawSegment), page: data },
    };
  }

  async function renderShop(rawUrl: string, page: string): Promise<Omit<RenderedPage, 'deps'>> {
    const rendered = await renderer!.renderShopPage(rawUrl, origin);
    if (!rendered) return { status: 200, html: indexFile.body.toString('utf8') };
    return { status: rendered.status, html: document(inlineIndexTemplate, rendered, pageModulePreloads(manifest, page)) };
  }

  /** A page rendered here, or false when this one is not rendered (the app shell is sent). */
  async function serveRenderedPage(req: IncomingMessage, res: ServerResponse, pathname: string, rawUrl: string): Promise<boolean> {
    if (!renderer) return false;
    const page = matchPagePath(pathname);
    let rendered: RenderedPage;
    if (page === 'landing') {
      const rawSegment = pathname.split('/').filter(Boolean)[1]!;
      const read = `/api/landing/${rawSegment}`;
      // without the edge secret the backend counts every read: exactly one read per visit, the page
      // rendered from that very answer (re-rendered only when it changed), no other read of it
      const counted = landingCached ? undefined : await cache.get(read, { bypass: true });
      rendered = await pages.get(
        `landing:${rawSegment}`,
        () => renderLanding(pathname.replace(/\/$/, ''), rawSegment, counted),
        counted ? new Map([[read, counted.version]]) : undefined,
      );
      if (landingCached && rendered.status === 200 && req.method === 'GET') views.count(rendered.landing!.slug);
    } else if (page === 'home' || page === 'productList' || page === 'product') {
      // kept and linked under what the app reads of the address (the listing's filters and sort; no
      // fbclid, utm_* or anything else): an ad's link is everyone's page, made-up queries one page
      const key = renderer.shopPageKey ? renderer.shopPageKey(rawUrl) : page === 'productList' ? rawUrl : pathname;
      rendered = await pages.get(`shop:${key}`, () => renderShop(key, page));
    } else {
      return false;
    }
    const withPixel = !!rendered.landing?.page?.metaPixelId;
    sendFile(req, res, htmlFile(rendered), 'no-cache', rendered.status, withPixel ? { 'Content-Security-Policy': META_PIXEL_CONTENT_SECURITY_POLICY } : {});
    return true;
  }

  function loadFile(filePath: string): StaticFile | null {
    if (fileCache.has(filePath)) return fileCache.get(filePath)!;
    let file: StaticFile | null = null;
    try {
      if (fs.statSync(filePath).isFile()) {
        const type = CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
        file = makeFile(fs.readFileSync(filePath), type);
      }
    } catch {
      file = null;
    }
    fileCache.set(filePath, file);
    return file;
  }

  function sendFile(
    req: IncomingMessage,
    res: ServerResponse,
    file: StaticFile,
    cacheControl: string,
    status = 200,
    extraHeaders: OutgoingHttpHeaders = {},
  ) {
    const headers: OutgoingHttpHeaders = {
      ...OWN_HEADERS,
      ...extraHeaders,
      'Content-Type': file.contentType,
      'Cache-Control': cacheControl,
      ETag: file.etag,
    };
    if (file.gzip) headers.Vary = 'Accept-Encoding';
    const ifNoneMatch = req.headers['if-none-match'];
    if (status === 200 && ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === file.etag)) {
      res.writeHead(304, headers).end();
      return;
    }
    const accepted = req.headers['accept-encoding'] ?? '';
    let body = file.body;
    if (file.br && /\bbr\b/.test(accepted)) {
      body = file.br;
      headers['Content-Encoding'] = 'br';
    } else if (file.gzip && /\bgzip\b/.test(accepted)) {
      body = file.gzip;
      headers['Content-Encoding'] = 'gzip';
    }
    headers['Content-Length'] = body.length;
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function sendText(res: ServerResponse, status: number, text: string, extra: OutgoingHttpHeaders = {}) {
    res.writeHead(status, {
      ...OWN_HEADERS,
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      ...extra,
    });
    res.end(text);
  }

  function sendJson(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, {
      ...BASE_SECURITY_HEADERS,
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
    });
    res.end(JSON.stringify(body));
  }

  function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
      return;
    }
    if (pathname === '/shop-config.js') {
      sendFile(req, res, configFile, 'no-store');
      return;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      // an escape that decodes to nothing (a link cut mid-letter, /shop/product/%E0%A4) names no
      // page and no file: a file's address answers a plain 404, any other the app's "page not found"
      if (/\.[a-z0-9]+$/i.test(pathname)) sendText(res, 404, 'Not Found');
      else sendFile(req, res, indexFile, 'no-cache', 404);
      return;
    }
    const filePath = path.join(distDir, decoded);
    const inside = filePath.startsWith(distDir + path.sep) && !decoded.includes('\0');
    // Dotfiles (build stamps, editor files) are not part of the site.
    // dot-files, and source maps (the build makes none; an old dist/ might hold some)
    const hidden = decoded.split('/').some((segment) => segment.startsWith('.')) || decoded.endsWith('.map');
    if (inside && !hidden && filePath !== indexPath) {
      const file = loadFile(filePath);
      if (file) {
        const immutable = pathname.startsWith('/assets/');
        sendFile(req, res, file, immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        return;
      }
    }
    // A path that names a file (has an extension) and does not exist is a
    // real 404: never answer a missing script or image with HTML.
    if (hidden || (path.extname(decoded) !== '' && path.extname(decoded) !== '.html')) {
      sendText(res, 404, 'Not Found');
      return;
    }
    const page = matchPagePath(decoded);
    // `//landing/x` or `/landing/x/` is the page at `/landing/x`: sent there, so the page is rendered,
    // kept and linked (canonical, og:url) under its one address whatever the first visitor typed
    const normal = normalPagePath(pathname);
    if (page && normal !== pathname) {
      res.writeHead(301, {
        ...OWN_HEADERS,
        Location: normal + (req.url ?? '').slice(pathname.length),
        'Cache-Control': 'public, max-age=3600',
        'Content-Length': 0,
      });
      res.end();
      return;
    }
    const shellFile = page === 'landing' || page === 'orderConfirmation' ? landingShellFile : indexFile;
    const sendShell = () => sendFile(req, res, shellFile, 'no-cache', page ? 200 : 404);
    if (!page) {
      sendShell();
      return;
    }
    rendererReady
      .then(() => serveRenderedPage(req, res, pathname, req.url ?? pathname))
      .then(
        (served) => {
          if (!served) sendShell();
        },
        (error: Error) => {
          // the backend is down or answered oddly: the app shell, which shows its own error and retry
          logError(`[storefront] render ${pathname}: ${error.message}`);
          if (!res.headersSent) sendShell();
        },
      );
  }

  function forwardedHeaders(req: IncomingMessage): OutgoingHttpHeaders {
    const connectionTokens = new Set(
      String(req.headers.connection ?? '')
        .split(',')
        .map((token) => token.trim().toLowerCase()),
    );
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name) || connectionTokens.has(name)) continue;
      headers[name] = value;
    }
    const peer = req.socket.remoteAddress ?? '';
    const ownProto = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
    const first = (value: string | string[] | undefined) =>
      (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined;
    // The backend believes one hop (this server): it gets the client as resolved
    // here, through the proxies TRUST_PROXY names and no further.
    headers['x-forwarded-for'] = trusted ? proxyaddr(req, trusted) : peer;
    if (trusted && trusted(peer, 0)) {
      headers['x-forwarded-proto'] = first(req.headers['x-forwarded-proto']) ?? ownProto;
      headers['x-forwarded-host'] = first(req.headers['x-forwarded-host']) ?? req.headers.host ?? '';
    } else {
      headers['x-forwarded-proto'] = ownProto;
      headers['x-forwarded-host'] = req.headers.host ?? '';
    }
    delete headers.forwarded;
    delete headers['x-real-ip'];
    // only this server speaks as the edge
    delete headers[EDGE_SECRET_HEADER];
    headers.host = backend.host;
    return headers;
  }

  /** The client as far as TRUST_PROXY lets this server know it. */
  function clientOf(req: IncomingMessage): string {
    return trusted ? proxyaddr(req, trusted) : (req.socket.remoteAddress ?? '');
  }

  /** A refusal that says when to come back; the connection is closed (a body sent with it is not read). */
  function refuse(res: ServerResponse, { status, message, retryAfterSeconds }: Refusal) {
    res.writeHead(status, {
      ...BASE_SECURITY_HEADERS,
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'close',
      ...(retryAfterSeconds !== undefined && { 'Retry-After': String(retryAfterSeconds) }),
    });
    res.end(JSON.stringify({ success: false, message }));
  }

  // proxied requests holding a backend socket: all of them (at most the proxy's pool), and per client
  const proxied = new ClientCounter(limits.maxProxiedPerClient, limits.proxySockets);

  function proxy(req: IncomingMessage, res: ServerResponse, pathname: string) {
    const place = proxied.tryAcquire(clientOf(req));
    if ('refusal' in place) {
      refuse(res, place.refusal);
      return;
    }

    // a write through this server (the admin's changes, orders taking stock): public reads start afresh
    const changes = !['GET', 'HEAD', 'OPTIONS'].includes(req.method ?? 'GET') && !QUIET_WRITES.test(pathname);
    const upstream = backendModule.request({
      protocol: backend.protocol,
      hostname: backend.hostname,
      port: backend.port || undefined,
      // req.url is the raw path + query; it is appended, never parsed as a URL.
      path: backendBasePath + (req.url ?? '/'),
      method: req.method,
      headers: forwardedHeaders(req),
      agent: proxyAgent,
    });
    // the request's socket goes back to the pool when the request closes, however it ends
    upstream.once('close', place.release);
    let cutOff = false;
    bodyWatch.onCutOff(req, () => {
      cutOff = true;
      upstream.destroy();
    });

    upstream.setTimeout(proxyTimeoutMs, () => {
      upstream.destroy(Object.assign(new Error('Backend timed out'), { code: 'ETIMEDOUT' }));
    });

    upstream.on('response', (upstreamRes) => {
      if (changes && (upstreamRes.statusCode ?? 500) < 400) cache.drop();
      const headers: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(upstreamRes.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
      }
      for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) {
        if (!(name.toLowerCase() in headers)) headers[name] = value;
      }
      res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.statusMessage, headers);
      upstreamRes.pipe(res);
      upstreamRes.on('error', () => res.destroy());
    });

    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (res.destroyed || cutOff) return;
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const timedOut = error.code === 'ETIMEDOUT';
      logError(`[storefront] proxy ${req.method} ${req.url}: ${error.code ?? error.message}`);
      sendJson(res, timedOut ? 504 : 502, {
        success: false,
        message: timedOut ? 'Backend timed out' : 'Backend unavailable',
      });
    });

    req.on('error', () => upstream.destroy());
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  }

  // slow request bodies: each must keep up limits.minBodyRate over every limits.bodyGraceMs
  const bodyWatch = new BodyRateWatch({ minBodyRate: limits.minBodyRate, bodyGraceMs: limits.bodyGraceMs, logError, refuse });
  bodyWatch.start();

  const server = http.createServer(serverTimeouts(limits), (req, res) => {
    bodyWatch.watch(req, res);
    const rawUrl = req.url ?? '/';
    if (!rawUrl.startsWith('/')) {
      sendText(res, 400, 'Bad Request');
      return;
    }
    const pathname = rawUrl.split('?', 1)[0]!;
    const sharedPageRoute = matchesPrefix(pathname, SHARED_PREFIXES) && isPageNavigation(req);
    if (pathname === HEALTH_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
      serveHealth(req, res);
      return;
    }
    if (matchesPrefix(pathname, PROXY_PREFIXES) && !sharedPageRoute) {
      if (!servePublicRead(req, res, pathname, rawUrl)) proxy(req, res, pathname);
      return;
    }
    try {
      serveStatic(req, res, pathname);
    } catch (error) {
      logError(`[storefront] ${req.method} ${pathname}: ${(error as Error).message}`);
      if (!res.headersSent) sendText(res, 500, 'Internal Server Error');
      else res.destroy();
    }
  });

  let closeRedis: () => void = () => undefined;
  const subscribed = subscribeToChanges(options.redisUrl, () => cache.drop(), logError).then((close) => {
    closeRedis = close;
  });
  const ready = Promise.all([rendererReady, subscribed]).then(() => undefined);
  // connections per socket address; a trusted proxy carries many clients, which are counted per request
  new ConnectionCap(limits.maxConnectionsPerAddress, trusted).attach(server);

  server.on('close', () => {
    closeRedis();
    bodyWatch.stop();
    proxyAgent.destroy();
    healthAgent.destroy();
    void views.stop().finally(() => edgeAgent.destroy());
  });
  return Object.assign(server, { edge: { cache, pages, views, flushViews: () => views.flush(), ready } });
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 5173;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`STOREFRONT_PORT must be a port number, got "${value}"`);
  }
  return port;
}

function main() {
  const port = parsePort(process.env.STOREFRONT_PORT);
  const host = process.env.HOST || '0.0.0.0';
  const backendUrl = process.env.MEDUSA_BACKEND_URL || 'http://localhost:9000';
  const server = createStorefrontServer({
    backendUrl,
    publishableKey: process.env.MEDUSA_PUBLISHABLE_KEY,
    supportPhone: process.env.SHOP_SUPPORT_PHONE,
    trustProxy: process.env.TRUST_PROXY,
    publicUrl: process.env.PUBLIC_URL || `http://localhost:${port}`,
    edgeSecret: process.env.EDGE_SECRET,
    redisUrl: process.env.REDIS_URL,
    ...limitsFromEnv(process.env),
  });

  server.listen(port, host, () => {
    const address = server.address();
    const actualPort = typeof address === 'object' && address ? address.port : port;
    const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
    console.log(`Storefront on http://${shownHost}:${actualPort} (backend ${backendUrl})`);
  });

  // a graceful stop writes the landing views counted and not yet written
  const shutdown = () => {
    server.close();
    server.closeIdleConnections();
    void server.edge.views.stop().finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

function isExecutedDirectly(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return fs.realpathSync(entry) === fs.realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isExecutedDirectly()) {
  try {
    main();
  } catch (error) {
    console.error(`[storefront] ${(error as Error).message}`);
    process.exit(1);
  }
}
