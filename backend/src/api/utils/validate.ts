import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "@medusajs/framework/zod"

/**
 * A string of at most `max` characters, checked before anything else looks at
 * it: the check aborts, so no trim, pattern, refine or transform chained after
 * it ever runs on a longer value (in zod 4 a failed plain `.max` does not stop
 * a later `.refine` or `.regex`). Without `tooLong` the message is zod's,
 * after the field's name.
 */
export function capped(max: number, tooLong?: string, notText?: string) {
  return z.string(notText === undefined ? undefined : { error: notText }).max(max, { error: tooLong, abort: true })
}

/**
 * The issue to report. A union whose every branch was refused says only
 * "invalid input"; when a branch was refused for its length (a `capped`
 * string), that says more, as zod itself would without the abort.
 */
function reported(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== "invalid_union") return issue
  const tooBig = issue.errors.flat().find((i) => i.code === "too_big")
  return tooBig ? { ...tooBig, path: [...issue.path, ...tooBig.path] } : issue
}

/** Readable one-line message from a zod error: the first issue, with its field. */
export function zodMessage(error: z.ZodError): string {
  const first = error.issues[0]
  if (!first) {
    return "Invalid request"
  }
  const issue = reported(first)
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
      return next(
        new MedusaError(
          MedusaError.Types.INVALID_DATA,
          "Send the request body as JSON (Content-Type: application/json)"
        )
      )
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

type SameKeys<A, B> = [Exclude<keyof A, keyof B> | Exclude<keyof B, keyof A>] extends [never] ? true : false

/**
 * A validator and the contract's request type it checks, tied at compile
 * time: `Request` must be something the schema's input type takes (else tsc
 * names the field that drifted), and the two must name the same fields (else
 * Ties is false). What the schema then makes of a request (defaults, trims,
 * transforms) is its own business. Use it with Holds, next to the schema:
 * `type _Tied = Holds<Ties<typeof LoginSchema, LoginRequest>>`.
 */
export type Ties<Schema extends z.ZodType, Request extends z.input<Schema>> = SameKeys<Request, z.input<Schema>>

/** Fails tsc unless its argument is true ("Type 'false' does not satisfy the constraint 'true'"). */
export type Holds<T extends true> = T
