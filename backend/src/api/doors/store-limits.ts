import type { MiddlewareRoute, MiddlewareVerb } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { positiveFromEnv } from "../../lib/env"
import { limits } from "../../lib/rate-limit"
import { rateLimited, tryAgainIn } from "../utils/rate-limit"
import { beforeMedusa, refuse, type Handler } from "./shared"

/**
 * Anonymous writes on Medusa's /store are rows the shop keeps: a cart, its
 * lines, the metadata on each. Without bounds one client can fill the
 * database (a cart per request, ~90 KB of metadata each). Here:
 * - new carts are limited per client address (CART_LIMIT_PER_ADDRESS an hour),
 *   and so are line-item writes (LINE_ITEM_LIMIT_PER_ADDRESS an hour), each
 *   attempt counted before validation; over it 429 with Retry-After;
 * - a cart holds at most CART_MAX_LINES distinct lines (adding a variant it
 *   already holds only changes a quantity);
 * - `metadata` anywhere in a /store write (carts, their items and addresses,
 *   line items, customers, customer addresses) is capped: 400 otherwise,
 *   before anything is written.
 * Idle carts expire (src/jobs/expire-carts.ts). All of it comes before Medusa's
 * own middlewares for the route, which validate the body: a bad body counts
 * too, and the caps answer in the shop's words.
 */

export const METADATA_CAPS = { bytes: 2048, keys: 20, depth: 2 } as const
const WRITES: MiddlewareVerb[] = ["POST", "PUT", "PATCH", "DELETE"]
// metadata is looked for this deep in a body: cart.items[i].metadata, cart.shipping_address.metadata
const BODY_DEPTH = 4

const maxCartLines = () => positiveFromEnv("CART_MAX_LINES", 50)

/** How deep a value nests (a plain value 0, `{}` 1...), counting no further than `stop`. */
function depth(value: unknown, stop: number): number {
  if (!value || typeof value !== "object") return 0
  if (stop <= 0) return 1
  let deepest = 0
  for (const child of Object.values(value)) {
    deepest = Math.max(deepest, depth(child, stop - 1))
    if (deepest >= stop) break
  }
  return 1 + deepest
}

/** Why `metadata` is refused, or null when it is within the caps (or not an object: Medusa's validation answers that). */
export function metadataProblem(metadata: unknown): string | null {
  if (!metadata || typeof metadata !== "object" || Array.isArray(metadata)) return null
  if (Object.keys(metadata).length > METADATA_CAPS.keys) return `metadata may have at most ${METADATA_CAPS.keys} keys`
  if (depth(metadata, METADATA_CAPS.depth + 1) > METADATA_CAPS.depth) {
    return `metadata may nest objects at most ${METADATA_CAPS.depth} levels deep`
  }
  if (Buffer.byteLength(JSON.stringify(metadata)) > METADATA_CAPS.bytes) {
    return `metadata may be at most ${METADATA_CAPS.bytes} bytes as JSON`
  }
  return null
}

/** The first problem of any `metadata` in the body, or null. */
function bodyMetadataProblem(body: unknown, level = 0): string | null {
  if (!body || typeof body !== "object" || level > BODY_DEPTH) return null
  for (const [key, value] of Object.entries(body)) {
    const problem = key === "metadata" ? metadataProblem(value) : bodyMetadataProblem(value, level + 1)
    if (problem) return problem
  }
  return null
}

const limitNewCarts = rateLimited((_req, address) => [[limits.cartsByAddress, address]], tryAgainIn("new carts"))
const limitLineItemWrites = rateLimited(
  (_req, address) => [[limits.lineItemWritesByAddress, address]],
  tryAgainIn("cart changes")
)

/** Metadata caps on any /store write. */
const capMetadata: Handler = (req, res, next) => {
  const problem = bodyMetadataProblem(req.body)
  if (problem) return refuse(res, 400, problem)
  next()
}

/** The lines a new cart may be created with. */
const newCartLines: Handler = (req, res, next) => {
  const items = (req.body as { items?: unknown } | undefined)?.items
  if (Array.isArray(items) && items.length > maxCartLines())
    return refuse(res, 400, `A cart holds at most ${maxCartLines()} lines`)
  next()
}

/** Adding a line to a cart that holds the most: refused, unless it holds that variant already (a quantity change). */
const cartLines: Handler = async (req, res, next) => {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: ["id", "items.id", "items.variant_id"],
    filters: { id: req.params.id },
  })
  const items = ((data[0] as { items?: { variant_id?: string | null }[] | null } | undefined)?.items ?? []).filter(
    Boolean
  )
  const variant = (req.body as { variant_id?: unknown } | undefined)?.variant_id
  if (items.length >= maxCartLines() && !items.some((i) => i.variant_id === variant)) {
    return refuse(res, 400, `A cart holds at most ${maxCartLines()} lines`)
  }
  next()
}

export const storeLimitsDoor: MiddlewareRoute[] = [
  // counted first, so that every attempt counts
  { matcher: beforeMedusa("/store/carts"), methods: ["POST"], middlewares: [limitNewCarts, newCartLines] },
  {
    matcher: beforeMedusa("/store/carts/:id/line-items"),
    methods: ["POST"],
    middlewares: [limitLineItemWrites, cartLines],
  },
  {
    matcher: beforeMedusa("/store/carts/:id/line-items/:line_id"),
    methods: ["POST", "DELETE"],
    middlewares: [limitLineItemWrites],
  },
  // every write below /store: Medusa runs a wildcard route entry after those above, before the routes' own middlewares
  { matcher: "/store/*", methods: WRITES, middlewares: [capMetadata] },
]
