import { MedusaError } from "@medusajs/framework/utils"
import {
  addressLine,
  cashToCollect,
  normalizeBdPhone,
  recipientName,
  type CourierBookingRequest,
  type Order,
} from "@shop/contract"

/**
 * What the shop hands a courier provider to book (the fulfilment's `data`),
 * and what the provider keeps about the parcel (the fulfilment's `data` after
 * booking, read back by the order views and the sync).
 */
export type Parcel = {
  /** the shop's order number: Steadfast's invoice, Pathao's merchant_order_id */
  invoice: string
  recipient_name: string
  /** 11 digits, 01XXXXXXXXX */
  recipient_phone: string
  recipient_address: string
  /** the cash to collect: the order's total, in taka */
  cod_amount: number
  item_quantity: number
  item_description: string
  note: string
  /** manual courier only: what the merchant typed */
  courier_name?: string
  tracking_code?: string
}

export type ParcelRecord = {
  provider: "steadfast" | "pathao" | "manual"
  courier_name: string
  invoice: string
  consignment_id: string | null
  tracking_code: string | null
  courier_status: string | null
  tracking_url: string | null
  collected_amount: number | null
  delivery_charge: number | null
  on_hold: boolean
  /** where the parcel ended up by the courier's last word (contract courierOutcome); absent: open */
  outcome?: "open" | "hold" | "delivered" | "partial" | "returned"
  /** what the courier paid out for this parcel (its cash less its fee) and in which payout */
  settled_amount?: number | null
  payout_id?: string | null
  /** the courier returned units (a returned parcel, a partial delivery) that the merchant has not received back yet */
  awaiting_return?: boolean
  /** units the merchant received back and that went back into stock */
  returned_units?: { product_id: string | null; title: string; quantity: number }[]
  /** how the booking was found: created now, or found by its invoice after an earlier attempt */
  booked_by: "created" | "found"
  /** when the courier's word about the parcel last changed */
  updated_at: string
  /** when the poll last read the parcel from its courier (it reads the longest-unread first) */
  checked_at?: string
}

export function isParcel(data: Record<string, unknown>): data is Parcel {
  return (
    typeof data.invoice === "string" &&
    typeof data.recipient_name === "string" &&
    typeof data.recipient_phone === "string" &&
    typeof data.recipient_address === "string" &&
    typeof data.cod_amount === "number"
  )
}

const MAX_DESCRIPTION = 250

/** The parcel a courier is asked to carry for an order: the shop's order number, its recipient and its total as the cash to collect. */
export function parcelOf(order: Order, request: CourierBookingRequest): Parcel {
  const address = order.addressInfo[0]
  const phone = normalizeBdPhone(order.guestPhone || address?.number || "")
  if (!phone) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "The order's phone number is not an 11-digit Bangladeshi mobile number; a courier cannot take it"
    )
  }
  const name = recipientName({
    isGuest: order.isGuest,
    name: address?.name,
    guestName: order.guestName,
    accountName: order.userId?.username,
  })
  const place = addressLine(address)
  if (!place)
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "The order has no delivery address; a courier cannot take it")
  const description = order.cartItems.map((item) => `${item.title} x ${item.quantity}`).join(", ")
  return {
    invoice: order.orderNumber,
    recipient_name: name.slice(0, 100),
    recipient_phone: phone,
    recipient_address: place.slice(0, 250),
    // what bKash already received (an advance, a full payment) is not collected again
    cod_amount: cashToCollect(order.TotalAmount, order.bkash),
    item_quantity: order.cartItems.reduce((sum, item) => sum + item.quantity, 0),
    item_description:
      description.length > MAX_DESCRIPTION ? `${description.slice(0, MAX_DESCRIPTION - 1)}…` : description,
    note: address?.notes?.trim() ?? "",
    ...(request.provider === "manual" && { courier_name: request.courierName, tracking_code: request.trackingCode }),
  }
}
