import type {
  CalculatedShippingOptionPrice,
  CreateFulfillmentResult,
  FulfillmentOption,
} from "@medusajs/framework/types"
import { AbstractFulfillmentProviderService, MedusaError } from "@medusajs/framework/utils"
import { COURIER_LABELS, type CourierProvider } from "@shop/contract"
import { isParcel, type Parcel, type ParcelRecord } from "./parcel"

/**
 * A courier as a Medusa fulfilment provider: creating the fulfilment books the
 * parcel with the courier (Medusa's fulfilment module calls createFulfillment
 * and keeps what it answers as the fulfilment's data and tracking labels), so
 * Medusa Admin's own order page shows the courier and its tracking number.
 * Prices are the shop's (contract delivery charges), never the courier's.
 */
export abstract class CourierFulfillmentService extends AbstractFulfillmentProviderService {
  protected abstract readonly provider: CourierProvider
  protected abstract book(parcel: Parcel): Promise<ParcelRecord>

  async getFulfillmentOptions(): Promise<FulfillmentOption[]> {
    return [{ id: `${this.provider}-cod`, name: `${COURIER_LABELS[this.provider]}, cash on delivery` }]
  }

  async validateFulfillmentData(
    _optionData: Record<string, unknown>,
    data: Record<string, unknown>
  ): Promise<Record<string, unknown>> {
    return data
  }

  async validateOption(): Promise<boolean> {
    return true
  }

  async canCalculate(): Promise<boolean> {
    return false
  }

  async calculatePrice(): Promise<CalculatedShippingOptionPrice> {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "Delivery is charged by the shop's own rates, not the courier's"
    )
  }

  async createFulfillment(data: Record<string, unknown>): Promise<CreateFulfillmentResult> {
    if (!isParcel(data))
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "A courier booking needs the parcel's invoice, recipient and cash to collect"
      )
    const record = await this.book(data)
    const tracking = record.tracking_code ?? record.consignment_id
    return {
      data: record,
      labels: tracking
        ? [{ tracking_number: tracking, tracking_url: record.tracking_url ?? "", label_url: record.tracking_url ?? "" }]
        : [],
    }
  }

  /** Couriers take cancellations in their own panels; the shop's record of the parcel is kept as cancelled. */
  async cancelFulfillment(): Promise<Record<string, unknown>> {
    return {}
  }

  async createReturnFulfillment(): Promise<CreateFulfillmentResult> {
    return { data: {}, labels: [] }
  }
}
