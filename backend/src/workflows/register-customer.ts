import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { createCustomerAccountWorkflow } from "@medusajs/medusa/core-flows"
import { registerAuthIdentityStep } from "./steps/register-auth-identity"

export type RegisterCustomerInput = { username: string; email: string; password: string }

/** A shopper's account: an email/password login and the customer it signs in as. */
export const registerCustomerWorkflow = createWorkflow("register-customer", (input: RegisterCustomerInput) => {
  const authIdentityId = registerAuthIdentityStep({ email: input.email, password: input.password })
  const customerData = transform({ input }, ({ input }) => ({
    email: input.email,
    first_name: input.username,
    metadata: { username: input.username },
  }))
  const customer = createCustomerAccountWorkflow.runAsStep({
    input: { authIdentityId, customerData },
  })
  return new WorkflowResponse(customer)
})
