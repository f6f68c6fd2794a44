import { formatMoney } from '@shop/contract';

import type { CartState } from '../hooks/use-cart';

import { CartItemRow } from './cart-item-row';

/** The cart's lines and its 'Total'; 'No items in cart' when empty. */
export function CartItems({ cart }: { cart: CartState }) {
  if (cart.isLoading) return <p className="cart-items__empty">Loading...</p>;
  return (
    <div className="cart-items">
      {cart.items.length === 0 ? (
        <p className="cart-items__empty">No items in cart</p>
      ) : (
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
      )}
      <p className="cart-items__total">
        <span>Total</span>
        <span data-testid="cart-total">{formatMoney(cart.total)}</span>
      </p>
    </div>
  );
}
