import type { DehydratedState } from "@tanstack/react-query"
import type { LandingPage, Pictures } from "@shop/contract"

/**
 * The data a page was rendered with on the storefront server, handed to the
 * app in the HTML as `<script type="application/json" id="shop-state">` (a
 * data block: no script runs, so the Content-Security-Policy stays strict),
 * so the app takes the HTML over without asking for the same data again.
 */
export const SSR_STATE_ID = "shop-state"

/** JSON for inside a <script> element: no "</script>" or "<!--" can end or bend it. */
export function serializeState(state: unknown): string {
  return JSON.stringify(state)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029")
}

/** The state the server rendered the page with, or undefined (no such block: the app renders alone). */
export function readSsrState<T>(): T | undefined {
  const element = document.getElementById(SSR_STATE_ID)
  if (!element?.textContent) return undefined
  try {
    return JSON.parse(element.textContent) as T
  } catch {
    return undefined
  }
}

/** A landing page's state: its data, null when the server found no such published page, and its pictures. */
export type LandingState = { page: LandingPage | null; pictures?: Pictures }

/** A shop page's state: the react-query cache the server rendered it from (dehydrated). */
export type ShopState = { queries: DehydratedState }
