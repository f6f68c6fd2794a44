/** The request key every order from a cart is recorded under (models/order-request.ts): one cart, one order. */
export function cartRequestKey(cartId: string) {
  return { key: `cart:${cartId}`, request_hash: cartId }
}
