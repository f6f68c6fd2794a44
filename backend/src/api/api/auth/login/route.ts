import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { clientAddress } from "../../../../lib/client-address"
import { limits, waitMinutes } from "../../../../lib/rate-limit"
import { actorOf, loadShopUser } from "../../../../lib/shop-user"
import { tooManyRequests, tryAgainIn } from "../../../utils/rate-limit"
import { signIn } from "../../../utils/session"
import type { LoginBody } from "../validators"

// Failed logins: 5 per email and 20 per client address in 15 minutes (src/lib/rate-limit.ts).
const { failedLoginsByEmail, failedLoginsByAddress } = limits

export async function POST(req: MedusaRequest<LoginBody>, res: MedusaResponse) {
  const { email, password } = req.validatedBody
  const address = clientAddress(req)
  const email_ = email.toLowerCase()
  const wait = Math.max(await failedLoginsByEmail.retryAfter(email_), await failedLoginsByAddress.retryAfter(address))
  if (wait > 0) {
    tooManyRequests(res, wait, tryAgainIn("failed login attempts")(req, waitMinutes(wait)))
    return
  }

  const auth = req.scope.resolve(Modules.AUTH)
  const { success, authIdentity } = await auth.authenticate("emailpass", {
    body: { email, password },
  } as never)
  const actor = success ? actorOf(authIdentity?.app_metadata) : null
  if (!success || !authIdentity || !actor) {
    await Promise.all([failedLoginsByEmail.hit(email_), failedLoginsByAddress.hit(address)])
    throw new MedusaError(MedusaError.Types.UNAUTHORIZED, "Incorrect email or password")
  }
  const user = await loadShopUser(req.scope, actor)
  if (!user) {
    throw new MedusaError(MedusaError.Types.UNAUTHORIZED, "Incorrect email or password")
  }
  await failedLoginsByEmail.reset(email_)
  await signIn(req, {
    ...actor,
    auth_identity_id: authIdentity.id,
    app_metadata: authIdentity.app_metadata ?? {},
  })
  res.json({ success: true, message: "Logged in successfully", user })
}
