import type { MedusaRequest, MiddlewareRoute } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { refreshCartItemsWorkflow } from "@medusajs/medusa/core-flows"
import { deliveryAreaOf } from "@shop/contract"
import { clientAddress } from "../../lib/client-address"
import { limits } from "../../lib/rate-limit"
import { readBkashOrder } from "../../read-models/bkash"
import {
  cartCity,
  isWholeQuantity,
  shippingOptionAreas,
  STORE_CHECKOUT_MESSAGES,
  storeOrder,
} from "../../read-models/store-cart"
import { completeStoreCartWorkflow } from "../../workflows/place-shop-order"
import { startBkashPayment } from "../utils/bkash"
import { retryWhenPlacedElsewhere } from "../utils/idempotency"
import { rateLimited, tryAgainIn } from "../utils/rate-limit"
import { retryAfterSeconds, shopRefusalStatus } from "../utils/shop-errors"
import { beforeMedusa, refuse, rewriteAnswer, storeCustomer, type Handler } from "./shared"

type CartOwner = { id: string; customer_id: string | null; customer?: { has_account?: boolean } | null }

async function cartOwner(req: MedusaRequest, cartId: string): Promise<CartOwner | null> {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: ["id", "customer_id", "customer.has_account"],
    filters: { id: cartId },
  })
  return data[0] ?? null
}

/** Whether `email` is a registered customer's (an account, not a guest record). */
async function isAccountEmail(req: MedusaRequest, email: string): Promise<boolean> {
  const customers = await req.scope
    .resolve(Modules.CUSTOMER)
    .listCustomers({ email, has_account: true }, { take: 1, select: ["id"] })
  return customers.length > 0
}

/** The guest customer record for `email` (has_account: false), made when missing. */
async function guestCustomer(req: MedusaRequest, email: string): Promise<string> {
  const service = req.scope.resolve(Modules.CUSTOMER)
  const [existing] = await service.listCustomers({ email, has_account: false }, { take: 1, select: ["id"] })
  if (existing) return existing.id
  const created = await service.createCustomers({ email, has_account: false })
  return created.id
}

/** A plausible email for a limit or a lookup, lower-cased; null otherwise (Medusa's validation answers it). */
function emailIn(body: unknown): string | null {
  const email = body && typeof body === "object" ? (body as { email?: unknown }).email : undefined
  if (typeof email !== "string" || email.length > 254 || !email.includes("@")) return null
  return email.trim().toLowerCase()
}

type NewCartAnswer = { cart?: { id: string; email?: string | null; customer_id?: string | null } }

/** A new cart's body: no promotion codes, whole quantities. */
const refuseNewCartBody: Handler = (req, res, next) => {
  const refusal = refusedCartBody(req.body)
  if (refusal) return refuse(res, 400, refusal)
  next()
}

/**
 * A new cart given a registered customer's email without their session:
 * Medusa would bind it to that account. It is created without the email (taken
 * from the body before Medusa reads it), then given it on a guest record.
 */
const newCartAsGuest: Handler = async (req, res, next) => {
  const email = storeCustomer(req) ? null : emailIn(req.body)
  if (!email || !(await isAccountEmail(req, email))) return next()
  delete (req.body as { email?: unknown }).email
  rewriteAnswer<NewCartAnswer>(res, next, async (body) => {
    const cart = body?.cart
    if (!cart?.id) return body
    const guestId = await guestCustomer(req, email)
    await req.scope.resolve(Modules.CART).updateCarts([{ id: cart.id, email, customer_id: guestId }])
    return { ...body, cart: { ...cart, email, customer_id: guestId } }
  })
  next()
}

/** A cart made by a registered customer's session is theirs alone: anyone else gets 404. */
const ownCartOnly: Handler = async (req, res, next) => {
  const cartId = req.params.id!
  const cart = await cartOwner(req, cartId)
  if (!cart) return next() // Medusa answers its own 404
  if (cart.customer_id && cart.customer?.has_account && cart.customer_id !== storeCustomer(req)) {
    return refuse(res, 404, `Cart id not found: ${cartId}`)
  }
  next()
}

/**
 * A cart's update: no promotion codes; an email typed without a customer
 * session binds the cart to a guest record first (Medusa keeps a cart's own
 * customer when its email matches, and would take the account's otherwise).
 */
const updateCart: Handler = async (req, res, next) => {
  if (asksPromotion(bodyOf(req.body))) return refuse(res, 400, STORE_CHECKOUT_MESSAGES.promotions)
  const email = storeCustomer(req) ? null : emailIn(req.body)
  if (email && (await isAccountEmail(req, email))) {
    await req.scope
      .resolve(Modules.CART)
      .updateCarts([{ id: req.params.id!, customer_id: await guestCustomer(req, email) }])
  }
  next()
}

const bodyOf = (body: unknown) => (body && typeof body === "object" ? (body as Record<string, unknown>) : {})

/** Promotion codes asked for in a cart's create or update body (an empty list removes them: allowed). */
const asksPromotion = (body: Record<string, unknown>) => Array.isArray(body.promo_codes) && body.promo_codes.length > 0

/** Why a new cart's body is refused (promotion codes, a line's quantity), or null. */
function refusedCartBody(raw: unknown): string | null {
  const body = bodyOf(raw)
  if (asksPromotion(body)) return STORE_CHECKOUT_MESSAGES.promotions
  const items = Array.isArray(body.items) ? (body.items as unknown[]) : []
  const bad = items.some(
    (item) => typeof bodyOf(item).quantity === "number" && !isWholeQuantity(bodyOf(item).quantity, 1)
  )
  return bad ? STORE_CHECKOUT_MESSAGES.quantity : null
}

/**
 * A line's quantity, when it is a number, is whole: from `min` (1 to add a
 * line; 0 on a line's update, which removes it) to 1000. A quantity that is
 * not a number is left to Medusa's validation.
 */
const wholeQuantity =
  (min: 0 | 1): Handler =>
  (req, res, next) => {
    const quantity = bodyOf(req.body).quantity
    if (typeof quantity === "number" && !isWholeQuantity(quantity, min)) {
      return refuse(res, 400, min ? STORE_CHECKOUT_MESSAGES.quantity : STORE_CHECKOUT_MESSAGES.lineQuantity)
    }
    next()
  }

/** The shop's pricing has no promotion codes. */
const refusePromotions: Handler = (_req, res) => refuse(res, 400, STORE_CHECKOUT_MESSAGES.promotions)

/**
 * The delivery option chosen is one of the shop's, of the address's area
 * (store-shipping.ts offers only that one); without a city yet any area's
 * option may be chosen: completion checks it against the city.
 */
const areaDeliveryOnly: Handler = async (req, res, next) => {
  const body = bodyOf(req.body)
  const chosen = (Array.isArray(req.body) ? (req.body as unknown[]) : [body]).map((o) => bodyOf(o).option_id)
  const ids = chosen.filter((id): id is string => typeof id === "string")
  if (!ids.length) return next()
  const [areas, city] = await Promise.all([shippingOptionAreas(req.scope, ids), cartCity(req.scope, req.params.id!)])
  if (ids.some((id) => !areas.has(id))) return refuse(res, 400, STORE_CHECKOUT_MESSAGES.unknownDelivery)
  if (!city) return next()
  const area = deliveryAreaOf(city)
  if (!ids.every((id) => areas.get(id) === area)) return refuse(res, 400, STORE_CHECKOUT_MESSAGES.delivery(city, area))
  next()
}

/** Orders per client address, as the shop's checkout counts them. */
const limitStoreOrdersByAddress = rateLimited(
  (_req, address) => [[limits.ordersByAddress, address]],
  tryAgainIn("orders")
)

/**
 * POST /store/carts/{id}/complete: the cart becomes a shop order through the
 * one order workflow under the cart's lock (completeStoreCartWorkflow in
 * src/workflows/place-shop-order.ts: parallel completions make one order and
 * all answer it), with the shop's order limits (per client address here, per
 * phone inside the workflow); the answer is Medusa's ({ type: "order", order }),
 * so its storefront starter and the js-sdk go on to the order's page; a cart
 * paid by bKash adds `payment` (the contract's OrderPayment: bKash's page to
 * send the shopper to). A cart completed before answers its order again.
 */
const completeThroughShop: Handler = async (req, res, next) => {
  const cartId = req.params.id!
  try {
    const input = { cart_id: cartId, customer_id: storeCustomer(req), client_address: clientAddress(req) }
    const { result } = await retryWhenPlacedElsewhere(() => completeStoreCartWorkflow(req.scope).run({ input }))
    // a bKash order: bKash's page for what is due now goes with Medusa's answer (`payment.bkashURL`)
    const payment = (await readBkashOrder(req.scope, result.order_id))
      ? await startBkashPayment(req.scope, result.order_id)
      : undefined
    res.json({ type: "order", order: await storeOrder(req.scope, result.order_id), ...(payment && { payment }) })
  } catch (err) {
    // the shop's refusal in its own words (Medusa's handler would replace a 409's message)
    const status = shopRefusalStatus(err)
    const message = (err as { message?: unknown })?.message
    if (status === 429) res.set("Retry-After", String(retryAfterSeconds(err)))
    if ((err as { stale_cart?: boolean })?.stale_cart) {
      // the cart showed another price than the shop's: re-priced now, so what the shopper reviews next is the truth
      await refreshCartItemsWorkflow(req.scope)
        .run({ input: { cart_id: cartId, force_refresh: true } })
        .catch((e: unknown) =>
          req.scope.resolve(ContainerRegistrationKeys.LOGGER).warn(`Could not refresh a cart's prices: ${String(e)}`)
        )
    }
    if (status && typeof message === "string") return refuse(res, status, message)
    next(err)
  }
}

/**
 * /store/carts/...:
 * - a cart made by a registered customer's session is theirs alone: anyone
 *   else gets 404, whatever the route under it (read, lines, shipping,
 *   payment...): a prefix, so a route Medusa adds is covered too;
 * - an email typed without a customer session never binds the cart to the
 *   account with that email (Medusa would): it goes to a guest customer record;
 * - completing a cart through /store makes a shop order through the one order
 *   workflow (stock take, limits, guard, shop record and number), never a
 *   Medusa-only order with its own reservation;
 * - the cart never shows what that order would not charge: promotion codes
 *   are refused (the shop's pricing has none), quantities are whole numbers
 *   from 1 to 1000 (0 removes a line), and the delivery option chosen is the
 *   address's area's (store-shipping.ts offers only that one).
 * A new cart's rules come before Medusa's own middlewares for the route, which
 * would read the email first (after store-limits.ts's, listed before); the
 * others come after Medusa has validated the body, just before its handler.
 */
export const cartsDoor: MiddlewareRoute[] = [
  { matcher: beforeMedusa("/store/carts"), methods: ["POST"], middlewares: [refuseNewCartBody, newCartAsGuest] },
  { matcher: "/store/carts/:id", middlewares: [ownCartOnly] },
  { matcher: "/store/carts/:id", methods: ["POST"], middlewares: [updateCart] },
  { matcher: "/store/carts/:id/line-items", methods: ["POST"], middlewares: [wholeQuantity(1)] },
  { matcher: "/store/carts/:id/line-items/:line_id", methods: ["POST"], middlewares: [wholeQuantity(0)] },
  { matcher: "/store/carts/:id/promotions", methods: ["POST"], middlewares: [refusePromotions] },
  { matcher: "/store/carts/:id/shipping-methods", methods: ["POST"], middlewares: [areaDeliveryOnly] },
  {
    matcher: "/store/carts/:id/complete",
    methods: ["POST"],
    middlewares: [limitStoreOrdersByAddress, completeThroughShop],
  },
]
