import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { COURIER_LABELS, normalizeBdPhone, type CourierBookingRequest, type CourierInfo, type Order } from "@shop/contract"
import { COURIER_PROVIDER_IDS, missingCourierSettings, type Parcel } from "../modules/couriers"
import { findShopOrder } from "../read-models/orders"
import { updateShopOrderStatusWorkflow } from "./update-order-status"
import { markBookingUncertainWorkflow } from "./steps/booking-uncertain"
import { uncertainBooking } from "../read-models/couriers"

const MAX_DESCRIPTION = 250

/** The parcel a courier is asked to carry for an order: the shop's order number, its recipient and its total as the cash to collect. */
export function parcelOf(order: Order, request: CourierBookingRequest): Parcel {
  const address = order.addressInfo[0]
  const phone = normalizeBdPhone(order.guestPhone || address?.number || "")
  if (!phone) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "The order's phone number is not an 11-digit Bangladeshi mobile number; a courier cannot take it")
  }
  const name = (order.isGuest ? order.guestName : order.userId?.username)?.trim() || "Customer"
  const place = [address?.address, address?.city, address?.pincode].map((part) => part?.trim()).filter(Boolean).join(", ")
  if (!place) throw new MedusaError(MedusaError.Types.INVALID_DATA, "The order has no delivery address; a courier cannot take it")
  const description = order.cartItems.map((item) => `${item.title} x ${item.quantity}`).join(", ")
  return {
    invoice: order.orderNumber,
    recipient_name: name.slice(0, 100),
    recipient_phone: phone,
    recipient_address: place.slice(0, 250),
    cod_amount: order.TotalAmount,
    item_quantity: order.cartItems.reduce((sum, item) => sum + item.quantity, 0),
    item_description: description.length > MAX_DESCRIPTION ? `${description.slice(0, MAX_DESCRIPTION - 1)}…` : description,
    note: address?.notes?.trim() ?? "",
    ...(request.provider === "manual" && { courier_name: request.courierName, tracking_code: request.trackingCode }),
  }
}

/**
 * Books an order with a courier and marks it shipped (the courier's
 * fulfilment provider books the parcel inside the status workflow, under the
 * order's lock). An order already with a courier answers its parcel and calls
 * no courier again; an order that is over is refused (409); a courier that is
 * down or slow leaves the order as it was (502), its refusal comes back in
 * its own words (422).
 */
export async function bookCourier(
  container: MedusaContainer,
  orderId: string,
  request: CourierBookingRequest,
  adminId?: string
): Promise<{ courier: CourierInfo; booked: boolean }> {
  const order = await findShopOrder(container, orderId)
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Order not found")
  if (order.courier && order.courier.outcome !== "returned") return { courier: order.courier, booked: false }
  const missing = missingCourierSettings(request.provider)
  if (missing.length) {
    throw new MedusaError(MedusaError.Types.CONFLICT, `${COURIER_LABELS[request.provider]} is not set up: set ${missing.join(", ")}`)
  }
  const parcel = parcelOf(order, request)
  // Pathao cannot be asked whether an earlier, unanswered booking went through: a retry waits for the merchant
  const uncertain = await uncertainBooking(container, orderId)
  if (uncertain && !request.force) {
    throw new MedusaError(
      MedusaError.Types.CONFLICT,
      `${COURIER_LABELS[uncertain.provider]} did not answer an earlier booking of this order, so it may have the parcel already. ` +
        `Check its merchant panel: if the parcel is there, record it as another courier with its consignment id; if not, book again with force.`
    )
  }
  try {
    await updateShopOrderStatusWorkflow(container).run({
      input: {
        order_id: orderId,
        status: "shipped",
        admin_id: adminId,
        courier: { provider_id: COURIER_PROVIDER_IDS[request.provider], data: parcel as unknown as Record<string, unknown> },
      },
    })
  } catch (error) {
    const message = (error as { message?: unknown })?.message
    if (request.provider === "pathao" && typeof message === "string" && message.startsWith("Pathao did not answer")) {
      await markBookingUncertainWorkflow(container).run({ input: { order_id: orderId, provider: "pathao" } })
    }
    throw error
  }
  if (uncertain) await markBookingUncertainWorkflow(container).run({ input: { order_id: orderId, provider: null } })
  const booked = await findShopOrder(container, orderId)
  if (!booked?.courier) throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "The courier booking was not recorded")
  return { courier: booked.courier, booked: true }
}
