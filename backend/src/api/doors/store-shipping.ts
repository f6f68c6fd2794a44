import type { MiddlewareRoute } from "@medusajs/framework/http"
import { deliveryAreaOf } from "@shop/contract"
import { cartCity, shippingOptionAreas } from "../../read-models/store-cart"
import { rewriteAnswer, type Handler } from "./shared"

type ListedOption = { id: string }

/**
 * GET /store/shipping-options?cart_id=...: the delivery options a cart is
 * offered are those the shop's order will charge, the area of the cart's
 * city (Inside Dhaka or Outside Dhaka by the contract's rule, ৳60 or ৳120):
 * Medusa would offer every option of the country's zone, and a shopper could
 * pick the cheaper one. Options of no area (made in Medusa Admin) are never
 * offered. A cart without a city yet is offered both areas' options: choosing
 * and completing check the city again (carts.ts, steps/store-cart-order.ts).
 */
const offerCartAreaOnly: Handler = async (req, res, next) => {
  const cartId = typeof req.query.cart_id === "string" ? req.query.cart_id : null
  if (!cartId) return next()
  const city = await cartCity(req.scope, cartId)
  if (city === null) return next() // Medusa answers its own 404
  const area = city ? deliveryAreaOf(city) : null
  rewriteAnswer<{ shipping_options?: ListedOption[] }>(res, next, async (body) => {
    if (!Array.isArray(body?.shipping_options)) return body
    const areas = await shippingOptionAreas(
      req.scope,
      body.shipping_options.map((o) => o.id)
    )
    return {
      ...body,
      shipping_options: body.shipping_options.filter((o) => areas.has(o.id) && (!area || areas.get(o.id) === area)),
    }
  })
  next()
}

export const storeShippingDoor: MiddlewareRoute[] = [
  { matcher: "/store/shipping-options", methods: ["GET"], middlewares: [offerCartAreaOnly] },
]
