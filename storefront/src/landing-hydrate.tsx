import { StrictMode, useEffect } from "react"
import { createRoot, hydrateRoot } from "react-dom/client"
import { LandingApp } from "./app/landing-app"
import { handOverEdits } from "./lib/late-start"
import { readSsrState, type LandingState } from "./lib/ssr-state"

/** Calls `onCommit` once, after the app's first commit (its effects run after its children's). */
function AfterFirstCommit({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit])
  return null
}

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
  let ready = false
  const onCommit = () => {
    if (ready) return
    ready = true
    if (hydrating) handOverEdits(root)
    // the handed-over values are the form's state only once the render they cause is done (a task
    // later): a tap held until now (lib/late-start.ts) is made again after it, or it would submit
    // the form as rendered, empty
    window.setTimeout(onReady, 0)
  }
  const app = (
    <StrictMode>
      <LandingApp path={window.location.pathname} page={state?.page} pictures={state?.pictures} />
      <AfterFirstCommit onCommit={onCommit} />
    </StrictMode>
  )
  if (hydrating) hydrateRoot(root, app)
  else createRoot(root).render(app)
}
