import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

/** Helpers shared by the doors on Medusa's own routes (see index.ts). */

export type Handler = (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => unknown

/** Medusa's error shape on its own routes: `{ type, message }`. */
export function refuse(res: MedusaResponse, status: number, message: string) {
  const type = status === 404 ? "not_found" : status === 409 ? "conflict" : status === 400 ? "invalid_data" : "not_allowed"
  res.status(status).json({ type, message })
}

/** Runs middlewares one after another, as Express would. */
export function chain(...handlers: Handler[]): Handler {
  return (req, res, next) => {
    const run = (i: number, err?: unknown): unknown => {
      if (err || i === handlers.length) return next(err)
      try {
        return handlers[i](req, res, (e?: unknown) => run(i + 1, e))
      } catch (e) {
        return next(e)
      }
    }
    return run(0)
  }
}

/** The path below the matcher, split: "/customer/emailpass/register" -> ["customer", "emailpass", "register"]. */
export const segments = (req: MedusaRequest) => req.path.split("/").filter(Boolean)

/** The signed-in customer of a /store request (Medusa's auth has run), or null. */
export function storeCustomer(req: MedusaRequest): string | null {
  const ctx = (req as unknown as { auth_context?: { actor_type?: string; actor_id?: string } }).auth_context
  return ctx?.actor_type === "customer" && ctx.actor_id ? ctx.actor_id : null
}

