/**
 * Couriers as Medusa fulfilment providers (registered in medusa-config.ts under
 * the fulfillment module): steadfast/, pathao/, manual/. What the rest of the
 * backend reads from here: the provider ids, the settings and the clients.
 */
import type { CourierProvider } from "@shop/contract"

/** The fulfilment provider id of each courier (`<identifier>_<id>` as medusa-config registers them). */
export const COURIER_PROVIDER_IDS: Record<CourierProvider, string> = {
  steadfast: "steadfast_steadfast",
  pathao: "pathao_pathao",
  manual: "courier_manual",
}

export function courierOfProviderId(providerId: string | null | undefined): CourierProvider | null {
  const entry = Object.entries(COURIER_PROVIDER_IDS).find(([, id]) => id === providerId)
  return entry ? (entry[0] as CourierProvider) : null
}

export { COURIER_REFUSED, COURIER_UNAVAILABLE } from "./http"
export type { Parcel, ParcelRecord } from "./parcel"
export { missingCourierSettings, pathaoSettings, steadfastSettings } from "./settings"
export { PathaoClient } from "./pathao-client"
export { SteadfastClient } from "./steadfast-client"
