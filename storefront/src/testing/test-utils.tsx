import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { render } from "@testing-library/react"
import { createMemoryRouter, RouterProvider } from "react-router-dom"
import { vi } from "vitest"
import { LandingApp } from "@/app/landing-app"
import { routes } from "@/app/router"
import { Toaster } from "@/components/ui/toast"
import { currentNavigationState } from "@/features/landing/utils/navigation"
import { queryConfig } from "@/lib/react-query"
import type { LandingPage } from "@shop/contract"

/** Renders the real route table at `url` (optionally with navigation state), a fresh QueryClient and the notices. */
export function renderApp(url: string, state?: unknown) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { ...queryConfig.queries, retry: false } },
  })
  const router = createMemoryRouter(routes, { initialEntries: [state === undefined ? url : { pathname: url, state }] })
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  )
  return { ...view, router, queryClient }
}

/**
 * Renders the landing app (landing.html's) at `url`, as the browser opens it:
 * the tab's location is `url`; `page` is the data the server rendered it with
 * (omitted: the app loads it). `router` reads and moves the tab's location.
 */
export function renderLandingApp(url: string, options: { page?: LandingPage | null; state?: unknown } = {}) {
  // the tab is at `url` (a query already in the address, as an ad's fbclid, is kept)
  const search = window.location.pathname === url ? window.location.search : ""
  window.history.replaceState(
    options.state === undefined ? null : { usr: options.state, key: "test", idx: 0 },
    "",
    url + search
  )
  const view = render(<LandingApp path={url} page={options.page} />)
  const router = {
    state: {
      get location() {
        return { pathname: window.location.pathname, state: currentNavigationState() }
      },
    },
    /** Another page of the same tab, as a link or the back button would open it. */
    navigate(path: string) {
      window.history.pushState(null, "", path)
      window.dispatchEvent(new PopStateEvent("popstate"))
    },
  }
  return { ...view, router }
}

type JsonRoute = (url: URL, init: RequestInit | undefined) => { status?: number; body: unknown }

/**
 * Replaces global fetch (the network edge under the one sdk instance) with
 * a JSON responder; returns the mock so tests can read the requested URLs.
 */
export function stubFetch(respond: JsonRoute) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    const { status = 200, body } = respond(url, init)
    return new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    })
  })
  vi.stubGlobal("fetch", fetchMock)
  return fetchMock
}

/** The URLs fetch was called with, in order. */
export function requestedUrls(fetchMock: ReturnType<typeof stubFetch>): URL[] {
  return fetchMock.mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
}
