import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import type { z } from "@medusajs/framework/zod"

/** Readable one-line message from a zod error: the first issue, with its field. */
export function zodMessage(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) {
    return "Invalid request"
  }
  if (issue.code === "unrecognized_keys") {
    return `Unknown parameter: ${issue.keys.join(", ")}`
  }
  // Our schemas give every rule a message of its own; zod's generic ones
  // ("Invalid input...", "Too small...") get the field's name in front.
  const field = issue.path.join(".")
  const generic = /^(Invalid|Too (small|big)|Expected|Unrecognized)/.test(issue.message)
  return generic && field ? `${field}: ${issue.message}` : issue.message
}

/** Validates the query string; the parsed value is on `req.validatedQuery`. */
export function validateShopQuery(schema: z.ZodTypeAny) {
  return (req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) => {
    const result = schema.safeParse(req.query)
    if (!result.success) {
      return next(new MedusaError(MedusaError.Types.INVALID_DATA, zodMessage(result.error)))
    }
    req.validatedQuery = result.data as MedusaRequest["validatedQuery"]
    next()
  }
}

/** Validates a JSON body; the parsed value is on `req.validatedBody`. */
export function validateShopBody(schema: z.ZodTypeAny) {
  return (req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) => {
    if (!req.is("application/json")) {
      return next(new MedusaError(MedusaError.Types.INVALID_DATA, "Send the request body as JSON (Content-Type: application/json)"))
    }
    const body = req.body
    if (body === null || typeof body !== "object" || Array.isArray(body)) {
      return next(new MedusaError(MedusaError.Types.INVALID_DATA, "The request body must be a JSON object"))
    }
    const result = schema.safeParse(body)
    if (!result.success) {
      return next(new MedusaError(MedusaError.Types.INVALID_DATA, zodMessage(result.error)))
    }
    req.validatedBody = result.data
    next()
  }
}
