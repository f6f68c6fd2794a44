import {
  type BkashPayAnswer,
  type BkashStatus,
  type BkashStatusAnswer,
  type CreateOrderAnswer,
  type OrderPayment,
} from "@shop/contract"
import { tripKey } from "./bkash"
import { apiFetch } from "./http"
import { readJson } from "./storage"

/**
 * The page back from bKash's calls (its own chunk, never loaded with a
 * landing page): the order's bKash payment, pay again, cash instead, check again.
 */

/** Where an order's bKash payment stands (GET /api/shop/order/bkash/status/{orderId}). */
export async function getBkashStatus(orderId: string): Promise<BkashStatus> {
  const answer = await apiFetch<BkashStatusAnswer>(`/api/shop/order/bkash/status/${encodeURIComponent(orderId)}`, {
    cache: "no-store",
  })
  return answer.data
}

/** bKash's page for the order again, after a failure or a cancel (POST /api/shop/order/bkash/pay/{orderId}). */
export async function payAgain(orderId: string): Promise<OrderPayment> {
  const answer = await apiFetch<BkashPayAnswer>(`/api/shop/order/bkash/pay/${encodeURIComponent(orderId)}`, {
    method: "POST",
  })
  return answer.data
}

/** The order is paid in cash on delivery instead (POST /api/shop/order/bkash/cash/{orderId}). */
export async function payInCash(orderId: string): Promise<CreateOrderAnswer> {
  return apiFetch<CreateOrderAnswer>(`/api/shop/order/bkash/cash/${encodeURIComponent(orderId)}`, { method: "POST" })
}

/** The same after the shop asks bKash now (POST .../bkash/status/{orderId}): "check again". */
export async function checkBkashNow(orderId: string): Promise<BkashStatus> {
  const answer = await apiFetch<BkashStatusAnswer>(`/api/shop/order/bkash/status/${encodeURIComponent(orderId)}`, {
    method: "POST",
  })
  return answer.data
}

/** The confirmation kept for the order before the shopper left for bKash (null: another tab or device). */
export function loadTrip(orderId: string): unknown {
  return readJson("session", tripKey(orderId)) ?? null
}
