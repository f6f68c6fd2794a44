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
 * Env: STOREFRONT_PORT (5173), HOST (0.0.0.0), MEDUSA_BACKEND_URL
 * (http://localhost:9000), MEDUSA_PUBLISHABLE_KEY (optional), SHOP_SUPPORT_PHONE
 * (optional; the app's default line when unset), TRUST_PROXY (the reverse
 * proxies in front whose X-Forwarded-* are believed: `loopback`, addresses or
 * CIDRs, comma-separated, as for the backend; unset: none).
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
import { matchPagePath, normalizeSupportPhone } from '@shop/contract';
import proxyaddr from 'proxy-addr';
import zlib from 'node:zlib';

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
};

const PROXY_PREFIXES = ['/api', '/app', '/auth', '/store', '/admin', '/static', '/health'];
/** Prefixes shared with storefront routes: page navigations there get the SPA. */
const SHARED_PREFIXES = ['/auth', '/admin'];
const CONFIG_PLACEHOLDER = '<!--SHOP_CONFIG-->';
const CONFIG_SCRIPT = '<script src="/shop-config.js"></script>';
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

function makeFile(body: Buffer, contentType: string): StaticFile {
  const file: StaticFile = { body, contentType, etag: etagOf(body) };
  if (body.length > 1024 && COMPRESSIBLE.test(contentType)) {
    file.gzip = zlib.gzipSync(body, { level: 9 });
    file.br = zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
  }
  return file;
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

export function renderConfigScript(publishableKey: string, supportPhone = ''): string {
  const json = JSON.stringify({ publishableKey, ...(supportPhone && { supportPhone }) }).replace(/</g, '\\u003c');
  return `window.__SHOP_CONFIG__=${json};\n`;
}

/** Bengali faces a landing page draws its text with (packages/fonts/bengali.css): body 400, headline 700. */
const LANDING_PRELOAD_FONTS = [/^noto-sans-bengali-bengali-400-normal-[\w-]+\.woff2$/, /^noto-sans-bengali-bengali-700-normal-[\w-]+\.woff2$/];

/**
 * `<link rel="preload">` tags for the landing page's fonts, found by name among
 * the build's hashed assets; empty when the build has none.
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
export function createStorefrontServer(options: StorefrontServerOptions = {}): Server {
  const distDir = path.resolve(options.distDir ?? defaultDistDir);
  const backend = parseBackendUrl(options.backendUrl ?? 'http://localhost:9000');
  const backendBasePath = backend.pathname.replace(/\/$/, '');
  const backendModule = backend.protocol === 'https:' ? https : http;
  const agent = new backendModule.Agent({ keepAlive: true, maxSockets: 256 });
  const trusted = compileTrustProxy(options.trustProxy);
  const proxyTimeoutMs = options.proxyTimeoutMs ?? 120_000;
  const logError = options.logError ?? ((message: string) => console.error(message));

  const indexPath = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    throw new Error(`No storefront build at ${indexPath}: run "npm run build -w storefront" first`);
  }
  const indexFile = makeFile(
    Buffer.from(injectConfigScript(fs.readFileSync(indexPath, 'utf8'))),
    CONTENT_TYPES['.html']!,
  );
  const assetNames = fs.existsSync(path.join(distDir, 'assets')) ? fs.readdirSync(path.join(distDir, 'assets')) : [];
  const landingIndexFile = makeFile(
    Buffer.from(indexFile.body.toString('utf8').replace('</head>', `${landingFontPreloads(assetNames)}</head>`)),
    CONTENT_TYPES['.html']!,
  );
  const configFile = makeFile(
    Buffer.from(
      renderConfigScript(validatePublishableKey(options.publishableKey), validateSupportPhone(options.supportPhone)),
    ),
    CONTENT_TYPES['.js']!,
  );
  // dist/ does not change while the server runs: files are read (and compressed) once.
  const fileCache = new Map<string, StaticFile | null>();

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

  function sendFile(req: IncomingMessage, res: ServerResponse, file: StaticFile, cacheControl: string, status = 200) {
    const headers: OutgoingHttpHeaders = {
      ...OWN_HEADERS,
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
      sendText(res, 400, 'Bad Request');
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
    sendFile(req, res, page === 'landing' ? landingIndexFile : indexFile, 'no-cache', page ? 200 : 404);
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
    headers.host = backend.host;
    return headers;
  }

  function proxy(req: IncomingMessage, res: ServerResponse) {
    const upstream = backendModule.request({
      protocol: backend.protocol,
      hostname: backend.hostname,
      port: backend.port || undefined,
      // req.url is the raw path + query; it is appended, never parsed as a URL.
      path: backendBasePath + (req.url ?? '/'),
      method: req.method,
      headers: forwardedHeaders(req),
      agent,
    });

    upstream.setTimeout(proxyTimeoutMs, () => {
      upstream.destroy(Object.assign(new Error('Backend timed out'), { code: 'ETIMEDOUT' }));
    });

    upstream.on('response', (upstreamRes) => {
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
      if (res.destroyed) return;
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

  const server = http.createServer((req, res) => {
    const rawUrl = req.url ?? '/';
    if (!rawUrl.startsWith('/')) {
      sendText(res, 400, 'Bad Request');
      return;
    }
    const pathname = rawUrl.split('?', 1)[0]!;
    const sharedPageRoute = matchesPrefix(pathname, SHARED_PREFIXES) && isPageNavigation(req);
    if (matchesPrefix(pathname, PROXY_PREFIXES) && !sharedPageRoute) {
      proxy(req, res);
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

  server.on('close', () => agent.destroy());
  return server;
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
  });

  server.listen(port, host, () => {
    const address = server.address();
    const actualPort = typeof address === 'object' && address ? address.port : port;
    const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
    console.log(`Storefront on http://${shownHost}:${actualPort} (backend ${backendUrl})`);
  });

  const shutdown = () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
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
