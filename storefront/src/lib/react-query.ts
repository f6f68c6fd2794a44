import { MutationCache, QueryCache, QueryClient, type DefaultOptions } from "@tanstack/react-query"
import { authKeys } from "./auth"

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === "number" ? status : undefined
}

function isClientError(error: unknown): boolean {
  const status = statusOf(error)
  return status !== undefined && status >= 400 && status < 500
}

export const queryConfig = {
  queries: {
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    // A 4xx will not get better by asking again.
    retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
  },
} satisfies DefaultOptions

export function createQueryClient(): QueryClient {
  // A 401 from any call means the session is gone (expired, signed out
  // elsewhere): check it again, so the guards and the header follow.
  const onError = (error: unknown) => {
    if (statusOf(error) === 401) void client.invalidateQueries({ queryKey: authKeys.user })
  }
  const client: QueryClient = new QueryClient({
    defaultOptions: queryConfig,
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
  })
  return client
}
