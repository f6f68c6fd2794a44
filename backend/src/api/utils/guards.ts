import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { sessionActor } from "./session"

/** /api/admin/...: 401 without a session, 403 for anyone but an admin user. */
export async function requireAdmin(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  try {
    const actor = sessionActor(req)
    if (!actor) {
      throw new MedusaError(MedusaError.Types.UNAUTHORIZED, "Please sign in first")
    }
    if (actor.actor_type !== "user") {
      throw new MedusaError(MedusaError.Types.FORBIDDEN, "Only admins may do this")
    }
    const [user] = await req.scope.resolve(Modules.USER).listUsers({ id: actor.actor_id })
    if (!user) {
      throw new MedusaError(MedusaError.Types.UNAUTHORIZED, "Please sign in first")
    }
    next()
  } catch (error) {
    next(error)
  }
}
