import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { splitName } from "../../lib/person-name"

/**
 * A guest order's own guest customer record (has_account: false) with the
 * guest's name and phone, so Medusa Admin's Orders list, which names an order
 * by its customer, shows who ordered. One record per order and without an
 * email: nothing ever finds it by email, so a guest order is never attached to
 * a registered account (or to another guest's record) that way; the email stays
 * on the order. A signed-in customer's order keeps its own customer: nothing is
 * made. Compensation deletes the record.
 */
export const createNativeGuestCustomerStep = createStep(
  "native-guest-customer",
  async (input: { is_guest: boolean; name?: string | null; phone?: string | null }, { container }) => {
    if (!input.is_guest || !input.name?.trim()) return new StepResponse(null as string | null)
    const customer = await container.resolve(Modules.CUSTOMER).createCustomers({
      ...splitName(input.name),
      phone: input.phone ?? null,
      has_account: false,
    })
    return new StepResponse(customer.id as string | null, customer.id)
  },
  async (customerId, { container }) => {
    if (!customerId) return
    await container.resolve(Modules.CUSTOMER).deleteCustomers([customerId])
  }
)
