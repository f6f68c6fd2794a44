import type { OrderConfirmationData } from "../api/create-landing-order"

/**
 * Where the landing page is in the tab: its own path or /order-confirmation.
 * The landing app is not the shop's router (it must stay small), so it keeps
 * history the way react-router does: the navigation state under
 * `history.state.usr`, which the shop's /order-confirmation route reads too,
 * and a reload of the confirmation keeps it.
 */
export const CONFIRMATION_PATH = "/order-confirmation"

/** Opens the confirmation of an order just placed (a new history entry; Back returns to the page). */
export function showConfirmation(orderData: OrderConfirmationData): void {
  const previous = (window.history.state ?? {}) as { idx?: unknown }
  const idx = typeof previous.idx === "number" ? previous.idx + 1 : 1
  window.history.pushState(
    { usr: { orderData }, key: Math.random().toString(36).slice(2, 10), idx },
    "",
    CONFIRMATION_PATH
  )
  window.scrollTo(0, 0)
  window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }))
}

/** The navigation state of the current history entry (what react-router calls location.state). */
export function currentNavigationState(): unknown {
  return (window.history.state as { usr?: unknown } | null)?.usr ?? null
}

export function subscribeToLocation(listener: () => void): () => void {
  window.addEventListener("popstate", listener)
  return () => window.removeEventListener("popstate", listener)
}
