import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { clientAddress } from "../../../../lib/client-address"
import { RateLimiter } from "../../../../lib/rate-limit"
import { actorOf, loadShopUser } from "../../../../lib/shop-user"
import { signIn } from "../../../utils/session"
import type { LoginBody } from "../validators"

// Failed logins: 5 per email and 20 per client address in 15 minutes.
const WINDOW_MS = 15 * 60 * 1000
export const failedLoginsByEmail = new RateLimiter(Number(process.env.LOGIN_LIMIT_PER_EMAIL || 5), WINDOW_MS)
export const failedLoginsByAddress = new RateLimiter(Number(process.env.LOGIN_LIMIT_PER_ADDRESS || 20), WINDOW_MS)

export async function POST(req: MedusaRequest<LoginBody>, res: MedusaResponse) {
  const { email, password } = req.validatedBody
  const address = clientAddress(req)
  const wait = Math.max(failedLoginsByEmail.retryAfter(email), failedLoginsByAddress.retryAfter(address))
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60_000)
    res.set("Retry-After", String(Math.ceil(wait / 1000)))
    res.status(429).json({
      success: false,
      message: `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    })
    return
  }

  const auth = req.scope.resolve(Modules.AUTH)
  const { success, authIdentity } = await auth.authenticate("emailpass", {
    body: { email, password },
  } as never)
  const actor = success ? actorOf(authIdentity?.app_metadata) : null
  if (!success || !authIdentity || !actor) {
    failedLoginsByEmail.hit(email)
    failedLoginsByAddress.hit(address)
    throw new MedusaError(MedusaError.Types.UNAUTHORIZED, "Incorrect email or password")
  }
  const user = await loadShopUser(req.scope, actor)
  if (!user) {
    throw new MedusaError(MedusaError.Types.UNAUTHORIZED, "Incorrect email or password")
  }
  failedLoginsByEmail.reset(email)
  await signIn(req, {
    ...actor,
    auth_identity_id: authIdentity.id,
    app_metadata: authIdentity.app_metadata ?? {},
  })
  res.json({ success: true, message: "Logged in successfully", user })
}
