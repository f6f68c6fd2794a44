import type { ReactNode } from "react"
import { useNavigate } from "react-router-dom"
import { Picture, PicturesProvider } from "@/components/picture"
import { Badge } from "@/components/ui/badge"
import { Button } from "@/components/ui/button"
import { BRAND_CHOICES, CATEGORY_CHOICES, formatMoney, hasDiscount, percentOff, type Product } from "@shop/contract"
import { useProduct } from "../api/get-product"
import { PRODUCT_PAGE_SIZES } from "../utils/picture-sizes"
import { labelOf } from "./product-card"

const REASSURANCES = [
  { title: "Cash on Delivery", text: "Pay in cash when your order arrives." },
  { title: "Easy Returns & Exchange", text: "Changed your mind? Return or exchange with ease." },
  { title: "Secure Checkout", text: "Your details are safe with us." },
] as const

function BackToProducts() {
  const navigate = useNavigate()
  return (
    <Button variant="outline" onClick={() => navigate("/shop/list")}>
      Back to Products
    </Button>
  )
}

type ProductDetailsProps = {
  id: string
  /** The Add to Cart control for the loaded product (composed by the route). */
  renderAddToCart: (product: Product) => ReactNode
}

/** /shop/product/{id} (SPEC 2.6). */
export function ProductDetails({ id, renderAddToCart }: ProductDetailsProps) {
  const query = useProduct(id)

  if (query.isPending) {
    return <p className="product-page__status">Loading product details...</p>
  }

  if (query.isError) {
    return (
      <div className="product-page__status" role="alert">
        <p>{query.error.message || "Failed to load the product"}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    )
  }

  if (!query.data) {
    return (
      <div className="product-page__status">
        <h1>Product Not Found</h1>
        <p>The product you&apos;re looking for doesn&apos;t exist.</p>
        <BackToProducts />
      </div>
    )
  }

  const { product, pictures } = query.data
  const discounted = hasDiscount(product)
  const percent = percentOff(product)
  const outOfStock = product.stock <= 0

  return (
    // the Add to Cart control keeps the picture with the guest's cart line
    <PicturesProvider pictures={pictures}>
      <article className="product-page">
        <div className="product-page__media">
          {/* the page's largest picture: fetched first (the head preloads the same choice) */}
          <Picture
            className="product-page__image"
            src={product.image}
            alt={product.title}
            sizes={PRODUCT_PAGE_SIZES}
            priority
          />
          <div className="product-page__media-badges">
            {percent > 0 && <Badge tone="sale">{percent}% OFF</Badge>}
            {outOfStock && <Badge tone="danger">Out of Stock</Badge>}
          </div>
        </div>

        <div className="product-page__info">
          <div className="product-page__badges">
            <Badge>{labelOf(CATEGORY_CHOICES, product.category)}</Badge>
            {product.brand !== "no-brand" && <Badge tone="info">{labelOf(BRAND_CHOICES, product.brand)}</Badge>}
          </div>
          <h1 className="product-page__title">{product.title}</h1>

          <div className="product-page__price">
            {discounted ? (
              <>
                <p className="product-page__prices">
                  <span className="sr-only">Sale price </span>
                  <span className="price price--sale product-page__amount" data-testid="product-price">
                    {formatMoney(product.saleprice)}
                  </span>
                  <span className="sr-only"> Regular price </span>
                  <s className="price price--regular">{formatMoney(product.price)}</s>
                </p>
                <p className="product-page__save">Save {formatMoney(product.price - product.saleprice)}</p>
              </>
            ) : (
              <p className="product-page__prices">
                <span className="price product-page__amount" data-testid="product-price">
                  {formatMoney(product.price)}
                </span>
              </p>
            )}
            <p className="product-page__taxes">Inclusive of all taxes</p>
          </div>

          <p className={outOfStock ? "product-page__stock is-out" : "product-page__stock"} data-testid="availability">
            {outOfStock ? "Out of Stock" : `In Stock (${product.stock} available)`}
          </p>

          <div className="product-page__description">
            <h2>Description</h2>
            <p>{product.description}</p>
          </div>

          <div className="product-page__actions">{renderAddToCart(product)}</div>

          <ul className="product-page__reassurance" aria-label="Why shop with us">
            {REASSURANCES.map((note) => (
              <li key={note.title}>
                <strong>{note.title}</strong>
                <span>{note.text}</span>
              </li>
            ))}
          </ul>

          <BackToProducts />
        </div>
      </article>
    </PicturesProvider>
  )
}
