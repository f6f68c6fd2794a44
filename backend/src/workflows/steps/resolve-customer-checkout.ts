import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { deliveryAreaOf } from "@shop/contract"
import { findOpenCart } from "../../read-models/carts"
import { customerName } from "../../read-models/users"
import type { PlaceShopOrderInput } from "./place-shop-order-input"

/**
 * A signed-in checkout orders what is in the customer's own cart, to one of the
 * customer's own addresses. Reads only.
 */
export const resolveCustomerCheckoutStep = createStep(
  "resolve-customer-checkout",
  async (input: { customer_id: string; address_id: string }, { container }) => {
    const customers = container.resolve(Modules.CUSTOMER)
    const [[customer], [address], cart] = await Promise.all([
      customers.listCustomers({ id: input.customer_id }),
      customers.listCustomerAddresses({ id: input.address_id, customer_id: input.customer_id }),
      findOpenCart(container, input.customer_id),
    ])
    if (!customer) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, "Customer not found")
    }
    if (!address) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, "Please select a delivery address before checkout!")
    }
    const items = (cart?.items ?? [])
      .filter((i) => i.product_id)
      .map((i) => ({ product_id: i.product_id!, quantity: Number(i.quantity) }))
    if (!cart || !items.length) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "Your cart is empty!")
    }
    const name = customerName(customer)
    return new StepResponse<PlaceShopOrderInput>({
      items,
      is_guest: false,
      customer_id: customer.id,
      customer: { first_name: customer.first_name, last_name: customer.last_name, metadata: customer.metadata },
      email: customer.email,
      cart_id: cart.id,
      address: {
        name,
        address: address.address_1 ?? "",
        city: address.city ?? "",
        pincode: address.postal_code ?? "",
        number: address.phone ?? "",
        notes: String(address.metadata?.notes ?? ""),
      },
      // the area of the address it goes to (SPEC.md section 4), charged as on landing pages
      delivery_area: deliveryAreaOf(address.city ?? ""),
    })
  }
)
