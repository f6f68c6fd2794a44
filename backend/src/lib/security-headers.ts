import { ServerResponse } from "node:http"

/**
 * Headers every answer of this process carries, whoever wrote it (our routes,
 * Medusa's, /health, /static files, the admin's assets, error pages):
 * - X-Content-Type-Options: nosniff (a file is never run as something else)
 * - Referrer-Policy: strict-origin-when-cross-origin (no paths leave the site)
 * - X-Frame-Options: SAMEORIGIN (no clickjacking of the admin)
 * and never X-Powered-By. A response that set its own value keeps it.
 */
export const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "SAMEORIGIN",
}

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
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args)
  } as typeof proto.writeHead
  proto[INSTALLED] = true
}
