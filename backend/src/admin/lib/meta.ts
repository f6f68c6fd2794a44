import {
  formatDateTime,
  isMetaPixelId,
  META_PIXEL_ID_MESSAGE,
  META_PURCHASE_STATE_LABELS,
  type MetaPurchaseState,
  type MetaPurchaseView,
} from "@shop/contract"

/**
 * Meta ads in the admin: the order dialog's line about the
 * server's Purchase, the editor's pixel check, the list's Purchases sent.
 * The server stays the authority; these only shape what is shown and sent.
 */

export const META_STATE_COLORS: Record<MetaPurchaseState, "grey" | "blue" | "green" | "orange" | "red"> = {
  not_sent: "grey",
  pending: "blue",
  sent: "green",
  failed: "orange",
  given_up: "red",
}

/** What follows "Meta Purchase:" in the order dialog: not sent, sending, sent at, failed with the reason, given up with the reason. */
export function metaPurchaseLine(view: MetaPurchaseView | null | undefined): string {
  if (!view) return "none (no Meta pixel on this order's page)"
  switch (view.state) {
    case "sent":
      return `sent at ${formatDateTime(view.sentAt)}`
    case "pending":
      return "sending"
    case "failed":
      return `failed: ${view.reason ?? "Meta could not be reached"}${view.nextAttemptAt ? ` (tries again at ${formatDateTime(view.nextAttemptAt)})` : ""}`
    case "given_up":
      return `given up: ${view.reason ?? "Meta refused it"}`
    default:
      return view.reason
        ? `not sent: ${view.reason.replace(/^(Waiting|Not sent): /, "")}`
        : "not sent (waiting for the order to be confirmed)"
  }
}

export function metaStateLabel(state: MetaPurchaseState): string {
  return META_PURCHASE_STATE_LABELS[state] ?? state
}

/** What is wrong with a pixel id typed in the editor (empty is fine: the shop's default applies), or null. */
export function metaPixelProblem(value: string): string | null {
  const v = value.trim()
  return v === "" || isMetaPixelId(v) ? null : META_PIXEL_ID_MESSAGE
}
