import { hydrate, QueryClientProvider, type DehydratedState, type QueryClient } from "@tanstack/react-query"
import { useState, type ReactNode } from "react"
import { Toaster } from "@/components/ui/toast"
import { createQueryClient } from "@/lib/react-query"
import { AppErrorBoundary } from "./error-boundary"

/**
 * The data a page was rendered with, as fresh as the page itself: it counts
 * from now, whatever the server's clock said, so the first render does not
 * ask for it again.
 */
function clientWith(queries: DehydratedState | undefined): QueryClient {
  const client = createQueryClient()
  if (queries) {
    const now = Date.now()
    hydrate(client, {
      ...queries,
      queries: queries.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })),
    })
  }
  return client
}

/** App-wide providers: the error boundary, the one QueryClient and the shop-wide notices. */
export function AppProvider({
  children,
  queries,
  client,
}: {
  children: ReactNode
  queries?: DehydratedState
  /** The storefront server's client for one render, filled with the page's data. */
  client?: QueryClient
}) {
  const [queryClient] = useState(() => client ?? clientWith(queries))
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </AppErrorBoundary>
  )
}
