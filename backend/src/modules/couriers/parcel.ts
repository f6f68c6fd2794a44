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
  updated_at: string
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
