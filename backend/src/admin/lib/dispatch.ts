import {
  formatDateTime,
  ORDER_SOURCE_LABELS,
  PRINTED_COUNT_HEADER,
  type OrderDispatch,
  type PrintOrdersRequest,
} from "@shop/contract"
import { isAnswered, serverMessage } from "./errors"
import { sdk } from "./sdk"

/** A file the server answered (the PDF, the CSV): its bytes and the name it gave. */
export type AnsweredFile = { blob: Blob; filename: string; count: number | null }

/**
 * POSTs JSON through the SDK to a route that answers a file (not JSON: the
 * SDK then hands back the response itself); a refusal throws the SDK's
 * FetchError with the server's message and status.
 */
export async function postForFile(path: string, body: Record<string, unknown>): Promise<AnsweredFile> {
  const res = await sdk.client.fetch<Response>(path, {
    method: "POST",
    body,
    headers: { accept: "application/pdf, text/csv" },
  })
  const disposition = res.headers.get("content-disposition") ?? ""
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "download"
  const count = res.headers.get(PRINTED_COUNT_HEADER)
  return { blob: await res.blob(), filename, count: count === null ? null : Number(count) }
}

/** A print refused for holding orders printed before: the server's question (it names them). */
export function printedBefore(error: unknown): string | null {
  return isAnswered(error) && error.status === 409 ? (serverMessage(error) ?? "Print these orders again?") : null
}

/** Hands the browser a file to save (the admin then opens or prints it). */
export function saveFile(file: AnsweredFile) {
  const url = URL.createObjectURL(file.blob)
  const link = document.createElement("a")
  link.href = url
  link.download = file.filename
  document.body.appendChild(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

export const printRequest = (orderIds: string[] | "today", reprint = false): PrintOrdersRequest =>
  orderIds === "today"
    ? { today: true, ...(reprint ? { reprint } : {}) }
    : { orderIds, ...(reprint ? { reprint } : {}) }

/** "Printed" and how often, for the list's badge; null never printed. */
export function printedLabel(dispatch: OrderDispatch | undefined): string | null {
  if (!dispatch?.printedAt) return null
  return dispatch.printCount > 1 ? `Printed ×${dispatch.printCount}` : "Printed"
}

/** The badge of an order staff took (phone, Messenger); none for the shop's and landing pages' own. */
export function takenLabel(dispatch: OrderDispatch | undefined): string | null {
  if (!dispatch || (dispatch.source !== "phone" && dispatch.source !== "messenger")) return null
  return ORDER_SOURCE_LABELS[dispatch.source]
}

/** The order's dispatch in words for its details: who took it, and when its papers were last printed. */
export function dispatchLine(dispatch: OrderDispatch | undefined): string | null {
  if (!dispatch) return null
  const taken = takenLabel(dispatch)
  const parts = [
    taken ? `Taken by ${taken.toLowerCase()}${dispatch.takenBy ? ` (${dispatch.takenBy})` : ""}` : null,
    dispatch.printedAt
      ? `Printed ${formatDateTime(dispatch.printedAt)}${dispatch.printCount > 1 ? ` (${dispatch.printCount} times)` : ""}`
      : null,
  ].filter(Boolean)
  return parts.length ? parts.join(" · ") : null
}
