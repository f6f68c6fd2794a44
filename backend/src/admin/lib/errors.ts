/**
 * Which words a failed call shows. An error that carries an HTTP status came
 * back from the server (the SDK's FetchError, or an answer with
 * `success: false`); its message is the server's. Anything else (network
 * down, broken JSON) never reached an answer.
 */
export type AnsweredError = Error & { status: number; statusText?: string }

export function isAnswered(error: unknown): error is AnsweredError {
  return error instanceof Error && typeof (error as { status?: unknown }).status === "number"
}

/** The server's own message, if the server sent one. */
export function serverMessage(error: unknown): string | null {
  if (!isAnswered(error)) return null
  const message = error.message?.trim()
  if (!message || message === error.statusText) return null
  return message
}

/** The server's message, else `fallback` (e.g. 'Something went wrong'). */
export function messageOr(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback
}

/**
 * The landing editor's upload wording (SPEC.md section 8): a server refusal
 * shows its message or 'Upload failed'; a request that failed on the way
 * shows 'Failed to upload image'.
 */
export function uploadErrorMessage(error: unknown): string {
  if (isAnswered(error)) return serverMessage(error) ?? "Upload failed"
  return "Failed to upload image"
}

/** An `{ success: false, message }` answer that came with a 2xx status. */
export class ShopApiError extends Error {
  status: number
  statusText: string
  constructor(message: string, status = 200) {
    super(message)
    this.name = "ShopApiError"
    this.status = status
    this.statusText = ""
  }
}
