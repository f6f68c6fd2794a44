import type { MiddlewareRoute } from "@medusajs/framework/http"
import { BKASH_UNAVAILABLE_MESSAGES, paymentChoices } from "@shop/contract"
import { BKASH_PROVIDER_ID, bkashSetUp, CASH_PROVIDER_ID, paymentOptions } from "../../read-models/payment"
import { refuse, rewriteAnswer, type Handler } from "./shared"

type ListedProvider = { id: string }

/**
 * GET /store/payment-providers: the ways the merchant's rules allow for some
 * delivery (contract's paymentChoices over both areas): bKash only while it is
 * set up (its provider is always registered and on the region, so setting the
 * BKASH_* variables is all it takes) and offered or required, cash on delivery
 * unless bKash is required of every order. Completing a cart still applies the
 * rule for its own address (the order workflow's choosePaymentStep).
 */
const listByRules: Handler = async (req, res, next) => {
  const options = await paymentOptions(req.scope)
  const allowed = new Set((["dhaka", "outside"] as const).flatMap((area) => paymentChoices(options, area)))
  const hidden = new Set<string>()
  if (!allowed.has("cod")) hidden.add(CASH_PROVIDER_ID)
  if (!allowed.has("bkash_full") && !allowed.has("bkash_advance")) hidden.add(BKASH_PROVIDER_ID)
  if (!hidden.size) return next()
  rewriteAnswer<{ payment_providers?: ListedProvider[]; count?: number }>(res, next, (body) => {
    if (!Array.isArray(body?.payment_providers)) return body
    const payment_providers = body.payment_providers.filter((p) => !hidden.has(p.id))
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
 * Medusa's /store checkout and bKash: the providers listed by the merchant's
 * rules, bKash chosen only while it is set up. Completing a cart whose session is bKash's places a
 * bKash order (steps/store-cart-order.ts) and answers bKash's page with it (carts.ts).
 */
export const storePaymentDoor: MiddlewareRoute[] = [
  { matcher: "/store/payment-providers", methods: ["GET"], middlewares: [listByRules] },
  {
    matcher: "/store/payment-collections/:id/payment-sessions",
    methods: ["POST"],
    middlewares: [bkashSessionWhenSetUp],
  },
]
