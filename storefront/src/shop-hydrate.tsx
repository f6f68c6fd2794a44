import { StrictMode } from "react"
import { createRoot, hydrateRoot } from "react-dom/client"
import { App } from "./app"
import { loadMatchedPages } from "./app/router"
import { AfterFirstCommit, firstCommit } from "./lib/after-first-commit"
import { startSessionCheck } from "./lib/auth"
import { readSsrState, type ShopState } from "./lib/ssr-state"

/**
 * React could not take the server's HTML over as it is (its first render here
 * did not match it: production's "Minified React error #418", then #423, #425
 * for text) and drew the page anew: said on the console in words a test or a
 * monitor can find. The first render must match the server's; what only the
 * browser knows comes after (lib/use-hydrated.ts).
 */
function reportHydrationError(error: unknown) {
  console.error(
    `[hydration] the server's HTML was drawn anew: ${error instanceof Error ? error.message : String(error)}`,
    error
  )
}

/**
 * The shop app takes over #root: hydrates the server's HTML (/, /shop/list,
 * /shop/product/{id}) with the data it was rendered from, asking for nothing
 * again, else renders the page alone. `onReady` runs once it has, after what
 * the shopper typed or chose meanwhile is handed over and rendered.
 */
export async function startShopApp(onReady: () => void): Promise<void> {
  const root = document.getElementById("root")
  if (!root) throw new Error("Missing #root element in index.html")
  const state = readSsrState<ShopState>()
  // who is signed in, asked while the page's code loads rather than after
  startSessionCheck()
  await loadMatchedPages(window.location.pathname)
  const hydrating = Boolean(state && root.firstElementChild)
  const onCommit = firstCommit(root, hydrating, onReady)
  const app = (
    <StrictMode>
      <App queries={state?.queries} />
      <AfterFirstCommit onCommit={onCommit} />
    </StrictMode>
  )
  if (hydrating) hydrateRoot(root, app, { onRecoverableError: reportHydrationError })
  else createRoot(root).render(app)
}
