import { MedusaError } from "@medusajs/framework/utils"
import type { Parcel, ParcelRecord } from "../parcel"
import { CourierFulfillmentService } from "../provider"
import { missingCourierSettings, steadfastSettings } from "../settings"
import { SteadfastClient } from "../steadfast-client"

/** Steadfast as a fulfilment provider (id steadfast_steadfast), set up by STEADFAST_* variables. */
export class SteadfastFulfillmentService extends CourierFulfillmentService {
  static identifier = "steadfast"
  protected readonly provider = "steadfast" as const

  protected async book(parcel: Parcel): Promise<ParcelRecord> {
    const settings = steadfastSettings()
    if (!settings) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Steadfast is not set up: set ${missingCourierSettings("steadfast").join(", ")}`
      )
    }
    return new SteadfastClient(settings).book(parcel)
  }
}
