import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  createCustomerAddressesWorkflow,
  deleteCustomerAddressesWorkflow,
  updateCustomerAddressesWorkflow,
} from "@medusajs/medusa/core-flows"
import type { AddressFields } from "@shop/contract"
import { toCustomerAddress } from "../lib/customer-address"
import { assertAddressOwnerStep } from "./steps/assert-address-owner"

export const addShopAddressWorkflow = createWorkflow(
  "add-shop-address",
  (input: { customer_id: string; fields: AddressFields }) => {
    const data = transform({ input }, ({ input }) => ({
      addresses: [{ customer_id: input.customer_id, ...toCustomerAddress(input.fields) }],
    }))
    const addresses = createCustomerAddressesWorkflow.runAsStep({ input: data })
    return new WorkflowResponse(addresses)
  }
)

export const updateShopAddressWorkflow = createWorkflow(
  "update-shop-address",
  (input: { customer_id: string; address_id: string; fields: AddressFields }) => {
    assertAddressOwnerStep({ customer_id: input.customer_id, address_id: input.address_id })
    const data = transform({ input }, ({ input }) => ({
      selector: { id: input.address_id, customer_id: input.customer_id },
      update: toCustomerAddress(input.fields),
    }))
    const addresses = updateCustomerAddressesWorkflow.runAsStep({ input: data })
    return new WorkflowResponse(addresses)
  }
)

export const deleteShopAddressWorkflow = createWorkflow(
  "delete-shop-address",
  (input: { customer_id: string; address_id: string }) => {
    assertAddressOwnerStep({ customer_id: input.customer_id, address_id: input.address_id })
    const ids = transform({ input }, ({ input }) => ({ ids: [input.address_id] }))
    deleteCustomerAddressesWorkflow.runAsStep({ input: ids })
    return new WorkflowResponse(input.address_id)
  }
)
