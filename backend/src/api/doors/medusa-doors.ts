import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { emailSchema, passwordSchema } from "../api/auth/validators"
import { countRegistration } from "../api/auth/middlewares"
import { guessCounted } from "../utils/guesses"
import { receiveImages, storeImages } from "../utils/upload"
import { rateLimited, tryAgainIn } from "../utils/rate-limit"
import { retryAfterSeconds, shopRefusalStatus } from "../utils/shop-errors"
import { retryWhenPlacedElsewhere } from "../utils/idempotency"
import { limits } from "../../lib/rate-limit"
import { clientAddress } from "../../lib/client-address"
import { storeOrder } from "../../read-models/store-cart"
import { completeStoreCartWorkflow } from "../../workflows/place-shop-order"
import { shopperParcelData } from "../../read-models/couriers"

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

type Handler = (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => unknown

/** Medusa's error shape on its own routes: `{ type, message }`. */
function refuse(res: MedusaResponse, status: number, message: string) {
  const type = status === 404 ? "not_found" : status === 409 ? "conflict" : status === 400 ? "invalid_data" : "not_allowed"
  res.status(status).json({ type, message })
}

/** Runs middlewares one after another, as Express would. */
function chain(...handlers: Handler[]): Handler {
  return (req, res, next) => {
    const run = (i: number, err?: unknown): unknown => {
      if (err || i === handlers.length) return next(err)
      try {
        return handlers[i](req, res, (e?: unknown) => run(i + 1, e))
      } catch (e) {
        return next(e)
      }
    }
    return run(0)
  }
}

/** The path below the matcher, split: "/customer/emailpass/register" -> ["customer", "emailpass", "register"]. */
const segments = (req: MedusaRequest) => req.path.split("/").filter(Boolean)

const loginGuess = guessCounted({ rightWhen2xx: true })

/** The shop's password rule (6-128 characters), for every door that sets a password. */
function passwordRule(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const password = (req.body as { password?: unknown } | undefined)?.password
  const result = passwordSchema.safeParse(password)
  if (!result.success) return refuse(res, 400, result.error.issues[0]?.message ?? "Invalid password")
  next()
}

/** The shop's email rule for a new login (Medusa's emailpass provider checks none). */
function emailRule(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const result = emailSchema.safeParse((req.body as { email?: unknown } | undefined)?.email)
  if (!result.success) return refuse(res, 400, result.error.issues[0]?.message ?? "Please enter a valid email address")
  next()
}

/**
 * Regenerates the session before Medusa's POST /auth/session writes the
 * token's identity into it: a session id planted before sign-in is never the
 * one that ends up signed in (session fixation).
 */
function freshSession(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const session = (req as unknown as { session?: { regenerate: (cb: (err?: unknown) => void) => void } }).session
  if (!session) return next()
  session.regenerate((err) => next(err))
}

const AUTH_SPECIAL = new Set(["session", "token", "mfa", "verification"])

/**
 * /auth/...: Medusa's login, registration, password reset and MFA routes.
 * - POST|GET /auth/{actor}/{provider}: a password guess (the shop's login limits, counted first)
 * - POST /auth/{actor}/{provider}/register: registrations per address, the email and password rules
 * - POST /auth/{actor}/{provider}/update: the password rule, counted as a guess (a reset token)
 * - POST /auth/{actor}/{provider}/reset-password, .../callback, /auth/mfa/.../verify,
 *   /auth/verification/confirm: counted as guesses
 * - POST /auth/session: a fresh session id
 */
const authDoor: Handler = (req, res, next) => {
  const [first, second, third, fourth] = segments(req)
  if (req.method === "POST" && first === "session" && !second) return freshSession(req, res, next)
  if (first === "mfa" && (third === "verify" || fourth === "verify") && req.method === "POST") return loginGuess(req, res, next)
  if (first === "verification" && second === "confirm") return loginGuess(req, res, next)
  if (!first || AUTH_SPECIAL.has(first) || !second) return next()
  if (!third && (req.method === "POST" || req.method === "GET")) return loginGuess(req, res, next)
  if (req.method !== "POST" && third !== "callback") return next()
  switch (third) {
    case "register":
      return chain(countRegistration, emailRule, passwordRule)(req, res, next)
    case "update":
      return chain(loginGuess, passwordRule)(req, res, next)
    case "reset-password":
    case "callback":
      return loginGuess(req, res, next)
    default:
      return next()
  }
}

/** The signed-in customer of a /store request (Medusa's auth has run), or null. */
function storeCustomer(req: MedusaRequest): string | null {
  const ctx = (req as unknown as { auth_context?: { actor_type?: string; actor_id?: string } }).auth_context
  return ctx?.actor_type === "customer" && ctx.actor_id ? ctx.actor_id : null
}

type CartOwner = { id: string; customer_id: string | null; customer?: { has_account?: boolean } | null }

async function cartOwner(req: MedusaRequest, cartId: string): Promise<CartOwner | null> {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: ["id", "customer_id", "customer.has_account"],
    filters: { id: cartId },
  })
  return (data[0] as unknown as CartOwner) ?? null
}

/** Whether `email` is a registered customer's (an account, not a guest record). */
async function isAccountEmail(req: MedusaRequest, email: string): Promise<boolean> {
  const customers = await req.scope.resolve(Modules.CUSTOMER).listCustomers({ email, has_account: true }, { take: 1, select: ["id"] })
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

/**
 * /store/carts/...:
 * - a cart made by a registered customer's session is theirs alone: anyone
 *   else gets 404, whatever the route (read, lines, shipping, payment...);
 * - an email typed without a customer session never binds the cart to the
 *   account with that email (Medusa would): it goes to a guest customer record;
 * - completing a cart through /store makes a shop order through the one order
 *   workflow (stock take, limits, guard, shop record and number), never a
 *   Medusa-only order with its own reservation.
 */
const cartsDoor: Handler = async (req, res, next) => {
  try {
    const [cartId, action] = segments(req)
    const customer = storeCustomer(req)
    if (!cartId) {
      if (req.method !== "POST" || customer) return next()
      const email = emailIn(req.body)
      if (!email || !(await isAccountEmail(req, email))) return next()
      // created without the email, then given it on a guest record
      delete (req.body as { email?: unknown }).email
      const json = res.json.bind(res)
      res.json = ((body: { cart?: { id: string; email?: string | null; customer_id?: string | null } }) => {
        if (!body?.cart?.id || res.statusCode >= 300) return json(body)
        const cart = body.cart
        guestCustomer(req, email)
          .then(async (guestId) => {
            await req.scope.resolve(Modules.CART).updateCarts([{ id: cart.id, email, customer_id: guestId }])
            json({ ...body, cart: { ...cart, email, customer_id: guestId } })
          })
          .catch(next)
        return res
      }) as typeof res.json
      return next()
    }
    const cart = await cartOwner(req, cartId)
    if (!cart) return next() // Medusa answers its own 404
    if (cart.customer_id && cart.customer?.has_account && cart.customer_id !== customer) {
      return refuse(res, 404, `Cart id not found: ${cartId}`)
    }
    if (action === "complete" && req.method === "POST") {
      return completeThroughShop(req, res, next)
    }
    if (!action && req.method === "POST" && !customer) {
      const email = emailIn(req.body)
      if (email && (await isAccountEmail(req, email))) {
        // Medusa keeps a cart's own customer when its email matches: bind the guest first
        await req.scope.resolve(Modules.CART).updateCarts([{ id: cart.id, customer_id: await guestCustomer(req, email) }])
      }
    }
    next()
  } catch (err) {
    next(err)
  }
}

type Address = Record<string, unknown> | null | undefined
const PRIVATE_ADDRESS_FIELDS = ["first_name", "last_name", "company", "address_1", "address_2", "postal_code", "phone", "metadata"]

function withoutPrivate(address: Address): Address {
  if (!address || typeof address !== "object") return address
  const copy = { ...address }
  for (const field of PRIVATE_ADDRESS_FIELDS) if (field in copy) copy[field] = null
  return copy
}

/**
 * What an order's reader sees when it is not the order's own customer: the
 * order (lines, totals, status) without email, phone, names or street.
 */
export function redactOrder<T extends Record<string, unknown>>(order: T): T {
  const copy: Record<string, unknown> = { ...order }
  if ("email" in copy) copy.email = null
  if ("customer" in copy) copy.customer = null
  copy.shipping_address = withoutPrivate(copy.shipping_address as Address)
  copy.billing_address = withoutPrivate(copy.billing_address as Address)
  return copy as T
}

/** Orders per client address, as the shop's checkout counts them. */
const limitStoreOrdersByAddress = rateLimited((_req, address) => [[limits.ordersByAddress, address]], tryAgainIn("orders"))

/**
 * POST /store/carts/{id}/complete: the cart becomes a shop order through the
 * one order workflow under the cart's lock (completeStoreCartWorkflow in
 * src/workflows/place-shop-order.ts: parallel completions make one order and
 * all answer it), with the shop's order limits (per client address here, per
 * phone inside the workflow); the answer is Medusa's ({ type: "order", order }),
 * so its storefront starter and the js-sdk go on to the order's page. A cart
 * completed before answers its order again.
 */
const completeThroughShop = chain(limitStoreOrdersByAddress, async (req, res, next) => {
  try {
    const [cartId] = segments(req)
    const input = { cart_id: cartId!, customer_id: storeCustomer(req), client_address: clientAddress(req) }
    const { result } = await retryWhenPlacedElsewhere(() => completeStoreCartWorkflow(req.scope).run({ input }))
    res.json({ type: "order", order: await storeOrder(req.scope, result.order_id) })
  } catch (err) {
    // the shop's refusal in its own words (Medusa's handler would replace a 409's message)
    const status = shopRefusalStatus(err)
    const message = (err as { message?: unknown })?.message
    if (status === 429) res.set("Retry-After", String(retryAfterSeconds(err)))
    if (status && typeof message === "string") return refuse(res, status, message)
    next(err)
  }
})

/**
 * /store/orders/...:
 * - GET /store/orders/{id}: whoever has the id reads the order, but only its
 *   own customer's session sees email, phone, names and address;
 * - order transfers (a guest order claimed by an account) are refused: a guest
 *   order never attaches to an account;
 * - a parcel's courier record (fulfilments' data) shows only its courier and
 *   tracking, never what the merchant collected, paid in fees or was paid out.
 */
const ordersDoor: Handler = (req, res, next) => {
  const [, action] = segments(req)
  if (action === "transfer") return refuse(res, 403, "Orders cannot be transferred between accounts on this shop")
  if (req.method !== "GET" || action) return next()
  const customer = storeCustomer(req)
  const json = res.json.bind(res)
  res.json = ((body: { order?: Record<string, unknown>; orders?: Record<string, unknown>[] }) => {
    if (Array.isArray(body?.orders)) return json({ ...body, orders: body.orders.map(withShopperParcels) })
    const order = body?.order
    if (!order) return json(body)
    const own = !!customer && order.customer_id === customer
    return json({ ...body, order: withShopperParcels(own ? order : redactOrder(order)) })
  }) as typeof res.json
  next()
}

/** A fulfilment's data, when asked for (`fields=+fulfillments`), shows only the parcel's courier and tracking, never the merchant's cash. */
function withShopperParcels<T extends Record<string, unknown>>(order: T): T {
  if (!Array.isArray(order.fulfillments)) return order
  const fulfillments = (order.fulfillments as Record<string, unknown>[]).map((f) => ("data" in f ? { ...f, data: shopperParcelData(f.data) } : f))
  return { ...order, fulfillments }
}

/** Returns are the merchant's, through the shop's order statuses. */
const returnsDoor: Handler = (req, res, next) =>
  req.method === "POST" ? refuse(res, 403, "Returns are arranged with the shop; they cannot be created through /store") : next()

/**
 * /admin/uploads: Medusa Admin's own uploader obeys the shop's image rules:
 * PNG, JPEG, WEBP or GIF by their bytes, 5 MB a file enforced while
 * streaming, generated names (src/api/utils/upload.ts). Presigned uploads
 * (straight to storage, unchecked) are refused.
 */
const uploadsDoor: Handler = (req, res, next) => {
  const [first] = segments(req)
  if (req.method !== "POST") return next()
  if (!first) return chain(receiveImages("files", 10), storeImages)(req, res, next)
  if (first === "presigned-urls") return refuse(res, 403, "Upload images through the shop's uploader; presigned uploads are not available")
  next()
}

/**
 * /admin/draft-orders: a draft order converted to an order would reserve stock
 * outside the shop's order workflow and be missing from its orders, numbers and
 * dashboard. Reading old ones is fine; making or changing them is refused.
 */
const draftOrdersDoor: Handler = (req, res, next) =>
  req.method === "GET" ? next() : refuse(res, 403, "Orders are created through the shop (its checkout and landing pages); draft orders are not available")

export const medusaDoorMiddlewares: MiddlewareRoute[] = [
  { matcher: "/auth", middlewares: [authDoor] },
  { matcher: "/store/carts", middlewares: [cartsDoor] },
  { matcher: "/store/orders", middlewares: [ordersDoor] },
  { matcher: "/store/returns", middlewares: [returnsDoor] },
  { matcher: "/admin/uploads", middlewares: [uploadsDoor] },
  { matcher: "/admin/draft-orders", middlewares: [draftOrdersDoor] },
]
