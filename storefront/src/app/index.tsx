import type { DehydratedState } from "@tanstack/react-query"
import { AppProvider } from "./provider"
import { AppRouter } from "./router"

/** The shop app; `queries`: the data the storefront server rendered the page with. */
export function App({ queries }: { queries?: DehydratedState }) {
  return (
    <AppProvider queries={queries}>
      <AppRouter />
    </AppProvider>
  )
}
