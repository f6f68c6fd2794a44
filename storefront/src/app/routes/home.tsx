import { AddToCartButton } from "@/features/cart/components/add-to-cart-button"
import { BannerCarousel } from "@/features/home/components/banner-carousel"
import { FeaturedProducts } from "@/features/products/components/featured-products"
import { BrandTiles, CategoryTiles } from "@/features/products/components/filter-tiles"
import { config } from "@/lib/config"

/** Shop home (SPEC 2.4): banners, category and brand tiles, featured products. */
export function HomeRoute() {
  return (
    <div className="home">
      <h1 className="sr-only">{config.shopName}</h1>
      <BannerCarousel />
      <CategoryTiles />
      <BrandTiles />
      <FeaturedProducts
        renderCardAction={(product) => <AddToCartButton product={product} className="product-card__add" />}
      />
    </div>
  )
}
