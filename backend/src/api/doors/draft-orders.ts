import type { MiddlewareRoute } from "@medusajs/framework/http"
import { refuse, type Handler } from "./shared"

const readOnly: Handler = (req, res, next) =>
  req.method === "GET"
    ? next()
    : refuse(
        res,
        403,
        "Orders are created through the shop (its checkout and landing pages); draft orders are not available"
      )

/**
 * /admin/draft-orders: a draft order converted to an order would reserve stock
 * outside the shop's order workflow and be missing from its orders, numbers and
 * dashboard. Reading old ones is fine; making or changing them is refused, on
 * the whole prefix (Medusa has some twenty draft-order routes, edits included),
 * before Medusa's own middlewares for any of them.
 */
export const draftOrdersDoor: MiddlewareRoute[] = [{ matcher: "/admin/draft-orders", middlewares: [readOnly] }]
