import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import { DEFAULT_SORT, type SortOption } from '@shop/contract';

import {
  hasListingParams,
  loadStoredFilters,
  parseListingState,
  saveStoredFilters,
  serializeListingState,
  toggleFilter,
  type FilterKey,
  type ListingState,
} from '../utils/filters';

/**
 * Filters and sort of /shop/list. The URL query is the source of truth;
 * filters are mirrored into session storage (key "filters") so that other
 * screens (home tiles) can preselect them and a plain /shop/list visit
 * restores them. Opening a URL with a query restores it as written.
 */
export function useListingState() {
  const location = useLocation();
  const navigate = useNavigate();
  const fromUrl = hasListingParams(location.search);

  const state = useMemo<ListingState>(
    () =>
      fromUrl
        ? parseListingState(location.search)
        : { filters: loadStoredFilters(), sortBy: DEFAULT_SORT },
    [fromUrl, location.search],
  );
  const query = serializeListingState(state);

  // Keep storage in step with the URL (also on back/forward), and give a
  // bare /shop/list the URL of what it shows.
  useEffect(() => {
    saveStoredFilters(parseListingState(query).filters);
    if (!fromUrl) navigate({ search: `?${query}` }, { replace: true });
  }, [query, fromUrl, navigate]);

  const update = useCallback(
    (next: ListingState) => {
      saveStoredFilters(next.filters);
      navigate({ search: `?${serializeListingState(next)}` });
    },
    [navigate],
  );

  return {
    ...state,
    toggleFilter: (key: FilterKey, id: string) =>
      update({ ...state, filters: toggleFilter(state.filters, key, id) }),
    clearFilters: () => update({ ...state, filters: {} }),
    setSortBy: (sortBy: SortOption) => update({ ...state, sortBy }),
  };
}
