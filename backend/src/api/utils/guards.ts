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

/**
 * Routes naming a customer (`:userId` in the path or `userId` in the body):
 * only that customer's own session, or an admin. 401 without a session.
 */
export function requireSelfOrAdmin(source: "params" | "body" = "params") {
  return async (req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) => {
    try {
      const actor = sessionActor(req)
      if (!actor) {
        throw new MedusaError(MedusaError.Types.UNAUTHORIZED, "Please sign in first")
      }
      const container = source === "params" ? req.params : (req.body as Record<string, unknown> | undefined)
      const userId = container?.userId
      if (typeof userId !== "string" || !userId) {
        throw new MedusaError(MedusaError.Types.INVALID_DATA, "userId is required")
      }
      if (actor.actor_type === "customer" && actor.actor_id === userId) {
        return next()
      }
      if (actor.actor_type === "user") {
        const [user] = await req.scope.resolve(Modules.USER).listUsers({ id: actor.actor_id })
        if (user) return next()
      }
      throw new MedusaError(MedusaError.Types.FORBIDDEN, "You can only use your own account")
    } catch (error) {
      next(error)
    }
  }
}
