import type { ApiAnswer } from "@shop/contract"
import type { HttpError as ApiHttpError } from "./api-error"
import { config } from "./config"

/**
 * The landing page's HTTP client: plain fetch against the same origin, in the
 * shape of the sdk's calls (JSON in and out, the session cookie, the
 * publishable key) and of its errors (an Error with the HTTP `status`,
 * `statusText` and the server's `message`), so lib/api-error reads both.
 *
 * Why not the sdk: the landing page must load in a few kilobytes on a cheap
 * phone (its budget: at most 60 KB of gzipped JavaScript, React included), and
 * the sdk with its query-string library alone is about 30 KB. The shop app
 * keeps the sdk.
 */

/** lib/api-error's HttpError, with the answer's status text and its `data` when it carried one. */
export type HttpError = ApiHttpError & { statusText: string; data?: unknown }

export type ApiRequest = {
  method?: "GET" | "POST"
  body?: unknown
  keepalive?: boolean
  cache?: RequestCache
  /** More request headers (an order's Idempotency-Key). */
  headers?: Record<string, string>
}

function httpError(status: number, statusText: string, message: string | undefined, data?: unknown): HttpError {
  return Object.assign(new Error(message || statusText || `HTTP ${status}`), { status, statusText, data })
}

/**
 * The JSON body of a 2xx answer (undefined for 204); a non-2xx answer throws an
 * HttpError. `T` is the route's answer type from @shop/contract, the one its
 * handler `satisfies`, so the two cannot drift apart.
 */
export async function apiFetch<T extends ApiAnswer | undefined>(path: string, request: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json", ...request.headers }
  if (request.body !== undefined) headers["content-type"] = "application/json"
  if (config.publishableKey) headers["x-publishable-api-key"] = config.publishableKey
  const response = await fetch(new URL(path, window.location.origin), {
    method: request.method ?? "GET",
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    credentials: "same-origin",
    keepalive: request.keepalive,
    cache: request.cache,
  })
  const text = response.status === 204 ? "" : await response.text()
  let body: unknown
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    body = undefined
  }
  if (!response.ok) {
    const { message, data } = (body ?? {}) as { message?: unknown; data?: unknown }
    throw httpError(response.status, response.statusText, typeof message === "string" ? message : undefined, data)
  }
  return body as T
}
