import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { ApiAnswer } from "@shop/contract"

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"])
export const CROSS_SITE_MESSAGE = "Cross-site requests are not allowed"

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.split(",")[0]?.trim()

const originsByConfig = new WeakMap<object, Set<string>>()

/** The origins the shop's pages are served from: the CORS lists of the config (plain origins), parsed once. */
function allowedOrigins(req: MedusaRequest): Set<string> {
  const http = req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE).projectConfig.http
  let origins = originsByConfig.get(http)
  if (!origins) originsByConfig.set(http, (origins = parseOrigins(http)))
  return origins
}

function parseOrigins(http: { storeCors?: string; adminCors?: string; authCors?: string }): Set<string> {
  const lists = [http.storeCors, http.adminCors, http.authCors, process.env.PUBLIC_URL]
  const origins = new Set<string>()
  for (const list of lists) {
    for (const entry of String(list ?? "").split(",")) {
      try {
        origins.add(new URL(entry.trim()).origin)
      } catch {
        // not a plain origin (e.g. a pattern): not trusted here
      }
    }
  }
  return origins
}

/**
 * A state-changing /api request sent by a browser from another site is
 * refused with 403, before anything runs: its Sec-Fetch-Site says
 * "cross-site", or its Origin is neither the shop's own host nor one of the
 * configured origins. The session cookie is SameSite=Lax already; this also
 * covers guest actions that need no cookie (orders, registration, login).
 * Clients that are not browsers send neither header and are not affected.
 */
export function refuseCrossSite(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  if (SAFE_METHODS.has(req.method)) return next()
  const fetchSite = first(req.headers["sec-fetch-site"])
  const origin = first(req.headers.origin)
  let refused = fetchSite === "cross-site"
  if (!refused && origin) {
    const host = first(req.headers["x-forwarded-host"]) || req.headers.host
    let sameHost = false
    try {
      sameHost = !!host && new URL(origin).host === host
    } catch {
      // "null" or garbage: not the shop
    }
    refused = !sameHost && !allowedOrigins(req).has(origin)
  }
  if (!refused) return next()
  res.status(403).json({ success: false, message: CROSS_SITE_MESSAGE } satisfies ApiAnswer)
}

/** What a browser says of a request made by this site's own pages or typed by the user (Sec-Fetch-Site). */
const OWN_SITE = new Set(["same-origin", "none"])

/**
 * A read with an effect (GET /api/auth/logout) is refused with 403 when a
 * browser says another site, or another origin of this site, asked for it
 * (a link, an image, a form on another page): Sec-Fetch-Site other than
 * "same-origin" or "none". The shop's own pages and the address bar pass,
 * and clients that are not browsers send no such header.
 */
export function onlyFromThisSite(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const fetchSite = first(req.headers["sec-fetch-site"])
  if (!fetchSite || OWN_SITE.has(fetchSite)) return next()
  res.status(403).json({ success: false, message: CROSS_SITE_MESSAGE } satisfies ApiAnswer)
}
