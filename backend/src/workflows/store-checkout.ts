import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { CHECKOUT_MESSAGES, deliveryAreaOf, normalizeBdPhone } from "@shop/contract"
import type { StoreCheckoutCart } from "../read-models/store-cart"
import { placeShopOrderWorkflow } from "./place-shop-order"

/**
 * A cart completed through Medusa's /store (its storefront starter, the js-sdk)
 * becomes a shop order through the one order workflow: the shop's prices,
 * delivery by the address's city, the atomic stock take, the guard, the
 * number, COD not captured until delivered. The shopper is the session's
 * customer or a guest; a cart's email never attaches an order to an account.
 */
export async function completeStoreCart(
  container: MedusaContainer,
  cart: StoreCheckoutCart,
  shopper: { customer_id: string | null; client_address: string | null }
): Promise<string> {
  const items = cart.items.filter((i) => i.product_id && Number(i.quantity) > 0)
  if (!items.length) throw new MedusaError(MedusaError.Types.INVALID_DATA, "The cart is empty")
  const address = cart.shipping_address
  const phone = normalizeBdPhone(address?.phone ?? "")
  if (!phone) throw new MedusaError(MedusaError.Types.INVALID_DATA, CHECKOUT_MESSAGES.badPhone)
  const street = [address?.address_1, address?.address_2].map((p) => p?.trim()).filter(Boolean).join(", ")
  const city = address?.city?.trim() ?? ""
  if (!street || !city) throw new MedusaError(MedusaError.Types.INVALID_DATA, "Add the delivery address and city")
  const name = [address?.first_name, address?.last_name].map((p) => p?.trim()).filter(Boolean).join(" ") || "Customer"
  const guest = !shopper.customer_id
  const { result } = await placeShopOrderWorkflow(container).run({
    input: {
      items: items.map((i) => ({ product_id: i.product_id!, quantity: Number(i.quantity) })),
      is_guest: guest,
      customer_id: shopper.customer_id,
      email: cart.email,
      guest_name: guest ? name : null,
      guest_phone: guest ? phone : null,
      cart_id: cart.id,
      address: { name, address: street, city, pincode: address?.postal_code?.trim() ?? "", number: phone, notes: "" },
      delivery_area: deliveryAreaOf(city),
      client_address: shopper.client_address,
    },
  })
  return result.order_id
}
