import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { BN_MESSAGES } from "@shop/contract"
import { limits, tooManyRequests, waitMinutes } from "../../lib/rate-limit"

export type LimitOrdersInput = {
  /** A signed-in customer is counted by their id, a guest by the order's phone key. */
  customer_id?: string | null
  phone: string
  language?: "en" | "bn"
  /** An order staff place for a shopper (a converted landing draft): no shopper's limit applies. */
  placed_by_staff?: boolean
}

/**
 * Orders per phone (or per signed-in customer): at most ORDER_LIMIT_PER_PHONE
 * a minute, on every door. It runs inside the order workflow after the
 * repeat check, so a retry or a double tap of one order (same cart, same
 * Idempotency-Key) is answered with its order and never counts twice; every
 * new attempt counts, also one later refused for stock, so one phone cannot
 * hammer a flash sale. Nothing to undo: an attempt stays counted.
 */
export const limitOrdersStep = createStep("limit-orders", async (input: LimitOrdersInput) => {
  if (input.placed_by_staff) return new StepResponse(undefined)
  const key = input.customer_id ? `customer:${input.customer_id}` : input.phone ? `phone:${input.phone}` : null
  if (!key) return new StepResponse(undefined)
  const waitMs = await limits.ordersByPhone.take(key)
  if (waitMs > 0) {
    const minutes = waitMinutes(waitMs)
    const message =
      input.language === "bn"
        ? BN_MESSAGES.tooManyOrders(minutes)
        : `Too many orders. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`
    throw tooManyRequests(message, Math.ceil(waitMs / 1000))
  }
  return new StepResponse(undefined)
})
