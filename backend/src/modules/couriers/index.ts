/**
 * Couriers as Medusa fulfilment providers (registered in medusa-config.ts under
 * the fulfillment module): steadfast/, pathao/, manual/. What the rest of the
 * backend reads from here: the provider ids, the settings and the clients.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { COURIER_LABELS, type CourierProvider } from "@shop/contract"
import type { ParcelRecord } from "./parcel"
import { PathaoClient } from "./pathao-client"
import { missingCourierSettings, pathaoSettings, steadfastSettings } from "./settings"
import { SteadfastClient } from "./steadfast-client"

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

/** The courier's own current status word for a booked parcel (the truth a webhook only points at), or null when it has no such parcel. */
export async function readParcelStatus(provider: CourierProvider, record: ParcelRecord): Promise<string | null> {
  if (provider === "manual") return record.courier_status
  const notSetUp = () =>
    new MedusaError(
      MedusaError.Types.CONFLICT,
      `${COURIER_LABELS[provider]} is not set up: set ${missingCourierSettings(provider).join(", ")}`
    )
  if (provider === "steadfast") {
    const settings = steadfastSettings()
    if (!settings) throw notSetUp()
    return new SteadfastClient(settings).status(record)
  }
  const settings = pathaoSettings()
  if (!settings) throw notSetUp()
  return new PathaoClient(settings).status(record)
}

/**
 * The courier a failed booking may have reached anyway, or null: a Pathao
 * booking that timed out ("Pathao did not answer ..."). Pathao cannot be
 * asked for a parcel by the shop's order number, so such a booking is not
 * repeated blindly (Steadfast's is: a retry looks its invoice up first).
 */
export function unansweredBooking(providerId: string, error: unknown): CourierProvider | null {
  const message = (error as { message?: unknown })?.message
  return providerId === COURIER_PROVIDER_IDS.pathao &&
    typeof message === "string" &&
    message.startsWith("Pathao did not answer")
    ? "pathao"
    : null
}

export { COURIER_REFUSED, COURIER_UNAVAILABLE } from "./http"
export { parcelOf, type Parcel, type ParcelRecord } from "./parcel"
export { courierWebhookSecret, missingCourierSettings, pathaoSettings, steadfastSettings } from "./settings"
export { PathaoClient } from "./pathao-client"
export { SteadfastClient, type SteadfastPayoutLine } from "./steadfast-client"
