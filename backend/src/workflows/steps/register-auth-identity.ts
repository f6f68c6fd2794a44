import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

export type RegisterAuthIdentityInput = { email: string; password: string }

/** An email/password login; removed again if the rest of the registration fails. */
export const registerAuthIdentityStep = createStep(
  "register-auth-identity",
  async (input: RegisterAuthIdentityInput, { container }) => {
    const auth = container.resolve(Modules.AUTH)
    const { success, authIdentity, error } = await auth.register("emailpass", {
      body: { email: input.email, password: input.password },
    })
    if (!success || !authIdentity) {
      if (error?.includes("already exists")) {
        throw new MedusaError(MedusaError.Types.DUPLICATE_ERROR, "An account with this email already exists")
      }
      throw new MedusaError(MedusaError.Types.INVALID_DATA, error || "Could not register this login")
    }
    return new StepResponse(authIdentity.id, authIdentity.id)
  },
  async (authIdentityId, { container }) => {
    if (!authIdentityId) return
    await container.resolve(Modules.AUTH).deleteAuthIdentities([authIdentityId])
  }
)
