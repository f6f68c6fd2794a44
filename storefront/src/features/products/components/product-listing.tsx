import { useState, type ReactNode } from "react"
import { PicturesProvider } from "@/components/picture"
import { Button } from "@/components/ui/button"
import type { Product } from "@shop/contract"
import { useProducts } from "../api/get-products"
import { useListingState } from "../hooks/use-listing-state"
import { FILTER_GROUPS, type FilterKey, type ProductFilters } from "../utils/filters"
import { LISTING_CARD_SIZES } from "../utils/picture-sizes"
import { ProductCard } from "./product-card"
import { ProductFilter } from "./product-filter"
import { SortSelect } from "./sort-select"

function countLabel(count: number): string {
  return `${count} ${count === 1 ? "Product" : "Products"}`
}

/** The chosen filters as removable chips: a filter kept from an earlier visit never narrows the list unseen. */
function ActiveFilters({
  filters,
  onRemove,
  onClear,
}: {
  filters: ProductFilters
  onRemove: (key: FilterKey, id: string) => void
  onClear: () => void
}) {
  const chosen = FILTER_GROUPS.flatMap((group) =>
    group.options
      .filter((option) => ((filters[group.key] ?? []) as readonly string[]).includes(option.id))
      .map((option) => ({ key: group.key, id: option.id, label: option.label }))
  )
  if (chosen.length === 0) return null
  return (
    <div className="listing__active" role="group" aria-label="Active filters" data-testid="active-filters">
      <span className="listing__active-label">Showing only:</span>
      {chosen.map((filter) => (
        <button
          key={`${filter.key}:${filter.id}`}
          type="button"
          className="filter-chip"
          aria-label={`Remove filter ${filter.label}`}
          onClick={() => onRemove(filter.key, filter.id)}
        >
          {filter.label}
          <span aria-hidden="true">×</span>
        </button>
      ))}
      <Button variant="ghost" className="btn--small" onClick={onClear}>
        Clear all
      </Button>
    </div>
  )
}

type ProductListingProps = {
  /** An action under each card (the route passes the cart's Add to Cart button). */
  renderCardAction?: (product: Product) => ReactNode
}

/** /shop/list: filter panel, sort menu and the product grid (SPEC 2.5). */
export function ProductListing({ renderCardAction }: ProductListingProps = {}) {
  const { filters, sortBy, toggleFilter, clearFilters, setSortBy } = useListingState()
  const products = useProducts({ filters, sortBy })
  const [filtersOpen, setFiltersOpen] = useState(false)
  const activeCount = Object.values(filters).reduce((sum, values) => sum + values.length, 0)

  return (
    <div className="listing">
      <aside
        id="product-filters"
        className={filtersOpen ? "listing__filters is-open" : "listing__filters"}
        aria-label="Product filters"
      >
        <ProductFilter filters={filters} onToggle={toggleFilter} onClear={clearFilters} />
        <Button variant="outline" className="listing__filters-close" onClick={() => setFiltersOpen(false)}>
          Show products
        </Button>
      </aside>
      {filtersOpen && <div className="listing__backdrop" aria-hidden="true" onClick={() => setFiltersOpen(false)} />}

      <section className="listing__main" aria-labelledby="listing-heading" aria-busy={products.isFetching}>
        <div className="listing__toolbar">
          <h1 id="listing-heading" className="listing__heading">
            All Products
          </h1>
          <div className="listing__controls">
            {products.data && (
              <span className="listing__count" data-testid="product-count">
                {countLabel(products.data.products.length)}
              </span>
            )}
            <Button
              variant="outline"
              className="listing__filters-toggle"
              aria-controls="product-filters"
              aria-expanded={filtersOpen}
              onClick={() => setFiltersOpen(true)}
            >
              {activeCount > 0 ? `Filters (${activeCount})` : "Filters"}
            </Button>
            <SortSelect value={sortBy} onChange={setSortBy} />
          </div>
        </div>

        <ActiveFilters filters={filters} onRemove={toggleFilter} onClear={clearFilters} />

        {products.isPending ? (
          <p className="listing__status">Loading...</p>
        ) : products.isError ? (
          <div className="listing__status" role="alert">
            <p>{products.error.message || "Failed to load products"}</p>
            <Button variant="outline" onClick={() => void products.refetch()}>
              Try again
            </Button>
          </div>
        ) : products.data.products.length === 0 ? (
          <p className="listing__status">No products match these filters.</p>
        ) : (
          <PicturesProvider pictures={products.data.pictures}>
            <div className="product-grid">
              {products.data.products.map((product, i) => (
                <ProductCard
                  key={product._id}
                  product={product}
                  action={renderCardAction?.(product)}
                  sizes={LISTING_CARD_SIZES}
                  // the first card is a phone's largest picture (the head preloads it)
                  priority={i === 0}
                />
              ))}
            </div>
          </PicturesProvider>
        )}
      </section>
    </div>
  )
}
