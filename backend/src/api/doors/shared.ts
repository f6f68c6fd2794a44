import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MedusaStoreRequest } from "@medusajs/framework/http"

/**
 * Medusa's own /auth, /store and /admin routes reach the same customers,
 * carts, orders and files as the shop's /api, directly on the backend port or
 * through the storefront server. The doors put them under the same rules
 * (docs/security.md, "Every door"): each file here exports its entries
 * (matcher, methods, middlewares), and src/api/middlewares.ts lists them.
 *
 * How Medusa 2.21 runs an entry (@medusajs/framework/dist/http/router.js and
 * routes-sorter.js), after its body parser, CORS and authentication:
 * - without `methods` it is global: Express matches the matcher as a prefix,
 *   for every method, and Medusa runs all global entries before any route's
 *   own middlewares, shallower paths first. A rule over a whole prefix is one,
 *   so that no route below it, today's or a later Medusa's, gets past;
 * - with `methods` Express matches the route exactly, as it matches Medusa's
 *   own route (any letter case, an optional trailing slash, a `:param` one
 *   segment, decoded in `req.params` as the route reads it), and Medusa runs
 *   it after that route's own middlewares (its body and query validation,
 *   multer, token checks: Medusa's entries load before the project's), just
 *   before the route's handler. On one route, entries run in the order listed;
 * - a rule that must see a request before Medusa's middlewares for the route
 *   do takes its matcher from `beforeMedusa` (below).
 * Medusa wraps each middleware: a rejected promise goes to its error handler.
 */

export type Handler = (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => unknown

/**
 * A matcher for exactly the route `path` (Medusa's pattern, such as
 * "/store/carts/:id/line-items") that Medusa runs ahead of the route's own
 * middlewares: it sorts RegExp matchers after the global entries and before
 * every string one. For a rule that must come first: an attempt counted before
 * Medusa reads the body, a file streamed before multer buffers it. It takes
 * every spelling Express routes to `path` (any letter case, an optional
 * trailing slash, one segment, encoded or not, for a parameter); parameters
 * are named groups, so `req.params` reads them decoded, as Medusa's route does.
 */
export function beforeMedusa(path: string): RegExp {
  const source = path
    .split("/")
    .map((segment) =>
      segment.startsWith(":") ? `(?<${segment.slice(1)}>[^/]+)` : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
    )
    .join("/")
  return new RegExp(`^${source}/?$`, "i")
}

/**
 * Changes what Medusa's own route handler answers, for this one request:
 * Medusa has no step between its handler and the answer, so a door that must
 * rewrite the answer (an order without a stranger's address, the cart's own
 * delivery options, a new cart put on a guest record) wraps `res.json`, and
 * this is the one place that does. Overriding Medusa's route instead would
 * copy its handler, which would then lag behind Medusa's. `rewrite` gets a
 * successful answer's body and gives the body to send (or a promise of it);
 * an error answer passes unchanged, and a failed rewrite goes to Medusa's
 * error handler.
 */
export function rewriteAnswer<T>(res: MedusaResponse, next: MedusaNextFunction, rewrite: (body: T) => T | Promise<T>) {
  const json = res.json.bind(res)
  res.json = ((body: T) => {
    if (res.statusCode >= 300) return json(body)
    Promise.resolve(body)
      .then(rewrite)
      .then((rewritten) => json(rewritten))
      .catch(next)
    return res
  }) as typeof res.json
}

/** Medusa's error shape on its own routes: `{ type, message }`. */
export function refuse(res: MedusaResponse, status: number, message: string) {
  const type =
    status === 404 ? "not_found" : status === 409 ? "conflict" : status === 400 ? "invalid_data" : "not_allowed"
  res.status(status).json({ type, message })
}

/** The signed-in customer of a /store request (Medusa's auth has run), or null. */
export function storeCustomer(req: MedusaRequest & Partial<Pick<MedusaStoreRequest, "auth_context">>): string | null {
  const ctx = req.auth_context
  return ctx?.actor_type === "customer" && ctx.actor_id ? ctx.actor_id : null
}
