import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { requireSelfOrAdmin } from "#app/api/utils/guards"
import { checkIdempotencyKey, orderRequestOf } from "#app/api/utils/idempotency"
import { rateLimited, tryAgainIn } from "#app/api/utils/rate-limit"
import { sessionActor } from "#app/api/utils/session"
import { validateShopBody } from "#app/api/utils/validate"
import { limits } from "#app/lib/rate-limit"
import { orderOfRequest } from "#app/read-models/order-requests"
import { loadShopCatalog } from "#app/read-models/products"
import { BN_MESSAGES, STOCK_MESSAGES } from "@shop/contract"
import { CustomerOrderSchema, GuestOrderSchema, LandingOrderSchema } from "./validators"

const validateGuest = validateShopBody(GuestOrderSchema)
const validateLanding = validateShopBody(LandingOrderSchema)
const validateCustomer = validateShopBody(CustomerOrderSchema)
const ownCustomer = requireSelfOrAdmin("body")

/** A guest's order from a landing page (isGuest: true and its landingPageSlug), read off the raw body. */
function fromLandingPage(req: MedusaRequest): boolean {
  const body = req.body as { isGuest?: unknown; landingPageSlug?: unknown } | undefined
  if (!body || typeof body !== "object" || body.isGuest !== true) return false
  return typeof body.landingPageSlug === "string" && body.landingPageSlug.trim() !== ""
}

/**
 * Guests send isGuest: true, from a landing page with its landingPageSlug;
 * anything else is a signed-in customer's own order.
 */
function validateCreateOrder(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const body = req.body as { isGuest?: unknown } | undefined
  if (body && typeof body === "object" && body.isGuest === true) {
    return (fromLandingPage(req) ? validateLanding : validateGuest)(req, res, next)
  }
  ownCustomer(req, res, (err?: unknown) => {
    if (err) return next(err)
    validateCustomer(req, res, next)
  })
}

/**
 * The catalog entries and stock of these products, one read for every order
 * asking at the same moment: in a flash sale hundreds of refusals share a
 * handful of stock reads instead of one each (a read joined is at most as old
 * as the query it joined, a few milliseconds).
 */
const stockReads = new Map<string, ReturnType<typeof loadShopCatalog>>()
function sharedStockRead(req: MedusaRequest, ids: string[]) {
  const key = [...ids].sort().join(",")
  let read = stockReads.get(key)
  if (!read) {
    read = loadShopCatalog(req.scope, { id: ids }).finally(() => stockReads.delete(key))
    stockReads.set(key, read)
  }
  return read
}

/**
 * A sold-out answer should not pay for the whole order path: a guest order
 * asking for more than is in stock right now is refused here with the same
 * 409 the order workflow would give. Only a fast path: the workflow's
 * conditional stock take stays the authority when orders race.
 */
async function refuseWhenSoldOut(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  try {
    const body = req.validatedBody as {
      isGuest?: boolean
      landingPageSlug?: string | null
      cartItems?: { productId: string; quantity: number }[]
    }
    if (body?.isGuest !== true || !body.cartItems?.length) return next()
    // a retry of an order that was placed answers that order (the workflow), even once the product sold out
    const request = orderRequestOf(req, body.landingPageSlug ? `landing:${body.landingPageSlug}` : "guest", null)
    if (request && (await orderOfRequest(req.scope, request.key))) return next()
    const wanted = new Map<string, number>()
    for (const item of body.cartItems) wanted.set(item.productId, (wanted.get(item.productId) ?? 0) + item.quantity)
    const entries = await sharedStockRead(req, [...wanted.keys()])
    const short = entries.find((e) => e.inventory_item_id && e.stock < (wanted.get(e.product._id) ?? 0))
    if (!short) return next()
    const messages = body.landingPageSlug ? BN_MESSAGES : STOCK_MESSAGES
    next(
      new MedusaError(
        MedusaError.Types.CONFLICT,
        short.stock > 0 ? messages.onlyLeft(short.stock, short.product.title) : messages.outOfStock(short.product.title)
      )
    )
  } catch (err) {
    next(err)
  }
}

/** Too many orders: in Bengali on a landing page. */
const tooManyOrders = (req: MedusaRequest, minutes: number) =>
  fromLandingPage(req) ? BN_MESSAGES.tooManyOrders(minutes) : tryAgainIn("orders")(req, minutes)

/**
 * Orders per client address: every attempt counts, before the body is
 * validated, so a flood of malformed or oversized bodies is limited too.
 * Orders per phone (or signed-in customer) are counted inside the order
 * workflow, after its repeat check (src/workflows/steps/limit-orders.ts).
 */
const limitOrdersByAddress = rateLimited((_req, address) => [[limits.ordersByAddress, address]], tooManyOrders)

/** Reading an order needs a session: a customer's own, or an admin's. */
function requireSession(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  if (!sessionActor(req)) {
    res.status(401).json({ success: false, message: "Please sign in first" })
    return
  }
  next()
}

export const orderMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/api/shop/order/create-order",
    methods: ["POST"],
    middlewares: [limitOrdersByAddress, checkIdempotencyKey, validateCreateOrder, refuseWhenSoldOut],
  },
  { matcher: "/api/shop/order/get-orders/:userId", methods: ["GET"], middlewares: [requireSelfOrAdmin()] },
  { matcher: "/api/shop/order/get-order-details/:orderId", methods: ["GET"], middlewares: [requireSession] },
]
