/** Price rules of the shop (SPEC sections 3 and 9), shared by every feature. */

export type Priced = { price: number; saleprice?: number | null; salePrice?: number | null };

function amount(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

/** What a shopper pays for one unit in the cart and at checkout: saleprice when positive, else price. */
export function unitPrice(product: Priced): number {
  const sale = amount(product.saleprice);
  return sale > 0 ? sale : amount(product.price);
}

/** Whether the product shows its sale price next to a struck-out price. */
export function hasDiscount(product: Priced): boolean {
  const sale = amount(product.saleprice);
  return sale > 0 && sale < amount(product.price);
}

/** Rounded percent off, or 0 when there is no sale below the price. */
export function percentOff(product: Priced): number {
  if (!hasDiscount(product)) return 0;
  const price = amount(product.price);
  return Math.round(((price - amount(product.saleprice)) / price) * 100);
}

/** Sum of unit price x quantity. */
export function lineTotal(items: readonly { product: Priced; quantity: number }[]): number {
  return items.reduce((sum, item) => sum + unitPrice(item.product) * item.quantity, 0);
}
