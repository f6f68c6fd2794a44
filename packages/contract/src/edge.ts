/**
 * What the storefront server (the edge) and the backend agree on for the
 * shared cache of public reads and for landing views counted at the edge.
 *
 * - The edge proves itself with EDGE_SECRET (the same value in both
 *   processes' environment) in the EDGE_SECRET_HEADER header.
 * - An edge read of GET /api/landing/{slug} carrying the secret is not counted
 *   by the backend: the edge counts every page it serves and POSTs the counts
 *   to EDGE_VIEWS_PATH in batches ({ views: { [slug]: n } }).
 * - The backend publishes a PublicCacheMessage on PUBLIC_CACHE_CHANNEL (Redis
 *   pub/sub, when REDIS_URL is set) whenever something a public page shows
 *   changes (a product, its price or stock, a landing page); every edge drops
 *   what it holds.
 */
export const EDGE_SECRET_HEADER = "x-shop-edge-secret"

export const EDGE_VIEWS_PATH = "/api/edge/landing-views"

export type EdgeViewsRequest = { views: Record<string, number> }
export type EdgeViewsAnswer = { success: true; counted: number }

/** Most slugs one batch may carry, and most views one slug may add in one batch. */
export const EDGE_VIEWS_LIMITS = { slugs: 500, viewsPerSlug: 1_000_000 } as const

export const PUBLIC_CACHE_CHANNEL = "shop:public-cache"

export type PublicCacheMessage =
  { scope: "all" } | { scope: "landing"; slug: string } | { scope: "product"; id: string }

/** Longest a public read may be served from the edge's cache, in ms. */
export const PUBLIC_CACHE_MAX_AGE_MS = 2000
