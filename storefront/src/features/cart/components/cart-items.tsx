import { PicturesProvider } from "@/components/picture"
import { DELIVERY_AREA_LABELS, DELIVERY_CHARGE, formatMoney, type DeliveryArea } from "@shop/contract"
import type { CartState } from "../hooks/use-cart"
import { CartItemRow } from "./cart-item-row"

type CartItemsProps = {
  cart: CartState
  /**
   * At checkout: the delivery area of the address the order goes to (the
   * server charges the same: ৳60 inside Dhaka, ৳120 outside), shown as its own
   * line and added to the Total; `null` while no address says where.
   */
  delivery?: DeliveryArea | null
}

/** The cart's lines and its 'Total'; 'No items in cart' when empty. */
export function CartItems({ cart, delivery }: CartItemsProps) {
  if (cart.isLoading) return <p className="cart-items__empty">Loading...</p>
  return (
    <div className="cart-items">
      {cart.items.length === 0 ? (
        <p className="cart-items__empty">No items in cart</p>
      ) : (
        <PicturesProvider pictures={cart.pictures}>
          <ul className="cart-items__list" aria-label="Cart items">
            {cart.items.map((item) => (
              <CartItemRow
                key={item._id}
                item={item}
                busy={cart.busy.has(item.productId._id)}
                onQuantity={(productId, quantity) => void cart.updateQuantity(productId, quantity)}
                onRemove={(productId) => void cart.removeItem(productId)}
              />
            ))}
          </ul>
        </PicturesProvider>
      )}
      {delivery !== undefined && cart.items.length > 0 && (
        <>
          <p className="cart-items__line">
            <span>Subtotal</span>
            <span data-testid="cart-subtotal">{formatMoney(cart.total)}</span>
          </p>
          {delivery ? (
            <p className="cart-items__line">
              <span>Delivery ({DELIVERY_AREA_LABELS[delivery]})</span>
              <span data-testid="cart-delivery">{formatMoney(DELIVERY_CHARGE[delivery])}</span>
            </p>
          ) : (
            <p className="cart-items__hint" data-testid="cart-delivery-hint">
              Delivery: {formatMoney(DELIVERY_CHARGE.dhaka)} inside Dhaka, {formatMoney(DELIVERY_CHARGE.outside)}{" "}
              outside, by the delivery address&apos;s city
            </p>
          )}
        </>
      )}
      <p className="cart-items__total">
        <span>Total</span>
        <span data-testid="cart-total">
          {formatMoney(cart.total + (delivery && cart.items.length > 0 ? DELIVERY_CHARGE[delivery] : 0))}
        </span>
      </p>
    </div>
  )
}
