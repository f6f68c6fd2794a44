import type { MiddlewareRoute } from "@medusajs/framework/http"
import { BKASH_UNAVAILABLE_MESSAGES } from "@shop/contract"
import { BKASH_PROVIDER_ID, bkashSetUp } from "../../read-models/payment"
import { refuse, rewriteAnswer, type Handler } from "./shared"

type ListedProvider = { id: string }

/**
 * GET /store/payment-providers: bKash is listed only while it is set up (its
 * provider is always registered and on the region, so setting the BKASH_*
 * variables is all it takes); otherwise Medusa's checkout offers cash on
 * delivery alone, as the shop's own forms do.
 */
const listBkashWhenSetUp: Handler = (_req, res, next) => {
  if (bkashSetUp()) return next()
  rewriteAnswer<{ payment_providers?: ListedProvider[]; count?: number }>(res, next, (body) => {
    if (!Array.isArray(body?.payment_providers)) return body
    const payment_providers = body.payment_providers.filter((p) => p.id !== BKASH_PROVIDER_ID)
    return {
      ...body,
      payment_providers,
      ...(typeof body.count === "number" ? { count: payment_providers.length } : {}),
    }
  })
  next()
}

/** POST /store/payment-collections/{id}/payment-sessions with bKash while it is not set up: refused in the shop's words. */
const bkashSessionWhenSetUp: Handler = (req, res, next) => {
  const provider = (req.body as { provider_id?: unknown } | undefined)?.provider_id
  if (provider === BKASH_PROVIDER_ID && !bkashSetUp()) return refuse(res, 400, BKASH_UNAVAILABLE_MESSAGES.en)
  next()
}

/**
 * Medusa's /store checkout and bKash: the provider listed and chosen only
 * while bKash is set up. Completing a cart whose session is bKash's places a
 * bKash order (steps/store-cart-order.ts) and answers bKash's page with it (carts.ts).
 */
export const storePaymentDoor: MiddlewareRoute[] = [
  { matcher: "/store/payment-providers", methods: ["GET"], middlewares: [listBkashWhenSetUp] },
  {
    matcher: "/store/payment-collections/:id/payment-sessions",
    methods: ["POST"],
    middlewares: [bkashSessionWhenSetUp],
  },
]
