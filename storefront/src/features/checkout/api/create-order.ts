import { useMutation } from "@tanstack/react-query"
import { useState } from "react"
import { ensureSuccess } from "@/lib/api-error"
import { sdk } from "@/lib/sdk"
import { IDEMPOTENCY_HEADER, orderAttempt, type CreateOrderAnswer } from "@shop/contract"
import type { CustomerOrderBody, GuestOrderBody } from "../utils/checkout"

/**
 * POST /api/shop/order/create-order (SPEC 7, "Shop orders"), with the order
 * attempt's Idempotency-Key (the contract's orderAttempt): a repeat answers the
 * attempt's order, never a second one.
 */
export async function createOrder(
  body: GuestOrderBody | CustomerOrderBody,
  idempotencyKey: string
): Promise<CreateOrderAnswer> {
  const response = await sdk.client.fetch<CreateOrderAnswer>("/api/shop/order/create-order", {
    method: "POST",
    body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  })
  return ensureSuccess(response, "Failed to create order. Please try again.")
}

/** Places an order; every tap of one order (a double tap, a retry) carries the same key. */
export function useCreateOrder() {
  const [keyFor] = useState(orderAttempt)
  return useMutation({ mutationFn: (body: GuestOrderBody | CustomerOrderBody) => createOrder(body, keyFor(body)) })
}
