import { randomInt } from "crypto"
import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { type BkashState, ORDER_ALREADY_PLACED, type OrderSource, type PaymentMethod } from "@shop/contract"
import { SHOP_ORDER_MODULE } from "../../modules/shop-order"
import type ShopOrderModuleService from "../../modules/shop-order/service"
import type { OrderRequestKey, ShopOrderRecord, StockHoldRow } from "../../modules/shop-order/service"

export type CreateShopOrderInput = {
  order_id: string
  is_guest: boolean
  guest_name?: string | null
  guest_email?: string | null
  guest_phone?: string | null
  /** The contact phone's key (the contract's phoneKey), normalised at intake. */
  phone: string
  customer_id?: string | null
  cart_id?: string | null
  landing_page_slug?: string | null
  /** where it came from (default: a landing page's when it has one, else the shop's) */
  source?: OrderSource
  /** the admin who took a phone or Messenger order */
  taken_by?: string | null
  ad_campaign_id?: string | null
  ad_set_id?: string | null
  ad_id?: string | null
  address: Record<string, string>
  delivery_area?: string | null
  delivery_charge: number
  total: number
  payment_method?: PaymentMethod
  /** a bKash order's payment: "awaiting" when placed (the contract's BKASH_STATES) */
  payment_state?: BkashState | null
  /** The requests this order answers (an Idempotency-Key, the cart): recorded with it, unique. */
  requests?: OrderRequestKey[]
}

// No 0/O, 1/I/L: easy to read out over the phone.
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

/** e.g. ORD-261122-7KQ4XM: the day and six random characters. */
function newOrderNumber(now = new Date()): string {
  const day = now.toISOString().slice(2, 10).replace(/-/g, "")
  let suffix = ""
  for (let i = 0; i < 6; i++) suffix += ALPHABET[randomInt(ALPHABET.length)]
  return `ORD-${day}-${suffix}`
}

/**
 * The shop's record of the order, linked to the Medusa order, written in one
 * transaction with the consumption of the order's stock hold (so a crash
 * leaves either a held, unrecorded order for the recovery job, or a complete
 * one). Compensation removes the record and restores the hold.
 */
export const createShopOrderStep = createStep(
  "create-shop-order",
  async (input: CreateShopOrderInput, { container }) => {
    const service: ShopOrderModuleService = container.resolve(SHOP_ORDER_MODULE)
    const { order_id, requests, ...data } = input
    let recorded: { record: ShopOrderRecord; hold: StockHoldRow } | undefined
    // the unique index settles the rare clash of two random numbers (the whole transaction is retried)
    for (let attempt = 0; attempt < 5 && !recorded; attempt++) {
      try {
        recorded = await service.recordOrder(
          order_id,
          {
            ...data,
            order_number: newOrderNumber(),
            status: "pending",
            status_changed_at: new Date(),
            stock_taken: true,
          },
          requests ?? []
        )
      } catch (error) {
        const message = String((error as Error).message)
        console.error(
          "RECORD-ERROR",
          message,
          (error as { constraint?: string }).constraint,
          (error as { name?: string }).name
        )
        if (message === ORDER_ALREADY_PLACED) throw error
        if (!message.match(/unique|duplicate|exists/i)) throw error
      }
    }
    if (!recorded) {
      throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "Could not number the order")
    }
    return new StepResponse(recorded.record, { id: recorded.record.id, hold: recorded.hold })
  },
  async (created, { container }) => {
    if (!created) return
    const service: ShopOrderModuleService = container.resolve(SHOP_ORDER_MODULE)
    await service.unrecordOrder(created.id, created.hold)
  }
)
