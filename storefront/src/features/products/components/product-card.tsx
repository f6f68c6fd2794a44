import type { ReactNode } from "react"
import { Link } from "react-router-dom"
import { Picture } from "@/components/picture"
import { Badge } from "@/components/ui/badge"
import { BRAND_CHOICES, CATEGORY_CHOICES, formatMoney } from "@shop/contract"
import type { Product } from "../api/get-products"

export function labelOf(options: readonly { id: string; label: string }[], id: string): string {
  return options.find((option) => option.id === id)?.label ?? id
}

type ProductCardProps = {
  product: Product
  /** Shown under the card's link, e.g. an Add to Cart button. */
  action?: ReactNode
  /** The picture's width at each breakpoint in the grid the card is in (lib/pictures.ts *_SIZES). */
  sizes: string
  /** The grid's first card on a listing: the page's largest picture on a phone (fetched first). */
  priority?: boolean
}

/** A card's picture (fixed height: --card-image-height, 250px), from the provider of its list's pictures. */
export function ProductCard({ product, action, sizes, priority = false }: ProductCardProps) {
  const onSale = product.saleprice > 0

  return (
    <article className="product-card" data-testid="product-card">
      <Link to={`/shop/product/${encodeURIComponent(product._id)}`} className="product-card__link">
        <div className="product-card__media">
          <Picture
            className="product-card__image"
            src={product.image}
            alt={product.title}
            sizes={sizes}
            priority={priority}
          />
          {onSale && (
            <Badge tone="sale" className="product-card__badge">
              Sale
            </Badge>
          )}
        </div>
        <div className="product-card__body">
          <h2 className="product-card__title">{product.title}</h2>
          <p className="product-card__meta">
            <span>{labelOf(CATEGORY_CHOICES, product.category)}</span>
            <span>{labelOf(BRAND_CHOICES, product.brand)}</span>
          </p>
          <p className="product-card__prices">
            {onSale ? (
              <>
                <span className="sr-only">Sale price </span>
                <span className="price price--sale">{formatMoney(product.saleprice)}</span>
                <span className="sr-only"> Regular price </span>
                <s className="price price--regular">{formatMoney(product.price)}</s>
              </>
            ) : (
              <span className="price">{formatMoney(product.price)}</span>
            )}
          </p>
        </div>
      </Link>
      {action && <div className="product-card__action">{action}</div>}
    </article>
  )
}
