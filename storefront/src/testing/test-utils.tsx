import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';

import { routes } from '@/app/router';
import { Toaster } from '@/components/ui/toast';
import { queryConfig } from '@/lib/react-query';

/** Renders the real route table at `url` (optionally with navigation state), a fresh QueryClient and the notices. */
export function renderApp(url: string, state?: unknown) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { ...queryConfig.queries, retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [state === undefined ? url : { pathname: url, state }] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

type JsonRoute = (url: URL, init: RequestInit | undefined) => { status?: number; body: unknown };

/**
 * Replaces global fetch (the network edge under the one sdk instance) with
 * a JSON responder; returns the mock so tests can read the requested URLs.
 */
export function stubFetch(respond: JsonRoute) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const { status = 200, body } = respond(url, init);
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The URLs fetch was called with, in order. */
export function requestedUrls(fetchMock: ReturnType<typeof stubFetch>): URL[] {
  return fetchMock.mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : String(input)));
}
