/**
 * Errors of calls through the sdk: a non-2xx answer becomes the sdk's FetchError
 * (status + the server's `message`); anything else (network down, bad JSON)
 * is an exception without a status.
 */

export type HttpError = Error & { status: number }

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof Error && typeof (error as { status?: unknown }).status === "number"
}

/** The server's message of a rejected call, else `fallback`. */
export function serverMessage(error: unknown, fallback: string): string {
  if (isHttpError(error) && error.message && error.message !== "Internal Server Error") return error.message
  return fallback
}

/** Thrown when the server answers 2xx with `success: false`. */
export class ApiFailure extends Error {
  readonly status = 200
  constructor(message: string) {
    super(message)
    this.name = "ApiFailure"
  }
}

/** Returns the body when it reports success, else throws its message (or `fallback`). */
export function ensureSuccess<T extends { success?: boolean; message?: string }>(body: T, fallback: string): T {
  if (!body || body.success === false) throw new ApiFailure(body?.message || fallback)
  return body
}
