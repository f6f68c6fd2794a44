import type { AdAttribution, DeliveryArea, ManualOrderSource, PaymentMethod } from "@shop/contract"
import type { OrderRequestKey } from "../../modules/shop-order/service"
import type { OrderLineInput } from "./price-shop-order"

/**
 * What the one order workflow (place-shop-order.ts) takes. Here, beside the
 * steps, because a step (resolve-customer-checkout) produces it too.
 */
export type PlaceShopOrderInput = {
  items: OrderLineInput[]
  is_guest: boolean
  customer_id?: string | null
  /** A signed-in customer's names, for the answer (the order itself is linked by id). */
  customer?: { first_name?: string | null; last_name?: string | null; metadata?: Record<string, unknown> | null } | null
  email?: string | null
  guest_name?: string | null
  guest_phone?: string | null
  cart_id?: string | null
  landing_page_slug?: string | null
  address: { name: string; address: string; city: string; pincode: string; number: string; notes: string }
  /** Where it goes: the charge is the area's (DELIVERY_CHARGE), decided by the pricing step. */
  delivery_area: DeliveryArea
  /** The shopper's client address (the fake-order guard's velocity and blocklist). */
  client_address?: string | null
  /** The language of a refusal (landing pages answer in Bengali). */
  language?: "en" | "bn"
  /** The requests this order answers (the shopper's Idempotency-Key), recorded with it; the cart's is added. */
  requests?: OrderRequestKey[]
  /** The total the shopper was shown (a /store cart's): an order priced otherwise is refused (steps/price-shop-order.ts). */
  shown_total?: number | null
  /** How the shopper pays (default cash on delivery); bKash is refused when it is not set up. */
  payment_method?: PaymentMethod
  /** Staff place it for a shopper (a converted landing draft): the shopper's order limit does not apply. */
  placed_by_staff?: boolean
  /** An order staff took by phone or in Messenger (the admin's "Add order"), and the admin who took it. */
  source?: ManualOrderSource
  taken_by?: string | null
  /**
   * The shopper's screen takes a phone code (the shop's own checkout and landing forms): a held order
   * gets one by SMS (steps/phone-check.ts). Medusa's /store door does not: its storefront has no such screen.
   */
  phone_check?: boolean
  /** The ad a landing order came from (its page's URL parameters): the Profit screen's per-ad figures. */
  ad?: AdAttribution | null
}
