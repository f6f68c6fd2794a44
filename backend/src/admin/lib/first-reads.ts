import type { FetchArgs } from "@medusajs/js-sdk"
import { DEFAULT_DASHBOARD_PERIOD } from "@shop/contract"
import { ORDERS_PAGE_SIZE } from "./orders"
import { sdk } from "./sdk"

/**
 * A shop screen opened by its address (a bookmark, a reload, the storefront's
 * /admin/... hand-over, the sign-in) waited for Medusa Admin to start (its
 * code, then the signed-in user and the store, one after the other) before it
 * asked for its data: one more round trip after a start that is already the
 * longest part. So the screen's first reads are sent while the admin's code is
 * still being evaluated (the extensions are imported before the admin draws
 * anything), and the screen's queries take those answers once.
 *
 * Only the reads the screen makes first, with the exact arguments its hooks
 * use; a read that failed (not signed in: 401) is simply made again by the
 * screen, and an answer older than FRESH_MS is not used.
 */
type Read = { path: string; init?: FetchArgs }

const FIRST_READS: Readonly<Record<string, Read[]>> = {
  "/shop-dashboard": [{ path: "/api/admin/dashboard", init: { query: { period: DEFAULT_DASHBOARD_PERIOD } } }],
  "/shop-orders": [
    { path: "/api/admin/order/all-orders", init: { query: { q: undefined, offset: 0, limit: ORDERS_PAGE_SIZE } } },
  ],
  "/shop-products": [{ path: "/api/admin/products/get-products" }],
  "/landing-pages": [{ path: "/api/admin/landing-pages" }],
}

const FRESH_MS = 10_000

/** The same read, however its query object was built (keys in any order, undefined left out). */
export function readKey(path: string, init?: FetchArgs): string | null {
  if (init?.method && init.method.toUpperCase() !== "GET") return null
  if (init?.body !== undefined || init?.headers !== undefined) return null
  const query = Object.entries((init?.query ?? {}) as Record<string, unknown>)
    .filter(([, value]) => value !== undefined && value !== null)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `${path}?${JSON.stringify(query)}`
}

const early = new Map<string, { at: number; answer: Promise<unknown> }>()

/** Sends the first reads of the screen at `pathname` (Medusa Admin's address, e.g. /app/shop-orders). */
export function startFirstReads(pathname: string, now = Date.now()): void {
  const screen = /^\/app(\/[^/]+)\/?$/.exec(pathname)?.[1]
  for (const read of (screen && FIRST_READS[screen]) || []) {
    const key = readKey(read.path, read.init)
    if (!key || early.has(key)) continue
    // a failure is not kept: the screen asks again and shows its own error
    const answer = sdk.client.fetch<unknown>(read.path, read.init).catch(() => undefined)
    early.set(key, { at: now, answer })
  }
}

/** The early answer to this read, once, while it is fresh; else undefined. */
export async function takeFirstRead<T>(path: string, init?: FetchArgs, now = Date.now()): Promise<T | undefined> {
  const key = readKey(path, init)
  const kept = key ? early.get(key) : undefined
  if (!kept) return undefined
  early.delete(key!)
  if (now - kept.at > FRESH_MS) return undefined
  return (await kept.answer) as T | undefined
}

if (typeof window !== "undefined") startFirstReads(window.location.pathname)
