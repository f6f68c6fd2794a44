import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { COURIER_LABELS, type CourierBookingRequest, type CourierInfo } from "@shop/contract"
import { COURIER_PROVIDER_IDS, missingCourierSettings, parcelOf, type Parcel } from "../../modules/couriers"
import { uncertainBooking } from "../../read-models/couriers"
import { findShopOrder } from "../../read-models/orders"

export type CourierBookingPlan = {
  /** the order is already with a courier: its parcel, and nothing is booked */
  already: CourierInfo | null
  provider_id: string
  parcel: Parcel | null
  /** an earlier booking went unanswered (forced past here): cleared once this one goes through */
  uncertain: boolean
}

/**
 * Reads what booking an order with a courier takes: 404 for an unknown order;
 * an order already with a courier (not one it brought back) answers its
 * parcel; 409 for a courier that is not set up; 400 for an order a courier
 * cannot take (no Bangladeshi mobile number, no address); 409 when an earlier
 * booking went unanswered (Pathao cannot be asked whether it went through: a
 * retry waits for the merchant, who may force it). Reads only.
 */
export const planCourierBookingStep = createStep(
  "plan-courier-booking",
  async (input: { order_id: string; request: CourierBookingRequest }, { container }) => {
    const { request } = input
    const order = await findShopOrder(container, input.order_id)
    if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Order not found")
    const provider_id = COURIER_PROVIDER_IDS[request.provider]
    if (order.courier && order.courier.outcome !== "returned") {
      return new StepResponse<CourierBookingPlan>({
        already: order.courier,
        provider_id,
        parcel: null,
        uncertain: false,
      })
    }
    const missing = missingCourierSettings(request.provider)
    if (missing.length) {
      throw new MedusaError(
        MedusaError.Types.CONFLICT,
        `${COURIER_LABELS[request.provider]} is not set up: set ${missing.join(", ")}`
      )
    }
    const parcel = parcelOf(order, request)
    const uncertain = await uncertainBooking(container, input.order_id)
    if (uncertain && !request.force) {
      throw new MedusaError(
        MedusaError.Types.CONFLICT,
        `${COURIER_LABELS[uncertain.provider]} did not answer an earlier booking of this order, so it may have the parcel already. ` +
          `Check its merchant panel: if the parcel is there, record it as another courier with its consignment id; if not, book again with force.`
      )
    }
    return new StepResponse<CourierBookingPlan>({ already: null, provider_id, parcel, uncertain: !!uncertain })
  }
)

/** The parcel the booking recorded on the order (500 when there is none). Reads only. */
export const bookedCourierStep = createStep("booked-courier", async (input: { order_id: string }, { container }) => {
  const booked = await findShopOrder(container, input.order_id)
  if (!booked?.courier)
    throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "The courier booking was not recorded")
  return new StepResponse<CourierInfo>(booked.courier)
})
