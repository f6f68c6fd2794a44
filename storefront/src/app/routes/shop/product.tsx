import { useParams } from "react-router-dom"
import { AddToCartButton } from "@/features/cart/components/add-to-cart-button"
import { ProductDetails } from "@/features/products/components/product-details"

export function ProductRoute() {
  const { id = "" } = useParams()
  return (
    <ProductDetails
      key={id}
      id={id}
      renderAddToCart={(product) => <AddToCartButton product={product} className="product-page__add" />}
    />
  )
}
