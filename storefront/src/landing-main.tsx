import { StrictMode } from "react"
import { createRoot, hydrateRoot } from "react-dom/client"
import { LandingApp } from "./app/landing-app"
import { readSsrState, type LandingState } from "./lib/ssr-state"

import "./base.css"

/**
 * Entry of the landing pages (landing.html): /landing/{slug} and
 * /order-confirmation. The storefront server renders the landing page into
 * #root and hands its data over; the app hydrates that HTML. The confirmation
 * is rendered here (its order is the tab's history state).
 */
const root = document.getElementById("root")
if (!root) throw new Error("Missing #root element in landing.html")

const state = readSsrState<LandingState>()
const app = (
  <StrictMode>
    <LandingApp path={window.location.pathname} page={state?.page} pictures={state?.pictures} />
  </StrictMode>
)
if (state && root.firstElementChild) hydrateRoot(root, app)
else createRoot(root).render(app)
