import type { MiddlewareRoute } from "@medusajs/framework/http"
import { authDoor } from "./auth"
import { cartsDoor } from "./carts"
import { draftOrdersDoor } from "./draft-orders"
import { ordersDoor, returnsDoor } from "./orders"
import { adminRequests, authRequests, storeRequests } from "./requests"
import { storeShippingDoor } from "./store-shipping"
import { storeLimitsDoor } from "./store-limits"
import { uploadsDoor } from "./uploads"

/**
 * Medusa's own /auth, /store and /admin routes reach the same customers,
 * carts, orders and files as the shop's /api, directly on the backend port or
 * through the storefront server. These middlewares put them under the same
 * rules (SECURITY.md, "Every door").
 *
 * They are registered without `methods`: Medusa sorts such "global"
 * middlewares before every route's own middlewares (multer on /admin/uploads,
 * body validation...), so they run first; the JSON body is already parsed and
 * the /store and /admin authentication already done. `app.use` strips the
 * matcher from `req.path`, so each one reads the rest of the path.
 */

export const medusaDoorMiddlewares: MiddlewareRoute[] = [
  // first on each prefix: another site or origin, non-JSON bodies, malformed queries (requests.ts)
  { matcher: "/store", middlewares: [storeRequests] },
  { matcher: "/auth", middlewares: [authRequests] },
  { matcher: "/admin", middlewares: [adminRequests] },
  { matcher: "/auth", middlewares: [authDoor] },
  // before every other /store door: limits and caps on anonymous writes, counted first
  { matcher: "/store", middlewares: [storeLimitsDoor] },
  { matcher: "/store/carts", middlewares: [cartsDoor] },
  { matcher: "/store/shipping-options", middlewares: [storeShippingDoor] },
  { matcher: "/store/orders", middlewares: [ordersDoor] },
  { matcher: "/store/returns", middlewares: [returnsDoor] },
  { matcher: "/admin/uploads", middlewares: [uploadsDoor] },
  { matcher: "/admin/draft-orders", middlewares: [draftOrdersDoor] },
]
