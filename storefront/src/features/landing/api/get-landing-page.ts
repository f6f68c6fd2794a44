import { queryOptions, useQuery } from '@tanstack/react-query';

import { LANDING_NOT_FOUND, type LandingPage } from '@shop/contract';

import { sdk } from '@/lib/sdk';

export type { FontFamily, LandingPage, LandingProduct } from '@shop/contract';
export type LandingHero = LandingPage['hero'];
export type LandingBenefit = LandingPage['benefits'][number];
export type LandingTestimonial = LandingPage['testimonials'][number];

type GetLandingPageResponse = { success: boolean; message?: string; data?: LandingPage | null };

export { LANDING_NOT_FOUND };
export const LANDING_LOAD_FAILED = 'Failed to load landing page';

/**
 * Why a landing page could not be shown. `status` follows the HTTP status so
 * the app's retry rule (no retry on 4xx) applies; a network failure has none.
 */
export class LandingPageError extends Error {
  readonly kind: 'not-found' | 'failed';
  readonly status: number | undefined;

  constructor(kind: 'not-found' | 'failed', status?: number) {
    super(kind === 'not-found' ? LANDING_NOT_FOUND : LANDING_LOAD_FAILED);
    this.name = 'LandingPageError';
    this.kind = kind;
    this.status = status;
  }
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

export async function getLandingPage(slug: string): Promise<LandingPage> {
  let response: GetLandingPageResponse;
  try {
    response = await sdk.client.fetch<GetLandingPageResponse>(`/api/landing/${encodeURIComponent(slug)}`, {
      // Every read counts one view: never from an HTTP cache.
      cache: 'no-store',
    });
  } catch (error) {
    const status = statusOf(error);
    throw status === 404 ? new LandingPageError('not-found', 404) : new LandingPageError('failed', status);
  }
  // "load reports no success" (SPEC section 8) reads as not found.
  if (!response?.success || !response.data) throw new LandingPageError('not-found', 404);
  return response.data;
}

export const landingKeys = {
  all: ['landing'] as const,
  pages: () => [...landingKeys.all, 'page'] as const,
  page: (slug: string) => [...landingKeys.pages(), slug] as const,
};

/**
 * Each GET counts a view, so a visit fetches the page once: the data never
 * goes stale, and focus, reconnect or remount do not ask again. 4xx answers are
 * not retried (the app-wide rule in lib/react-query.ts).
 */
export function getLandingPageQueryOptions(slug: string) {
  return queryOptions({
    queryKey: landingKeys.page(slug),
    queryFn: () => getLandingPage(slug),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchOnMount: false,
  });
}

export function useLandingPage(slug: string) {
  return useQuery(getLandingPageQueryOptions(slug));
}
