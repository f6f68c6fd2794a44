import {
  PAGE_PATHS,
  type BkashOutcome,
  type OrderPayment,
  type PaymentOptions,
  type PaymentOptionsAnswer,
} from "@shop/contract"
import { apiFetch } from "./http"
import { writeJson } from "./storage"

/**
 * Paying by bKash from the landing page, the shop checkout and the page a
 * shopper comes back to from bKash: plain fetches (lib/http), so the landing
 * app stays small and the shop app reads the same calls.
 */

/** Cash on delivery only: what a form offers until the options answer, or when they cannot be read. */
export const CASH_ONLY: PaymentOptions = { bkash: false, bkashRequiredFor: "never", offerBkash: false }

/**
 * What the order forms may offer (GET /api/shop/order/payment-options), read
 * again twice when a flaky network or a busy server loses it; cash only when
 * it still cannot be read (the order workflow holds the rules either way), or
 * once `signal` says the form is gone (react-query's queryFn context has one).
 */
export async function getPaymentOptions({ signal }: { signal?: AbortSignal } = {}): Promise<PaymentOptions> {
  for (let attempt = 0; attempt < 3; attempt++) {
    if (attempt) await new Promise((resolve) => setTimeout(resolve, 500 * attempt))
    if (signal?.aborted) break
    const answer = await apiFetch<PaymentOptionsAnswer>("/api/shop/order/payment-options", { cache: "no-store" }).catch(
      () => null
    )
    if (answer?.data) return answer.data
  }
  return CASH_ONLY
}

/**
 * A shopper's trip to bKash and back: the order's confirmation is kept in the
 * tab's session storage while they are on bKash's page (the page they come
 * back to shows it with the payment), and they are sent to bKash's page, or
 * straight to that page when bKash gave none.
 */
export const tripKey = (orderId: string) => `bkash-trip:${orderId}`

/** The storefront's page for an order's bKash payment, with how the trip ended. */
export function bkashReturnPath(orderId: string, result?: BkashOutcome): string {
  const path = PAGE_PATHS.bkashReturn.replace(":orderId", encodeURIComponent(orderId))
  return result ? `${path}?result=${result}` : path
}

export function saveTrip(orderId: string, confirmation: unknown): void {
  writeJson("session", tripKey(orderId), confirmation)
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
