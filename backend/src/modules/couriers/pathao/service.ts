import { MedusaError } from "@medusajs/framework/utils"
import type { Parcel, ParcelRecord } from "../parcel"
import { PathaoClient } from "../pathao-client"
import { CourierFulfillmentService } from "../provider"
import { missingCourierSettings, pathaoSettings } from "../settings"

/** Pathao as a fulfilment provider (id pathao_pathao), set up by PATHAO_* variables. */
export class PathaoFulfillmentService extends CourierFulfillmentService {
  static identifier = "pathao"
  protected readonly provider = "pathao" as const

  protected async book(parcel: Parcel): Promise<ParcelRecord> {
    const settings = pathaoSettings()
    if (!settings) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Pathao is not set up: set ${missingCourierSettings("pathao").join(", ")}`
      )
    }
    return new PathaoClient(settings).book(parcel)
  }
}
