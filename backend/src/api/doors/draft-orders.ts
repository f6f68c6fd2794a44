import { refuse, type Handler } from "./shared"

/**
 * /admin/draft-orders: a draft order converted to an order would reserve stock
 * outside the shop's order workflow and be missing from its orders, numbers and
 * dashboard. Reading old ones is fine; making or changing them is refused.
 */
export const draftOrdersDoor: Handler = (req, res, next) =>
  req.method === "GET" ? next() : refuse(res, 403, "Orders are created through the shop (its checkout and landing pages); draft orders are not available")

