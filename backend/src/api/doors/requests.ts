import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"
import { refuseCrossSite } from "../utils/same-site"
import { refuse, type Handler } from "./shared"
import { UPLOAD_ROUTE } from "./uploads"

/**
 * What every request to Medusa's own /store, /auth and /admin passes first
 * (global entries on the three prefixes: Medusa runs them before every other
 * door and every route's own middlewares):
 * - a state change from another site, or from another origin of this site (a
 *   page on another port or subdomain, which gets the SameSite=Lax cookie),
 *   is refused as on /api (utils/same-site.ts);
 * - /admin and /auth read JSON bodies only: Medusa also parses form-encoded
 *   and text bodies, which any page can send without a CORS preflight;
 * - limits, offsets and orders that are not what Medusa's queries take, and
 *   bodies or queries nested deeper than any form of the shop needs, are a
 *   400 before Medusa's validators (which pass them on to the database or
 *   recurse through them).
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"])
export const JSON_ONLY_MESSAGE = "Send the request body as JSON (Content-Type: application/json)"

/** The deepest a body or query may nest (Medusa Admin's deepest bodies, promotion rules and prices, stay under 10). */
export const MAX_DEPTH = 32
/** A count of rows: digits, and few enough that PostgreSQL takes it as a number. */
const COUNT = /^\d{1,9}$/
/** Medusa's `order`: fields (relations dotted), each optionally descending, comma separated. */
const FIELD = "-?[A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z_][A-Za-z0-9_]*){0,4}"
const ORDER = new RegExp(`^${FIELD}(?:,${FIELD}){0,9}$`)

/** Whether a value nests deeper than `max` (walked without recursion: the value may be 16,000 levels deep). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  if (!value || typeof value !== "object") return false
  const stack: [unknown, number][] = [[value, 1]]
  while (stack.length) {
    const [node, depth] = stack.pop()!
    if (depth > max) return true
    for (const child of Object.values(node as object)) {
      if (child && typeof child === "object") stack.push([child, depth + 1])
    }
  }
  return false
}

function boundQuery(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const query = req.query as Record<string, unknown>
  for (const key of ["limit", "offset"]) {
    const value = query[key]
    if (value !== undefined && (typeof value !== "string" || !COUNT.test(value))) {
      return refuse(res, 400, `'${key}' must be a whole number of rows (0 or more)`)
    }
  }
  const order = query.order
  if (
    order !== undefined &&
    (typeof order !== "string" || order.length > 200 || (order !== "" && !ORDER.test(order)))
  ) {
    return refuse(res, 400, "'order' must name fields, each with an optional '-' for descending")
  }
  if (nestsDeeperThan(query, 6)) return refuse(res, 400, "The query is nested too deeply")
  next()
}

function boundBody(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  if (nestsDeeperThan(req.body, MAX_DEPTH)) return refuse(res, 400, "The request body is nested too deeply")
  next()
}

/**
 * JSON only, for a state change that carries a body; multipart on the route
 * that takes an upload (the uploads door's own matcher). A request without a
 * body (Medusa Admin's DELETE, an action such as archive) passes whatever type
 * it names.
 */
function jsonOnly(uploadRoute?: RegExp): Handler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next()
    const header = req.headers["content-type"]
    const type = (Array.isArray(header) ? header[0] : header)?.split(";")[0]?.trim().toLowerCase()
    const length = req.headers["content-length"]
    const hasBody = req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0")
    // no body, nothing to read whatever type a client names (axios names a form for a bare POST)
    if (!hasBody || type === "application/json") return next()
    if (type === "multipart/form-data" && uploadRoute?.test(req.baseUrl + req.path)) return next()
    res.status(415).json({ type: "invalid_data", message: JSON_ONLY_MESSAGE })
  }
}

export const requestsDoor: MiddlewareRoute[] = [
  { matcher: "/store", middlewares: [refuseCrossSite, boundQuery, boundBody] },
  { matcher: "/auth", middlewares: [refuseCrossSite, jsonOnly(), boundBody] },
  // POST /admin/uploads (uploads.ts) is the one admin route that takes files
  { matcher: "/admin", middlewares: [refuseCrossSite, jsonOnly(UPLOAD_ROUTE), boundQuery, boundBody] },
]
