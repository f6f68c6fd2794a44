/**
 * One call to an SMS gateway, which answers JSON: no redirect is followed, at most 256 KB of the answer is read, a
 * body that is not a JSON object reads as {} (a list as { data: [...] }).
 * A time-out or a network fault throws ServiceUnreachable; every answer,
 * whatever its status, comes back for the caller to read.
 */
export type JsonAnswer = { status: number; body: Record<string, unknown> }

export type JsonRequest = {
  method: "GET" | "POST"
  headers?: Record<string, string>
  /** sent as JSON, or as a form when it is URLSearchParams */
  body?: unknown
}

export class ServiceUnreachable extends Error {
  constructor(readonly timedOut: boolean) {
    super(timedOut ? "no answer in time" : "cannot be reached")
  }
}

const MAX_ANSWER_BYTES = 256 * 1024

export async function jsonCall(url: string, init: JsonRequest, timeoutMs: number): Promise<JsonAnswer> {
  const form = init.body instanceof URLSearchParams
  let response: Response
  let text: string
  try {
    response = await fetch(url, {
      method: init.method,
      headers: {
        Accept: "application/json",
        ...(init.body !== undefined && {
          "Content-Type": form ? "application/x-www-form-urlencoded" : "application/json",
        }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : form ? String(init.body) : JSON.stringify(init.body),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error",
    })
    text = (await response.text()).slice(0, MAX_ANSWER_BYTES)
  } catch (error) {
    throw new ServiceUnreachable((error as { name?: string })?.name === "TimeoutError")
  }
  let body: Record<string, unknown> = {}
  try {
    const parsed: unknown = text ? JSON.parse(text) : {}
    if (Array.isArray(parsed)) body = { data: parsed }
    else if (parsed && typeof parsed === "object") body = parsed as Record<string, unknown>
  } catch {
    body = {}
  }
  return { status: response.status, body }
}
