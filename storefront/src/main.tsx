import { StrictMode } from "react"
import { createRoot, hydrateRoot } from "react-dom/client"
import { App } from "./app"
import { loadMatchedPages } from "./app/router"
import { startSessionCheck } from "./lib/auth"
import { readSsrState, type ShopState } from "./lib/ssr-state"
import "./styles.css"

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
 * Entry of the shop (index.html). The storefront server renders the pages a
 * guest browses (/, /shop/list, /shop/product/{id}) into #root with the data
 * they show; the app loads that page's code and hydrates the HTML with the
 * same data, asking for nothing again. Other pages render here.
 */
async function start() {
  const root = document.getElementById("root")
  if (!root) throw new Error("Missing #root element in index.html")
  const state = readSsrState<ShopState>()
  // who is signed in, asked while the page's code loads rather than after
  startSessionCheck()
  await loadMatchedPages(window.location.pathname)
  const app = (
    <StrictMode>
      <App queries={state?.queries} />
    </StrictMode>
  )
  if (state && root.firstElementChild) hydrateRoot(root, app, { onRecoverableError: reportHydrationError })
  else createRoot(root).render(app)
}

void start()
