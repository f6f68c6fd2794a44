import { Picture } from "@/components/picture"
import { THUMB_SIZES } from "@/lib/pictures"
import { type CartItem, formatMoney, unitPrice } from "@shop/contract"

type CartItemRowProps = {
  item: CartItem
  busy?: boolean
  onQuantity: (productId: string, quantity: number) => void
  onRemove: (productId: string) => void
}

/** One cart line: image, title, unit price, quantity control (minimum 1), line total, remove. */
export function CartItemRow({ item, busy = false, onQuantity, onRemove }: CartItemRowProps) {
  const product = item.productId
  const price = unitPrice(product)
  const atStock = Number.isFinite(product.stock) && item.quantity >= product.stock

  return (
    <li className="cart-item" data-testid="cart-item" aria-busy={busy}>
      {product.image ? (
        <Picture className="cart-item__image" src={product.image} alt="" sizes={THUMB_SIZES} />
      ) : (
        <div className="cart-item__image" aria-hidden="true" />
      )}
      <div className="cart-item__body">
        <h3 className="cart-item__title">{product.title}</h3>
        <p className="cart-item__price">
          {formatMoney(price)}
          {product.saleprice > 0 && product.saleprice < product.price && (
            <s className="price--regular">{formatMoney(product.price)}</s>
          )}
        </p>
        <div className="cart-item__controls">
          <div className="quantity" role="group" aria-label={`Quantity of ${product.title}`}>
            <button
              type="button"
              className="quantity__button"
              aria-label={`Decrease quantity of ${product.title}`}
              disabled={busy || item.quantity <= 1}
              onClick={() => onQuantity(product._id, item.quantity - 1)}
            >
              −
            </button>
            <span className="quantity__value" data-testid="cart-item-quantity">
              {item.quantity}
            </span>
            <button
              type="button"
              className="quantity__button"
              aria-label={`Increase quantity of ${product.title}`}
              disabled={busy || atStock}
              onClick={() => onQuantity(product._id, item.quantity + 1)}
            >
              +
            </button>
          </div>
          <button
            type="button"
            className="cart-item__remove"
            aria-label={`Remove ${product.title} from cart`}
            disabled={busy}
            onClick={() => onRemove(product._id)}
          >
            Remove
          </button>
        </div>
      </div>
      <p className="cart-item__total">{formatMoney(price * item.quantity)}</p>
    </li>
  )
}
