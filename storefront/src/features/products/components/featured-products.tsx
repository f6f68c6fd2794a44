import type { ReactNode } from "react"
import { Link } from "react-router-dom"
import { PicturesProvider } from "@/components/picture"
import { Button, buttonClass } from "@/components/ui/button"
import { DEFAULT_SORT, type Product } from "@shop/contract"
import { useProducts } from "../api/get-products"
import { HOME_CARD_SIZES } from "../utils/picture-sizes"
import { ProductCard } from "./product-card"

/** How many of the cheapest products the home page features. */
export const FEATURED_COUNT = 8

type FeaturedProductsProps = {
  renderCardAction?: (product: Product) => ReactNode
}

/** Home's featured grid: the products for an empty filter, sorted price low to high (SPEC 2.4). */
export function FeaturedProducts({ renderCardAction }: FeaturedProductsProps) {
  const products = useProducts({ filters: {}, sortBy: DEFAULT_SORT })

  return (
    <section className="home-section" aria-labelledby="featured-products">
      <div className="home-section__header">
        <h2 id="featured-products" className="home-section__title">
          Featured products
        </h2>
        <Link to="/shop/list" className={buttonClass("outline", "btn--small")}>
          View all
        </Link>
      </div>
      {products.isPending ? (
        <p className="listing__status">Loading...</p>
      ) : products.isError ? (
        <div className="listing__status" role="alert">
          <p>{products.error.message || "Failed to load products"}</p>
          <Button variant="outline" onClick={() => void products.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        // below the banners and tiles: every card's picture waits until it comes near the screen
        <PicturesProvider pictures={products.data.pictures}>
          <div className="product-grid">
            {products.data.products.slice(0, FEATURED_COUNT).map((product) => (
              <ProductCard
                key={product._id}
                product={product}
                action={renderCardAction?.(product)}
                sizes={HOME_CARD_SIZES}
              />
            ))}
          </div>
        </PicturesProvider>
      )}
    </section>
  )
}
