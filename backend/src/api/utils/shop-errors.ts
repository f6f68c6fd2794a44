import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { errorHandler, getHttpResponseFromError } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"

const medusaErrorHandler = errorHandler()

/** The status each Medusa error type maps to on the spec's /api routes. */
const STATUS: Record<string, number> = {
  [MedusaError.Types.INVALID_DATA]: 400,
  [MedusaError.Types.NOT_ALLOWED]: 400,
  [MedusaError.Types.UNAUTHORIZED]: 401,
  [MedusaError.Types.FORBIDDEN]: 403,
  [MedusaError.Types.NOT_FOUND]: 404,
  [MedusaError.Types.CONFLICT]: 409,
  [MedusaError.Types.DUPLICATE_ERROR]: 409,
}

/**
 * Errors on the spec's /api routes answer `{ success: false, message }` with the
 * message the code gave (a 5xx never shows internals); every other path keeps
 * Medusa's own error format.
 */
export function shopErrorHandler() {
  return function handler(err: unknown, req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
    if (!req.path.startsWith("/api/")) {
      return medusaErrorHandler(err as never, req, res, next)
    }
    const type = (err as { type?: string })?.type
    let status = (type && STATUS[type]) || getHttpResponseFromError(err as never).statusCode
    // Workflow runs rethrow step errors as plain objects, so read the message off either.
    const raw = (err as { message?: unknown })?.message
    let message = typeof raw === "string" && raw ? raw : "Something went wrong"
    // body-parser and friends: malformed JSON, too large, wrong charset...
    const httpStatus = (err as { status?: number; statusCode?: number })?.statusCode
    if (typeof httpStatus === "number" && httpStatus >= 400 && httpStatus < 500) {
      status = httpStatus
      message = httpStatus === 413 ? "Request body is too large" : "Malformed request body"
    }
    if (status >= 500) {
      const logger = req.scope?.resolve("logger") as { error: (e: unknown) => void } | undefined
      ;(logger ?? console).error(err)
      message = "Something went wrong. Please try again."
    }
    res.status(status).json({ success: false, message })
  }
}
