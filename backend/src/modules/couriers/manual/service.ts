import { MedusaError } from "@medusajs/framework/utils"
import type { Parcel, ParcelRecord } from "../parcel"
import { CourierFulfillmentService } from "../provider"

/**
 * Any other courier (id courier_manual): the merchant books the
 * parcel in that courier's own panel and types its name and tracking code
 * here. Always there, so the flow works without any courier account.
 */
export class ManualCourierFulfillmentService extends CourierFulfillmentService {
  static identifier = "courier"
  protected readonly provider = "manual" as const

  protected async book(parcel: Parcel): Promise<ParcelRecord> {
    const name = parcel.courier_name?.trim()
    const code = parcel.tracking_code?.trim()
    if (!name || !code)
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "Type the courier's name and the tracking code")
    return {
      provider: "manual",
      courier_name: name,
      invoice: parcel.invoice,
      consignment_id: code,
      tracking_code: code,
      tracking_url: null,
      courier_status: null,
      collected_amount: null,
      delivery_charge: null,
      on_hold: false,
      booked_by: "created",
      updated_at: new Date().toISOString(),
    }
  }
}
