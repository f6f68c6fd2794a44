import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { CHECKOUT_MESSAGES, deliveryAreaOf, normalizeBdPhone, type PaymentMethod } from "@shop/contract"
import { BKASH_PROVIDER_ID } from "../../modules/bkash"
import { cartRequestKey } from "../../modules/shop-order/order-request"
import { orderOfRequest } from "../../read-models/order-requests"
import {
  isWholeQuantity,
  orderOfCart,
  shippingOptionAreas,
  STORE_CHECKOUT_MESSAGES,
  storeCheckoutCart,
} from "../../read-models/store-cart"
import type { PlaceShopOrderInput } from "./place-shop-order-input"

export type StoreCartOrderInput = { cart_id: string; customer_id: string | null; client_address: string | null }
/** Either the order the cart already became, or the order to place from it. */
export type StoreCartOrder = { order_id: string | null; order: PlaceShopOrderInput | null }

/**
 * Inside the cart's lock, the cart as it is now: completed (by an earlier
 * call, or a parallel one that held the lock first), it answers the order it
 * became; otherwise its lines, shipping address and shopper become the one
 * order workflow's input: delivery by the address's city, the phone checked,
 * a guest unless the session is the customer's (a cart's email never
 * attaches an order to an account). What the cart shows is what the order
 * charges: a promotion on it, a quantity that is not a whole number, or a
 * delivery option that is not its city's area's is refused here, and the
 * cart's total goes with the order to be checked against the shop's price.
 * Reads only.
 */
export const storeCartOrderStep = createStep("store-cart-order", async (input: StoreCartOrderInput, { container }) => {
  const cart = await storeCheckoutCart(container, input.cart_id)
  if (!cart) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart id not found: ${input.cart_id}`)
  // the order recorded under the cart's key (also when the cart is not closed yet), else a cart completed before the keys
  const placed =
    (await orderOfRequest(container, cartRequestKey(cart.id).key)) ??
    (cart.completed_at ? await orderOfCart(container, cart.id) : null)
  if (placed) return new StepResponse<StoreCartOrder>({ order_id: placed, order: null })
  if (cart.completed_at) throw new MedusaError(MedusaError.Types.CONFLICT, "This cart was already completed")
  const items = cart.items.filter((i) => i.product_id && Number(i.quantity) > 0)
  if (!items.length) throw new MedusaError(MedusaError.Types.INVALID_DATA, "The cart is empty")
  if (!items.every((i) => isWholeQuantity(Number(i.quantity), 1))) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, STORE_CHECKOUT_MESSAGES.quantity)
  }
  // the shop's pricing has no promotions: one the cart shows would not be charged
  const methods = cart.shipping_methods ?? []
  const adjusted = [...items, ...methods].some((l) => l.adjustments?.length)
  if (cart.promotions?.length || adjusted || Number(cart.discount_total ?? 0) !== 0) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, STORE_CHECKOUT_MESSAGES.promotionOnCart)
  }
  const address = cart.shipping_address
  const phone = normalizeBdPhone(address?.phone ?? "")
  if (!phone) throw new MedusaError(MedusaError.Types.INVALID_DATA, CHECKOUT_MESSAGES.badPhone)
  const street = [address?.address_1, address?.address_2]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(", ")
  const city = address?.city?.trim() ?? ""
  if (!street || !city) throw new MedusaError(MedusaError.Types.INVALID_DATA, "Add the delivery address and city")
  // delivery is the city's area's option, the one the order charges (the shipping options offered are filtered to it)
  const area = deliveryAreaOf(city)
  const optionIds = methods.map((m) => m.shipping_option_id).filter((id): id is string => !!id)
  const areas = optionIds.length ? await shippingOptionAreas(container, optionIds) : new Map()
  if (methods.length !== 1 || areas.get(methods[0].shipping_option_id ?? "") !== area) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, STORE_CHECKOUT_MESSAGES.delivery(city, area))
  }
  const name = [address?.first_name, address?.last_name]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(" ")
  const guest = !input.customer_id
  // the payment chosen on Medusa's checkout: bKash's session (in full unless it says the advance), else cash
  const session = (cart.payment_collection?.payment_sessions ?? []).at(-1)
  const chosen = session?.data?.method
  const payment_method: PaymentMethod =
    session?.provider_id === BKASH_PROVIDER_ID ? (chosen === "bkash_advance" ? chosen : "bkash_full") : "cod"
  return new StepResponse<StoreCartOrder>({
    order_id: null,
    order: {
      items: items.map((i) => ({
        product_id: i.product_id!,
        variant_id: i.variant_id,
        quantity: Number(i.quantity),
        shown_unit_price: Number(i.unit_price),
      })),
      is_guest: guest,
      customer_id: input.customer_id,
      email: cart.email,
      guest_name: guest ? name : null,
      guest_phone: guest ? phone : null,
      cart_id: cart.id,
      address: { name, address: street, city, pincode: address?.postal_code?.trim() ?? "", number: phone, notes: "" },
      delivery_area: area,
      shown_total: Number(cart.total),
      client_address: input.client_address,
      payment_method,
    },
  })
})
