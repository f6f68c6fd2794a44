import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { errorHandler, getHttpResponseFromError } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { TOO_MANY_REQUESTS } from "#app/lib/rate-limit"
import type { ApiAnswer } from "@shop/contract"

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
  // a courier (src/modules/couriers/http.ts): refused the parcel, or down or slow
  courier_refused: 422,
  courier_unavailable: 502,
  // Meta's Ads Insights (workflows/steps/ad-spend.ts): refused the read (the account, the token), or down
  meta_refused: 422,
  meta_unavailable: 502,
  // over a limit counted inside a workflow (src/lib/rate-limit.ts tooManyRequests: orders, messages, phone codes)
  [TOO_MANY_REQUESTS]: 429,
}

/** The Retry-After (seconds) a refusal over a limit carries (at least 1). */
export function retryAfterSeconds(err: unknown): number {
  const seconds = Number((err as { retry_after_seconds?: unknown })?.retry_after_seconds)
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60
}

/** The 4xx a shop refusal (a MedusaError the shop's code threw) answers, or null for anything else. */
export function shopRefusalStatus(err: unknown): number | null {
  const type = (err as { type?: string })?.type
  const status = type ? STATUS[type] : undefined
  return status && status < 500 ? status : null
}

/** Network errors and PostgreSQL states that mean "the database cannot be reached right now". */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "57P01", // admin_shutdown: terminating connection due to administrator command
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: the database system is starting up / shutting down
  "53300", // too_many_connections
  "08000", // connection_exception
  "08001", // sqlclient_unable_to_establish_sqlconnection
  "08003", // connection_does_not_exist
  "08006", // connection_failure
])
const UNAVAILABLE_NAMES = new Set(["KnexTimeoutError", "ConnectionException"])
// ("Transaction query already complete": knex, when the connection under a transaction was cut)
const UNAVAILABLE_MESSAGE =
  /Connection terminated|terminating connection|Timeout acquiring a connection|the database system is|Client has encountered a connection error|Connection ended unexpectedly|not queryable|Transaction query already complete|connect ECONNREFUSED/i

/**
 * Whether an error (or one it wraps: workflow runs rethrow step errors as
 * plain objects, knex and MikroORM wrap the driver's) says the database
 * cannot be reached, as while PostgreSQL restarts.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 5) return false
  const e = err as {
    code?: unknown
    name?: unknown
    message?: unknown
    cause?: unknown
    errors?: unknown
    originalError?: unknown
  }
  if (typeof e.code === "string" && UNAVAILABLE_CODES.has(e.code)) return true
  if (typeof e.name === "string" && UNAVAILABLE_NAMES.has(e.name)) return true
  if (typeof e.message === "string" && UNAVAILABLE_MESSAGE.test(e.message)) return true
  const inner = [e.cause, e.originalError, ...(Array.isArray(e.errors) ? e.errors : [])]
  return inner.some((i) => isDatabaseUnavailable(i, depth + 1))
}

/**
 * PostgreSQL states that a request's own values cause, on Medusa's routes,
 * whose validators let some through to the database: class 22 (data
 * exception: "notadate" for a timestamp, a negative LIMIT or OFFSET, a number
 * out of range), 42703 (a field or order naming no column), 42883 (an operator
 * that does not apply to the column's type) and 54001 (a value nested past
 * the database's stack).
 */
const BAD_VALUE_CODE = /^(22[0-9A-Z]{3}|42703|42883|54001)$/
const BAD_VALUE_MESSAGE =
  /invalid input syntax for type|invalid input value for enum|date\/time field value out of range|must not be negative|out of range for type|stack depth limit exceeded/i
/** MikroORM, before any SQL: an order or filter naming a property the entity does not have (Medusa Admin's lists pass `order` on). */
const NO_SUCH_PROPERTY = /^Trying to (order|query) by not existing property /

/** The PostgreSQL state of an error a request's values caused (looking into what it wraps), or null. */
export function badValueCode(err: unknown, depth = 0): string | null {
  if (!err || typeof err !== "object" || depth > 5) return null
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown; originalError?: unknown }
  if (typeof e.code === "string" && BAD_VALUE_CODE.test(e.code)) return e.code
  if (typeof e.message === "string" && BAD_VALUE_MESSAGE.test(e.message))
    return typeof e.code === "string" ? e.code : "22000"
  if (typeof e.message === "string" && NO_SUCH_PROPERTY.test(e.message)) return "42703"
  for (const inner of [e.cause, e.originalError, ...(Array.isArray(e.errors) ? e.errors : [])]) {
    const code = badValueCode(inner, depth + 1)
    if (code) return code
  }
  return null
}

/** Medusa's error shape for a value the database could not take; the SQL stays out of the answer and the log. */
function answerBadValue(code: string, req: MedusaRequest, res: MedusaResponse) {
  const logger = req.scope?.resolve("logger") as { info: (m: string) => void } | undefined
  ;(logger ?? console).info(`Refused a value the database cannot take (${code}) at ${req.method} ${req.path}`)
  res
    .status(400)
    .json({ type: MedusaError.Types.INVALID_DATA, message: "A value in the request is not valid for its field" })
}

/** Medusa's locking module when a lock stayed taken past the step's timeout (another change of the same record). */
const LOCK_TIMEOUT = /^Failed to acquire lock for key/
const BUSY_MESSAGE = "This order is being changed right now. Please try again."

const UNAVAILABLE = {
  en: "The shop is temporarily unavailable. Please try again in a moment.",
  bn: "সাময়িক সমস্যা হচ্ছে। কিছুক্ষণ পর আবার চেষ্টা করুন।",
}

/**
 * For a server error whose shape does not say so: can the database answer a
 * trivial query right now (within a second)? Errors from a transaction cut
 * half-way by a restart come in many shapes; this tells them from bugs.
 */
async function databaseAnswers(req: MedusaRequest): Promise<boolean> {
  let knex: { raw: (sql: string) => Promise<unknown> } | undefined
  try {
    knex = req.scope?.resolve(ContainerRegistrationKeys.PG_CONNECTION) as typeof knex
  } catch {
    return true
  }
  if (!knex) return true
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), 1000)
  })
  try {
    return await Promise.race([
      knex.raw("select 1").then(
        () => true,
        () => false
      ),
      timeout,
    ])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Errors on the spec's /api routes answer `{ success: false, message }` with the
 * message the code gave (a 5xx never shows internals); a database that cannot
 * be reached answers 503 with Retry-After; every other path keeps Medusa's own
 * error format, and there a value the database refused (a date that is no
 * date, an order by no column) is a 400 whose SQL reaches neither the answer
 * nor the log.
 */
export function shopErrorHandler() {
  return function handler(err: unknown, req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
    if (!req.path.startsWith("/api/")) {
      // (a refusal of Medusa's own keeps its message)
      const badValue = shopRefusalStatus(err) ? null : badValueCode(err)
      if (badValue) return answerBadValue(badValue, req, res)
      return medusaErrorHandler(err, req, res, next)
    }
    const type = (err as { type?: string })?.type
    let status = (type && STATUS[type]) || getHttpResponseFromError(err).statusCode
    // Workflow runs rethrow step errors as plain objects, so read the message off either.
    const raw = (err as { message?: unknown })?.message
    let message = typeof raw === "string" && raw ? raw : "Something went wrong"
    if (typeof raw === "string" && LOCK_TIMEOUT.test(raw)) {
      status = 409
      message = BUSY_MESSAGE
    }
    // body-parser and friends: malformed JSON, too large, wrong charset...
    const httpStatus = (err as { status?: number; statusCode?: number })?.statusCode
    if (typeof httpStatus === "number" && httpStatus >= 400 && httpStatus < 500) {
      status = httpStatus
      message = httpStatus === 413 ? "Request body is too large" : "Malformed request body"
    }
    // a courier that is down or slow: its own clear line (the order was left as it was)
    if (status < 500 || type === "courier_unavailable") {
      if (status === 429) res.setHeader("Retry-After", String(retryAfterSeconds(err)))
      res.status(status).json({ success: false, message } satisfies ApiAnswer)
      return
    }
    const unavailable = isDatabaseUnavailable(err)
    ;(unavailable ? Promise.resolve(false) : databaseAnswers(req))
      .then((answers) => {
        if (res.headersSent) return
        const logger = req.scope?.resolve("logger") as
          { warn: (m: string) => void; error: (e: unknown) => void } | undefined
        if (!answers) {
          // PostgreSQL is down or restarting: a quick 503 the client may retry, one log line, no stack
          const detail =
            (err as { code?: string })?.code ?? (typeof raw === "string" ? raw.split(" - ").pop()!.slice(0, 200) : "")
          ;(logger ?? console).warn(`Database unavailable (${req.method} ${req.path}): ${detail}`)
          const body = req.body as { landingPageSlug?: unknown } | undefined
          const landing = typeof body?.landingPageSlug === "string" && body.landingPageSlug.trim() !== ""
          res.setHeader("Retry-After", "5")
          res
            .status(503)
            .json({ success: false, message: landing ? UNAVAILABLE.bn : UNAVAILABLE.en } satisfies ApiAnswer)
          return
        }
        ;(logger ?? console).error(err)
        res
          .status(status)
          .json({ success: false, message: "Something went wrong. Please try again." } satisfies ApiAnswer)
      })
      .catch(next)
  }
}
