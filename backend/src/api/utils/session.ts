import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { ShopActor } from "../../read-models/users"

type AuthContext = ShopActor & { auth_identity_id: string; app_metadata: Record<string, unknown> }
type ShopSession = {
  auth_context?: AuthContext
  regenerate: (cb: (err?: unknown) => void) => void
  destroy: (cb: (err?: unknown) => void) => void
}

export const SESSION_COOKIE = "connect.sid"

function session(req: MedusaRequest): ShopSession {
  // MedusaRequest types the express-session it carries as `any`
  const current: ShopSession = req.session
  return current
}

/** The signed-in actor of this request's session cookie, if any. */
export function sessionActor(req: MedusaRequest): AuthContext | null {
  const ctx = session(req)?.auth_context
  return ctx && (ctx.actor_type === "user" || ctx.actor_type === "customer") && ctx.actor_id ? ctx : null
}

/**
 * Signs the request's session in as `context`, on a new session id (no
 * fixation). Medusa's own `authenticate(..., ["session"])` reads the same
 * auth_context, so an admin signed in here is signed in to Medusa Admin too.
 */
export function signIn(req: MedusaRequest, context: AuthContext): Promise<void> {
  return new Promise((resolve, reject) => {
    session(req).regenerate((err) => {
      if (err) return reject(err)
      session(req).auth_context = context
      resolve()
    })
  })
}

export function signOut(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  return new Promise((resolve) => {
    const current = session(req)
    res.clearCookie(SESSION_COOKIE, { path: "/" })
    if (!current) return resolve()
    current.destroy(() => resolve())
  })
}

export function noCache(res: MedusaResponse): void {
  res.set({
    "Cache-Control": "no-store, no-cache, must-revalidate, proxy-revalidate",
    Pragma: "no-cache",
    Expires: "0",
  })
}

/**
 * A signed-in visitor's /api answers are theirs alone: `Cache-Control:
 * private, no-store` (no browser, proxy or CDN keeps them), unless the route
 * sets its own. Public reads without a session keep what their route says.
 */
export function privateWhenSignedIn(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  if (sessionActor(req)) res.setHeader("Cache-Control", "private, no-store")
  next()
}
