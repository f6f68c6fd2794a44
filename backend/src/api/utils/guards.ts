import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { sessionActor } from "./session"

/** The session is an admin user's who still exists. */
async function isAdmin(req: MedusaRequest, actor: { actor_id: string; actor_type: string }): Promise<boolean> {
  if (actor.actor_type !== "user") return false
  const [user] = await req.scope.resolve(Modules.USER).listUsers({ id: actor.actor_id })
  return !!user
}

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
    if (!(await isAdmin(req, actor))) {
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
      if (await isAdmin(req, actor)) {
        return next()
      }
      throw new MedusaError(MedusaError.Types.FORBIDDEN, "You can only use your own account")
    } catch (error) {
      next(error)
    }
  }
}
