import type { MetaPurchaseTrigger, OrderStatus } from "@shop/contract"

/** What happened to an order that may fire its Purchase: the confirmation call's "confirmed", or a move to a status. */
export type MetaTrigger = "confirmed" | OrderStatus

/** Why an event waits without being tried: the Conversions API token is missing. */
export const NO_TOKEN = "META_CAPI_TOKEN is not set: nothing is sent"

/** The wait after the n-th failed attempt: 1 minute, doubled each time, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(60 * 2 ** Math.max(0, attempts - 1), 3600)
}

/**
 * Whether a move fires the Purchase under the merchant's choice: confirmed
 * (the call's "confirmed", or a move to shipped, delivered or completed), or
 * delivered (a move to delivered, or completed).
 */
export function firesPurchase(purchaseOn: MetaPurchaseTrigger, trigger: MetaTrigger | (string & {})): boolean {
  if (purchaseOn === "delivered") return trigger === "delivered" || trigger === "completed"
  return trigger === "confirmed" || trigger === "shipped" || trigger === "delivered" || trigger === "completed"
}
