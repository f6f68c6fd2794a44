import {
  PAGE_PATHS,
  type BkashOutcome,
  type BkashPayAnswer,
  type BkashStatus,
  type BkashStatusAnswer,
  type CreateOrderAnswer,
  type OrderPayment,
  type PaymentOptions,
  type PaymentOptionsAnswer,
} from "@shop/contract"
import { apiFetch } from "./http"
import { readJson, writeJson } from "./storage"

/**
 * Paying by bKash from the landing page, the shop checkout and the page a
 * shopper comes back to from bKash: plain fetches (lib/http), so the landing
 * app stays small and the shop app reads the same calls.
 */

/** Cash on delivery only: what a form offers until the options answer, or when they cannot be read. */
export const CASH_ONLY: PaymentOptions = { bkash: false, bkashRequiredFor: "never", offerBkash: false }

/** What the order forms may offer (GET /api/shop/order/payment-options); cash only when it cannot be read. */
export async function getPaymentOptions(): Promise<PaymentOptions> {
  try {
    const answer = await apiFetch<PaymentOptionsAnswer>("/api/shop/order/payment-options", { cache: "no-store" })
    return answer?.data ?? CASH_ONLY
  } catch {
    return CASH_ONLY
  }
}

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

/**
 * A shopper's trip to bKash and back: the order's confirmation is kept in the
 * tab's session storage while they are on bKash's page (the page they come
 * back to shows it with the payment), and they are sent to bKash's page, or
 * straight to that page when bKash gave none.
 */
const tripKey = (orderId: string) => `bkash-trip:${orderId}`

/** The storefront's page for an order's bKash payment, with how the trip ended. */
export function bkashReturnPath(orderId: string, result?: BkashOutcome): string {
  const path = PAGE_PATHS.bkashReturn.replace(":orderId", encodeURIComponent(orderId))
  return result ? `${path}?result=${result}` : path
}

export function saveTrip(orderId: string, confirmation: unknown): void {
  writeJson("session", tripKey(orderId), confirmation)
}

/** The confirmation kept for the order before the shopper left for bKash (null: another tab or device). */
export function loadTrip(orderId: string): unknown {
  return readJson("session", tripKey(orderId)) ?? null
}

/** Where to send the shopper for an order waiting for bKash: bKash's page, or the shop's own when there is none. */
export function bkashDestination(orderId: string, payment: Pick<OrderPayment, "bkashURL">): string {
  return payment.bkashURL ?? bkashReturnPath(orderId, "failed")
}

/** A full navigation away from the app (bKash's page is another site); an object, so a test can watch it. */
export const leave = { to: (url: string) => window.location.assign(url) }

/** Leaves for bKash's page, or the shop's page for the order when bKash gave none. */
export function goToBkash(orderId: string, payment: Pick<OrderPayment, "bkashURL">): void {
  leave.to(bkashDestination(orderId, payment))
}
