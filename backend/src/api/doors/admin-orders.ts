import type { MedusaRequest, MiddlewareRoute } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { isMedusaId } from "../../read-models/products"
import type { Handler } from "./shared"

/**
 * Medusa Admin's own order actions on the shop's orders. Stock is taken when a
 * shop order is placed and moved only by the shop's status workflow
 * (src/workflows/update-order-status.ts), which also keeps the Medusa order's
 * status, fulfilment and payment in step. Medusa's fulfil, ship, deliver,
 * cancel, complete, archive, mark-as-paid, capture, refund, credit lines, order
 * edits, claims, exchanges, returns, transfers and order updates would change
 * stock, payment, status or the shop's record behind its back: on a shop order
 * every write under these routes is refused with 409 and a message pointing
 * to the shop's Orders screen. Reads pass, and so does anything about an order
 * that is not a shop order.
 *
 * Each is a global entry on the whole prefix (every route under it, those a
 * later Medusa adds included), which Medusa runs before every route's own
 * middlewares (the body is parsed and the admin authenticated already). Its
 * optional `:id` is the record the path names, decoded as Medusa's route
 * reads it.
 */

/** The order a write is about: from the record the path names, or the body. */
type FindOrder = (req: MedusaRequest, id: string | undefined) => Promise<string | null>

const READS = new Set(["GET", "HEAD", "OPTIONS"])

/** One field of the first `entity` matching `filters`, through Query. */
async function field(
  req: MedusaRequest,
  entity: string,
  path: string,
  filters: Record<string, unknown>
): Promise<string | null> {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity, fields: [path], filters })
  const value = path.split(".").reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], data[0])
  return typeof value === "string" ? value : null
}

const bodyOrder = (req: MedusaRequest): string | null => {
  const id = (req.body as { order_id?: unknown } | undefined)?.order_id
  return typeof id === "string" ? id : null
}

/** /<route>/{id}/...: the order of the record `id`, or the body's `order_id` for /<route> itself. */
const ofRecord =
  (entity: string, path = "order_id"): FindOrder =>
  async (req, id) =>
    id ? field(req, entity, path, { id }) : bodyOrder(req)

const PREFIXES: [string, FindOrder][] = [
  ["/admin/orders", async (_req, id) => id ?? null],
  // order edits are addressed by the order's own id
  ["/admin/order-edits", async (req, id) => id ?? bodyOrder(req)],
  ["/admin/order-changes", ofRecord("order_change")],
  ["/admin/claims", ofRecord("order_claim")],
  ["/admin/exchanges", ofRecord("order_exchange")],
  ["/admin/returns", ofRecord("return")],
  ["/admin/fulfillments", ofRecord("fulfillment", "order.id")],
  ["/admin/payment-collections", ofRecord("payment_collection", "order.id")],
  ["/admin/payments", ofRecord("payment", "payment_collection.order.id")],
]

/** The shop's order number when `orderId` is a shop order (src/links/order-shop-order.ts), else null. */
async function shopOrderNumber(req: MedusaRequest, orderId: string | null): Promise<string | null> {
  if (!isMedusaId("order", orderId)) return null
  return field(req, "order", "shop_order.order_number", { id: orderId })
}

const refusal = (number: string) =>
  `Order ${number} is a shop order: change it on the shop's Orders screen (Shop Orders, /app/shop-orders). ` +
  "Medusa's own order actions would bypass the shop's stock, status and cash-on-delivery records."

function shopOrderDoor(findOrder: FindOrder): Handler {
  return async (req, res, next) => {
    if (READS.has(req.method)) return next()
    try {
      const number = await shopOrderNumber(req, await findOrder(req, req.params.id))
      if (!number) return next()
      res.status(409).json({ type: "not_allowed", message: refusal(number) })
    } catch (error) {
      next(error)
    }
  }
}

export const adminOrdersDoor: MiddlewareRoute[] = PREFIXES.map(([prefix, findOrder]) => ({
  matcher: `${prefix}/:id?`,
  middlewares: [shopOrderDoor(findOrder)],
}))
