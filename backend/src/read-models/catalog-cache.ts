import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { STORE_CURRENCY } from "@shop/contract"
import { productChanges, publishPublicCache } from "../lib/public-cache"
import { loadCatalogEntries, type CatalogEntry } from "./catalog-entries"

/**
 * The catalog (products, prices, categories, brands; not stock) kept between
 * requests, so a listing does not rebuild it from a dozen queries each time.
 *
 * - A change made through the shop (product workflows) or seen as a Medusa
 *   product event invalidates it: the next read waits for a fresh load.
 * - Otherwise a copy older than CATALOG_CACHE_TTL_MS (default 5 s) is still
 *   answered while a fresh one loads in the background; this bounds how stale
 *   another server process (or a price list's start/end time) can make it.
 * - One load at a time; a load that an invalidation overtook is not kept.
 * Stock is never cached (see loadAvailableStock). The store's stock location,
 * sales channel and region, which every order needs, are kept with it.
 */
export type ShopSetup = { location_id: string; sales_channel_id: string; region_id: string }

export type CatalogSnapshot = {
  entries: CatalogEntry[]
  byId: Map<string, CatalogEntry>
  /** null until the seed has set the store up */
  shop: ShopSetup | null
  generation: number
  loadedAt: number
}

export const CATALOG_TTL_MS = Math.max(0, Number(process.env.CATALOG_CACHE_TTL_MS ?? 5000) || 0)

const state: {
  generation: number
  snapshot?: CatalogSnapshot
  loading?: { generation: number; promise: Promise<CatalogSnapshot> }
} = { generation: 0 }

function load(container: MedusaContainer): Promise<CatalogSnapshot> {
  if (state.loading && state.loading.generation === state.generation) return state.loading.promise
  const generation = state.generation
  const promise = Promise.all([
    loadCatalogEntries(container.resolve(ContainerRegistrationKeys.QUERY)),
    loadShopSetup(container),
  ])
    .then(([entries, shop]) => {
      const snapshot: CatalogSnapshot = {
        entries,
        byId: new Map(entries.map((e) => [e.product._id, e])),
        shop,
        generation,
        loadedAt: Date.now(),
      }
      if (generation === state.generation) state.snapshot = snapshot
      return snapshot
    })
    .finally(() => {
      if (state.loading?.promise === promise) state.loading = undefined
    })
  state.loading = { generation, promise }
  return promise
}

async function loadShopSetup(container: MedusaContainer): Promise<ShopSetup | null> {
  const [[store], [region]] = await Promise.all([
    container.resolve(Modules.STORE).listStores({}),
    container.resolve(Modules.REGION).listRegions({ currency_code: STORE_CURRENCY }),
  ])
  if (!store?.default_location_id || !store.default_sales_channel_id || !region) return null
  return {
    location_id: store.default_location_id,
    sales_channel_id: store.default_sales_channel_id,
    region_id: region.id,
  }
}

/** The current catalog: kept, refreshed in the background when old, reloaded after a change. */
export async function catalogSnapshot(container: MedusaContainer): Promise<CatalogSnapshot> {
  const snapshot = state.snapshot
  if (snapshot && snapshot.generation === state.generation) {
    if (Date.now() - snapshot.loadedAt >= CATALOG_TTL_MS) {
      load(container).catch(() => undefined)
    }
    return snapshot
  }
  return load(container)
}

/**
 * The catalog changed: the next read loads it again, and the storefront
 * servers are told (src/lib/public-cache.ts): the products named, or all.
 */
export function invalidateCatalog(productIds?: readonly (string | null | undefined)[]): void {
  state.generation += 1
  publishPublicCache(productChanges(productIds?.length ? productIds : null))
}
