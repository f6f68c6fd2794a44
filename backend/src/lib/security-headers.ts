import { ServerResponse } from "node:http"
import { IMMUTABLE_CACHE_CONTROL, LOCAL_VARIANT_PATH } from "./picture-names"

/**
 * Headers every answer of this process carries, whoever wrote it (our routes,
 * Medusa's, /health, /static files, the admin's assets, error pages):
 * - X-Content-Type-Options: nosniff (a file is never run as something else)
 * - Referrer-Policy: strict-origin-when-cross-origin (no paths leave the site)
 * - X-Frame-Options: SAMEORIGIN (no clickjacking of the admin)
 * and never X-Powered-By. A response that set its own value keeps it.
 * Everything under /static (in any letter case) also gets STATIC_FILE_CSP, always,
 * and a picture variant found there (its name carries its content's hash,
 * src/lib/picture-names.ts) is cached for a year: Medusa serves /static
 * itself with `max-age=0`, before any route middleware runs.
 */
export const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "SAMEORIGIN",
}

/**
 * Uploaded files (/static, the File module's local storage) are data, never
 * a page: a file opened directly runs no script, loads nothing, and is its
 * own opaque origin, whatever its type.
 */
export const STATIC_FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox"

const INSTALLED = Symbol.for("shop.securityHeaders")

/** Installs the headers on every HTTP response of this process (once). */
export function installSecurityHeaders(): void {
  const proto = ServerResponse.prototype as ServerResponse & { [INSTALLED]?: boolean }
  if (proto[INSTALLED]) return
  const writeHead = proto.writeHead
  proto.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!this.headersSent) {
      this.removeHeader("X-Powered-By")
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        if (!this.hasHeader(name)) this.setHeader(name, value)
      }
      // Express strips a mount path from req.url (app.use("/static", ...)); originalUrl keeps it
      const req = (this as ServerResponse & { req?: { url?: string; originalUrl?: string } }).req
      // Express matches /static in any letter case (/STATIC/x.svg is the same file): so does this
      const url = (req?.originalUrl ?? req?.url ?? "").split("?")[0]!.toLowerCase()
      if (url === "/static" || url.startsWith("/static/")) {
        this.setHeader("Content-Security-Policy", STATIC_FILE_CSP)
        const status = typeof args[0] === "number" ? args[0] : this.statusCode
        if ((status === 200 || status === 304) && LOCAL_VARIANT_PATH.test(url)) {
          this.setHeader("Cache-Control", IMMUTABLE_CACHE_CONTROL)
        }
      }
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args)
  } as typeof proto.writeHead
  proto[INSTALLED] = true
}
