import { PencilSquare, Trash } from "@medusajs/icons"
import { Badge, Button, Container, Text } from "@medusajs/ui"
import { formatMoney } from "@shop/contract"
import { brandLabel, categoryLabel, type Product } from "@shop/contract"
import { isOnSale } from "../lib/products"

type ProductCardProps = {
  product: Product
  onEdit: () => void
  onDelete: () => void
  deleting?: boolean
}

/** A product in the admin grid (SPEC.md section 2.14). */
export const ProductCard = ({ product, onEdit, onDelete, deleting }: ProductCardProps) => {
  const sale = isOnSale(product)
  return (
    <Container className="flex flex-col overflow-hidden p-0" data-testid="admin-product-card">
      <div className="bg-ui-bg-component relative h-[250px] w-full">
        {product.image ? (
          <img src={product.image} alt={product.title} loading="lazy" className="h-[250px] w-full object-cover" />
        ) : null}
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
