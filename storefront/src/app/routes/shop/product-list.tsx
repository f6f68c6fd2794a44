import { AddToCartButton } from "@/features/cart/components/add-to-cart-button"
import { ProductListing } from "@/features/products/components/product-listing"

export function ProductListRoute() {
  return (
    <ProductListing
      renderCardAction={(product) => <AddToCartButton product={product} className="product-card__add" />}
    />
  )
}
