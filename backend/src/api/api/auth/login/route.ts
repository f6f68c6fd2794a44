import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { guessOf } from "#app/api/utils/guesses"
import { signIn } from "#app/api/utils/session"
import { actorOf, loadShopUser } from "#app/read-models/users"
import type { AuthAnswer } from "@shop/contract"
import type { LoginBody } from "../validators"

// The guess was counted before validation (countLoginGuess in ../middlewares.ts).
export async function POST(req: MedusaRequest<LoginBody>, res: MedusaResponse) {
  const { email, password } = req.validatedBody
  const auth = req.scope.resolve(Modules.AUTH)
  const { success, authIdentity } = await auth.authenticate("emailpass", {
    body: { email, password },
  })
  const actor = success ? actorOf(authIdentity?.app_metadata) : null
  if (!success || !authIdentity || !actor) {
    throw new MedusaError(MedusaError.Types.UNAUTHORIZED, "Incorrect email or password")
  }
  const user = await loadShopUser(req.scope, actor)
  if (!user) {
    throw new MedusaError(MedusaError.Types.UNAUTHORIZED, "Incorrect email or password")
  }
  await guessOf(req)?.right(res)
  await signIn(req, {
    ...actor,
    auth_identity_id: authIdentity.id,
    app_metadata: authIdentity.app_metadata ?? {},
  })
  res.json({ success: true, message: "Logged in successfully", user } satisfies AuthAnswer)
}
