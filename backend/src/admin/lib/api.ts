import type { FetchArgs } from "@medusajs/js-sdk"
import type { ApiAnswer, UploadAnswer } from "@shop/contract"
import { ShopApiError } from "./errors"
import { takeFirstRead } from "./first-reads"
import { sdk } from "./sdk"

/**
 * The shop's /api contract through the one SDK instance. Every answer is
 * `{ success, ... }`; a non-2xx status throws the SDK's FetchError (with the
 * server's message), and a 2xx `success: false` throws a ShopApiError. `T` is
 * the route's answer type from @shop/contract, the one its handler
 * `satisfies`, so a route and the screens that read it cannot drift apart.
 */
export async function shopApi<T extends ApiAnswer>(path: string, init?: FetchArgs): Promise<T> {
  // the screen's first read may already be on its way (lib/first-reads.ts)
  const answer = (await takeFirstRead<T>(path, init)) ?? (await sdk.client.fetch<T>(path, init))
  if (!answer || answer.success === false) {
    throw new ShopApiError(answer?.message ?? "")
  }
  return answer
}

/** Sends one image as multipart field `my_file`; answers the stored URL and the server's message. */
export async function uploadImage(path: string, file: File): Promise<{ url: string; message: string }> {
  const form = new FormData()
  form.append("my_file", file)
  const answer = await sdk.client.fetch<UploadAnswer>(path, {
    method: "POST",
    body: form,
    // the browser sets multipart/form-data with its boundary
    headers: { "content-type": null },
  })
  const url = answer?.result?.url
  if (!answer?.success || !url) {
    throw new ShopApiError(answer?.message ?? "")
  }
  return { url, message: answer.message ?? "" }
}

/** Query keys: one root, one branch per resource; mutations invalidate by branch. */
export const adminKeys = {
  all: ["shop-admin"] as const,
  dashboard: () => [...adminKeys.all, "dashboard"] as const,
  dashboardPeriod: (period: string) => [...adminKeys.dashboard(), period] as const,
  orders: () => [...adminKeys.all, "orders"] as const,
  orderList: (params: { q: string; offset: number; limit: number }) => [...adminKeys.orders(), "list", params] as const,
  orderDetail: (id: string) => [...adminKeys.orders(), "detail", id] as const,
  /** the confirmation queue sits under orders: whatever refreshes the orders refreshes it */
  heldOrders: () => [...adminKeys.orders(), "to-confirm"] as const,
  products: () => [...adminKeys.all, "products"] as const,
  landingPages: () => [...adminKeys.all, "landing-pages"] as const,
  landingPageList: () => [...adminKeys.landingPages(), "list"] as const,
  landingPageDetail: (id: string) => [...adminKeys.landingPages(), "detail", id] as const,
  support: () => [...adminKeys.all, "support"] as const,
  couriers: () => [...adminKeys.all, "couriers"] as const,
  courierChoices: () => [...adminKeys.couriers(), "choices"] as const,
  courierCash: () => [...adminKeys.couriers(), "cash"] as const,
  guard: () => [...adminKeys.all, "order-guard"] as const,
  guardRules: () => [...adminKeys.guard(), "rules"] as const,
  blocklist: () => [...adminKeys.guard(), "blocklist"] as const,
  meta: () => [...adminKeys.all, "meta"] as const,
  metaSettings: () => [...adminKeys.meta(), "settings"] as const,
  paymentRules: () => [...adminKeys.all, "payment-rules"] as const,
  sms: () => [...adminKeys.all, "sms"] as const,
  profit: () => [...adminKeys.all, "profit"] as const,
  profitReport: (period: { from: string; to: string }) => [...adminKeys.profit(), "report", period] as const,
  profitSettings: () => [...adminKeys.profit(), "settings"] as const,
  productCost: (productId: string) => [...adminKeys.profit(), "cost", productId] as const,
}
