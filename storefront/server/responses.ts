/** The storefront's own short answers: plain text, JSON, and refusals of a client. */
import type { OutgoingHttpHeaders, ServerResponse } from "node:http"
import type { Refusal } from "./limits"
import { BASE_SECURITY_HEADERS, OWN_HEADERS } from "./security-headers"

export function sendText(res: ServerResponse, status: number, text: string, extra: OutgoingHttpHeaders = {}) {
  res.writeHead(status, {
    ...OWN_HEADERS,
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    ...extra,
  })
  res.end(text)
}

export function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, {
    ...BASE_SECURITY_HEADERS,
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
  })
  res.end(JSON.stringify(body))
}

/** A refusal that says when to come back; the connection is closed (a body sent with it is not read). */
export function refuse(res: ServerResponse, { status, message, retryAfterSeconds }: Refusal) {
  res.writeHead(status, {
    ...BASE_SECURITY_HEADERS,
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
    Connection: "close",
    ...(retryAfterSeconds !== undefined && { "Retry-After": String(retryAfterSeconds) }),
  })
  res.end(JSON.stringify({ success: false, message }))
}
