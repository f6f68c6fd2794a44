/**
 * The Vite build in dist/ as files: correct content types, gzip/brotli for
 * text files, immutable caching for /assets/*, a weak ETag each. A path that
 * names no file goes to the app's pages (SPA fallback; see edge.ts): 200 for
 * the app's pages, 404 for any other path.
 */
import { createHash } from "node:crypto"
import fs from "node:fs"
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http"
import path from "node:path"
import zlib from "node:zlib"
import { sendText } from "./responses"
import { OWN_HEADERS } from "./security-headers"

export const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
}
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/

export type StaticFile = {
  body: Buffer
  gzip?: Buffer
  br?: Buffer
  contentType: string
  etag: string
}

function etagOf(body: Buffer): string {
  // Weak: the same validator covers the identity, gzip and brotli bodies.
  return `W/"${createHash("sha1").update(body).digest("base64url").slice(0, 27)}"`
}

/** A file with its compressed forms; `dynamic` (a rendered page, made often): cheaper settings. */
export function makeFile(body: Buffer, contentType: string, options: { dynamic?: boolean } = {}): StaticFile {
  const file: StaticFile = { body, contentType, etag: etagOf(body) }
  if (body.length > 1024 && COMPRESSIBLE.test(contentType)) {
    file.gzip = zlib.gzipSync(body, { level: options.dynamic ? 6 : 9 })
    file.br = zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: options.dynamic ? 5 : 9,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    })
  }
  return file
}

export function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: StaticFile,
  cacheControl: string,
  status = 200,
  extraHeaders: OutgoingHttpHeaders = {}
) {
  const headers: OutgoingHttpHeaders = {
    ...OWN_HEADERS,
    ...extraHeaders,
    "Content-Type": file.contentType,
    "Cache-Control": cacheControl,
    ETag: file.etag,
  }
  if (file.gzip) headers.Vary = "Accept-Encoding"
  const ifNoneMatch = req.headers["if-none-match"]
  if (status === 200 && ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim() === file.etag)) {
    res.writeHead(304, headers).end()
    return
  }
  const accepted = req.headers["accept-encoding"] ?? ""
  let body = file.body
  if (file.br && /\bbr\b/.test(accepted)) {
    body = file.br
    headers["Content-Encoding"] = "br"
  } else if (file.gzip && /\bgzip\b/.test(accepted)) {
    body = file.gzip
    headers["Content-Encoding"] = "gzip"
  }
  headers["Content-Length"] = body.length
  res.writeHead(status, headers)
  res.end(req.method === "HEAD" ? undefined : body)
}

/** The build's files and the server's own (/shop-config.js), as served. */
export type StaticSite = {
  distDir: string
  /** index.html: never served as itself, only as the app shell (indexFile). */
  indexPath: string
  indexFile: StaticFile
  /** /shop-config.js. */
  configFile: StaticFile
  /** dist/ does not change while the server runs: files are read (and compressed) once. */
  files: Map<string, StaticFile | null>
}

/** The site of the build in `distDir`; `indexFile` is its app shell, `configScript` /shop-config.js. */
export function createStaticSite(distDir: string, indexFile: StaticFile, configScript: string): StaticSite {
  const configFile = makeFile(Buffer.from(configScript), CONTENT_TYPES[".js"]!)
  return { distDir, indexPath: path.join(distDir, "index.html"), indexFile, configFile, files: new Map() }
}

/** What serves the app's pages: `decoded` is the path decoded, which names no file of the build. */
export type ServePage = (req: IncomingMessage, res: ServerResponse, pathname: string, decoded: string) => void

function loadFile(site: StaticSite, filePath: string): StaticFile | null {
  if (site.files.has(filePath)) return site.files.get(filePath)!
  let file: StaticFile | null = null
  try {
    if (fs.statSync(filePath).isFile()) {
      const type = CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? "application/octet-stream"
      file = makeFile(fs.readFileSync(filePath), type)
    }
  } catch {
    file = null
  }
  site.files.set(filePath, file)
  return file
}

/** A GET or HEAD of a file, else of the app's pages (`servePage`). */
export function serveStatic(
  site: StaticSite,
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  servePage: ServePage
) {
  if (req.method !== "GET" && req.method !== "HEAD") {
    sendText(res, 405, "Method Not Allowed", { Allow: "GET, HEAD" })
    return
  }
  if (pathname === "/shop-config.js") {
    sendFile(req, res, site.configFile, "no-store")
    return
  }
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    // an escape that decodes to nothing (a link cut mid-letter, /shop/product/%E0%A4) names no
    // page and no file: a file's address answers a plain 404, any other the app's "page not found"
    if (/\.[a-z0-9]+$/i.test(pathname)) sendText(res, 404, "Not Found")
    else sendFile(req, res, site.indexFile, "no-cache", 404)
    return
  }
  const filePath = path.join(site.distDir, decoded)
  const inside = filePath.startsWith(site.distDir + path.sep) && !decoded.includes("\0")
  // Dotfiles (build stamps, editor files) are not part of the site.
  // dot-files, and source maps (the build makes none; an old dist/ might hold some)
  const hidden = decoded.split("/").some((segment) => segment.startsWith(".")) || decoded.endsWith(".map")
  if (inside && !hidden && filePath !== site.indexPath) {
    const file = loadFile(site, filePath)
    if (file) {
      const immutable = pathname.startsWith("/assets/")
      sendFile(req, res, file, immutable ? "public, max-age=31536000, immutable" : "no-cache")
      return
    }
  }
  // A path that names a file (has an extension) and does not exist is a
  // real 404: never answer a missing script or image with HTML.
  if (hidden || (path.extname(decoded) !== "" && path.extname(decoded) !== ".html")) {
    sendText(res, 404, "Not Found")
    return
  }
  servePage(req, res, pathname, decoded)
}
