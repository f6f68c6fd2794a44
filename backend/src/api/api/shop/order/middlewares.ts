import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"
import { requireSelfOrAdmin } from "../../../utils/guards"
import { sessionActor } from "../../../utils/session"
import { validateShopBody } from "../../../utils/validate"
import { CustomerOrderSchema, GuestOrderSchema, LandingOrderSchema } from "./validators"

const validateGuest = validateShopBody(GuestOrderSchema)
const validateLanding = validateShopBody(LandingOrderSchema)
const validateCustomer = validateShopBody(CustomerOrderSchema)
const ownCustomer = requireSelfOrAdmin("body")

/**
 * Guests send isGuest: true, from a landing page with its landingPageSlug;
 * anything else is a signed-in customer's own order.
 */
function validateCreateOrder(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const body = req.body as { isGuest?: unknown; landingPageSlug?: unknown } | undefined
  if (body && typeof body === "object" && body.isGuest === true) {
    const fromLanding = typeof body.landingPageSlug === "string" && body.landingPageSlug.trim() !== ""
    return (fromLanding ? validateLanding : validateGuest)(req, res, next)
  }
  ownCustomer(req, res, (err?: unknown) => {
    if (err) return next(err)
    validateCustomer(req, res, next)
  })
}

/** Reading an order needs a session: a customer's own, or an admin's. */
function requireSession(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  if (!sessionActor(req)) {
    res.status(401).json({ success: false, message: "Please sign in first" })
    return
  }
  next()
}

export const orderMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/shop/order/create-order", methods: ["POST"], middlewares: [validateCreateOrder] },
  { matcher: "/api/shop/order/get-orders/:userId", methods: ["GET"], middlewares: [requireSelfOrAdmin()] },
  { matcher: "/api/shop/order/get-order-details/:orderId", methods: ["GET"], middlewares: [requireSession] },
]
