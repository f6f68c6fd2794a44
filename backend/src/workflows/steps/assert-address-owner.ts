import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

/** The address must belong to the customer named in the request; reads only. */
export const assertAddressOwnerStep = createStep(
  "assert-address-owner",
  async (input: { customer_id: string; address_id: string }, { container }) => {
    const [address] = await container
      .resolve(Modules.CUSTOMER)
      .listCustomerAddresses({ id: input.address_id, customer_id: input.customer_id })
    if (!address) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, "Address not found")
    }
    return new StepResponse(address.id)
  }
)
