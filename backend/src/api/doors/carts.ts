import type { MedusaRequest } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { rateLimited, tryAgainIn } from "../utils/rate-limit"
import { retryAfterSeconds, shopRefusalStatus } from "../utils/shop-errors"
import { retryWhenPlacedElsewhere } from "../utils/idempotency"
import { limits } from "../../lib/rate-limit"
import { clientAddress } from "../../lib/client-address"
import { storeOrder } from "../../read-models/store-cart"
import { completeStoreCartWorkflow } from "../../workflows/place-shop-order"
import { chain, refuse, segments, storeCustomer, type Handler } from "./shared"

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
export const cartsDoor: Handler = async (req, res, next) => {
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

