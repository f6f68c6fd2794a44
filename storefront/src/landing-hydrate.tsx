import { StrictMode } from "react"
import { createRoot, hydrateRoot } from "react-dom/client"
import { LandingApp } from "./app/landing-app"
import { AfterFirstCommit, firstCommit } from "./lib/after-first-commit"
import { readSsrState, type LandingState } from "./lib/ssr-state"

/**
 * The landing app takes over #root: hydrates the server's HTML when the page
 * came with its data, else renders alone (the confirmation, a page not found).
 * `onReady` runs once it has, after what the shopper typed meanwhile is handed over and rendered.
 */
export function startLandingApp(onReady: () => void): void {
  const root = document.getElementById("root")
  if (!root) throw new Error("Missing #root element in landing.html")
  const state = readSsrState<LandingState>()
  const hydrating = Boolean(state && root.firstElementChild)
  const onCommit = firstCommit(root, hydrating, onReady)
  const app = (
    <StrictMode>
      <LandingApp path={window.location.pathname} page={state?.page} pictures={state?.pictures} />
      <AfterFirstCommit onCommit={onCommit} />
    </StrictMode>
  )
  if (hydrating) hydrateRoot(root, app)
  else createRoot(root).render(app)
}
