import { PencilSquare, Trash } from "@medusajs/icons"
import { Badge, Button, Container, Text } from "@medusajs/ui"
import { formatMoney, PICTURE_FORMATS, PICTURE_MIME, srcsetOf, variantsOf, type Picture } from "@shop/contract"
import { brandLabel, categoryLabel, type Product } from "@shop/contract"
import { isOnSale } from "../lib/products"

type ProductCardProps = {
  product: Product
  /** The image's stored picture (the answer's `pictures`): the card takes a small variant of it. */
  picture?: Picture
  onEdit: () => void
  onDelete: () => void
  deleting?: boolean
}

/** The card's width in the grid: 1 / 2 / 3 / 4 columns at Tailwind's sm, lg and xl (a little wide: Medusa's sidebar is not taken off). */
const CARD_SIZES = "(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"

/**
 * The card's image: with a stored picture, its AVIF and WebP sources and the
 * JPEG, at the card's width, with its size and placeholder; else the plain img.
 */
function CardImage({ product, picture }: { product: Product; picture?: Picture }) {
  const className = "h-[250px] w-full object-cover"
  const formats = picture ? PICTURE_FORMATS.filter((f) => variantsOf(picture, f).length > 0) : []
  const fallback = formats.at(-1)
  if (!picture || !fallback) {
    return <img src={product.image} alt={product.title} loading="lazy" className={className} />
  }
  return (
    <picture>
      {formats
        .filter((f) => f !== fallback)
        .map((f) => (
          <source key={f} type={PICTURE_MIME[f]} srcSet={srcsetOf(picture, f)} sizes={CARD_SIZES} />
        ))}
      <img
        src={variantsOf(picture, fallback)[0]!.url}
        srcSet={srcsetOf(picture, fallback)}
        sizes={CARD_SIZES}
        width={picture.width}
        height={picture.height}
        alt={product.title}
        loading="lazy"
        decoding="async"
        className={className}
        style={{ backgroundImage: `url("${picture.placeholder}")`, backgroundSize: "cover" }}
      />
    </picture>
  )
}

/** A product in the admin grid (SPEC.md section 2.14). */
export const ProductCard = ({ product, picture, onEdit, onDelete, deleting }: ProductCardProps) => {
  const sale = isOnSale(product)
  return (
    <Container className="flex flex-col overflow-hidden p-0" data-testid="admin-product-card">
      <div className="bg-ui-bg-component relative h-[250px] w-full">
        {product.image ? <CardImage product={product} picture={picture} /> : null}
        {Number(product.stock) <= 0 ? (
          <Badge size="2xsmall" color="red" className="absolute left-2 top-2">
            Out of stock
          </Badge>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-y-2 px-4 py-3">
        <Text weight="plus" className="line-clamp-2" data-testid="product-title">
          {product.title}
        </Text>
        <Text size="xsmall" className="text-ui-fg-muted">
          {categoryLabel(product.category)} · {brandLabel(product.brand)} · Stock: {product.stock}
        </Text>
        <div className="flex items-center gap-x-2">
          {sale ? (
            <>
              <Text size="small" className="text-red-600 line-through" data-testid="product-price">
                {formatMoney(product.price)}
              </Text>
              <Text size="small" weight="plus" className="text-green-600" data-testid="product-saleprice">
                {formatMoney(product.saleprice)}
              </Text>
            </>
          ) : (
            <Text size="small" weight="plus" data-testid="product-price">
              {formatMoney(product.price)}
            </Text>
          )}
        </div>
      </div>
      <div className="flex items-center justify-between gap-x-2 border-t px-4 py-3">
        <Button size="small" variant="secondary" onClick={onEdit}>
          <PencilSquare />
          Edit
        </Button>
        <Button size="small" variant="danger" onClick={onDelete} isLoading={deleting}>
          <Trash />
          Delete
        </Button>
      </div>
    </Container>
  )
}
