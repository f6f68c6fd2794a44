import { useCallback, useEffect, useMemo } from "react"
import { useLocation, useNavigate } from "react-router-dom"
import { useHydrated } from "@/lib/use-hydrated"
import { DEFAULT_SORT, type SortOption } from "@shop/contract"
import {
  hasListingParams,
  loadStoredFilters,
  parseListingState,
  saveStoredFilters,
  serializeListingState,
  toggleFilter,
  type FilterKey,
  type ListingState,
} from "../utils/filters"

/**
 * Filters and sort of /shop/list. The URL query is the source of truth;
 * filters are mirrored into session storage (key "filters") so that other
 * screens (home tiles) can preselect them and a plain /shop/list visit
 * restores them. Opening a URL with a query restores it as written.
 *
 * Session storage is the tab's: the storefront server renders a plain
 * /shop/list without it, and the browser hydrates that HTML as it is (no
 * filter); the kept filters apply right after (useHydrated), and the URL
 * follows them. A /shop/list opened inside the app applies them at once.
 */
export function useListingState() {
  const location = useLocation()
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const fromUrl = hasListingParams(location.search)

  const state = useMemo<ListingState>(
    () =>
      fromUrl
        ? parseListingState(location.search)
        : { filters: hydrated ? loadStoredFilters() : {}, sortBy: DEFAULT_SORT },
    [fromUrl, location.search, hydrated]
  )
  const query = serializeListingState(state)

  // Keep storage in step with the URL (also on back/forward), and give a
  // bare /shop/list the URL of what it shows. Not while hydrating: that render
  // shows the server's view, not the kept filters, which must not be lost.
  useEffect(() => {
    if (!hydrated) return
    saveStoredFilters(parseListingState(query).filters)
    if (!fromUrl) navigate({ search: `?${query}` }, { replace: true })
  }, [hydrated, query, fromUrl, navigate])

  const update = useCallback(
    (next: ListingState) => {
      saveStoredFilters(next.filters)
      navigate({ search: `?${serializeListingState(next)}` })
    },
    [navigate]
  )

  return {
    ...state,
    toggleFilter: (key: FilterKey, id: string) => update({ ...state, filters: toggleFilter(state.filters, key, id) }),
    clearFilters: () => update({ ...state, filters: {} }),
    setSortBy: (sortBy: SortOption) => update({ ...state, sortBy }),
  }
}
