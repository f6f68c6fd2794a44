import { queryOptions, useQuery } from '@tanstack/react-query';

import { sdk } from '@/lib/sdk';

/** The page's product as GET /api/landing/{slug} populates it (SPEC section 3). */
export type LandingProduct = {
  _id: string;
  title: string;
  description: string;
  image: string;
  price: number;
  /** 0 means no sale. */
  saleprice: number;
  /** The spec's alias of saleprice. */
  salePrice?: number;
  category: string;
  brand: string;
  stock: number;
  discount: number;
};

export type LandingHero = {
  headline: string;
  subheadline: string;
  heroImage: string;
  heroImages: string[];
  description: string;
  ctaButtonText: string;
  showPrice: boolean;
  showDiscount: boolean;
};

export type LandingBenefit = { icon: string; title: string; description: string };
export type LandingTestimonial = { name: string; rating: number; comment: string; image: string };
export type FontFamily = 'Inter' | 'Roboto' | 'Poppins' | 'Montserrat';

export type LandingPage = {
  _id: string;
  title: string;
  slug: string;
  /** Null when the product has been deleted or unpublished. */
  productId: LandingProduct | null;
  isActive: boolean;
  hero: LandingHero;
  benefits: LandingBenefit[];
  gallery: { images: string[]; showGallery: boolean };
  testimonials: LandingTestimonial[];
  orderForm: {
    showOrderForm: boolean;
    fields: string[];
    showPhoneField: boolean;
    showAddressFields: boolean;
    showEmailField: boolean;
  };
  trustBadges: { showTrustBadges: boolean; enabled: boolean; badges: string[] };
  urgency: {
    showCountdown: boolean;
    countdownEndDate: string | null;
    showStockCount: boolean;
    stockCount: number;
  };
  styling: { primaryColor: string; accentColor: string; fontFamily: FontFamily };
  createdAt: string;
  updatedAt: string;
};

type GetLandingPageResponse = { success: boolean; message?: string; data?: LandingPage | null };

export const LANDING_NOT_FOUND = 'Landing page not found';
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
