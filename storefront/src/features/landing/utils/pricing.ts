import type { LandingProduct } from '../api/get-landing-page';

/** Delivery areas of a landing order and their charges in taka (SPEC section 9). */
export const DELIVERY_AREAS = ['dhaka', 'outside'] as const;
export type DeliveryArea = (typeof DELIVERY_AREAS)[number];
export const DELIVERY_CHARGE: Record<DeliveryArea, number> = { dhaka: 60, outside: 120 };
export const DEFAULT_DELIVERY_AREA: DeliveryArea = 'dhaka';

export function isDeliveryArea(value: unknown): value is DeliveryArea {
  return DELIVERY_AREAS.includes(value as DeliveryArea);
}

const positive = (value: unknown): number | undefined => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined;
};

/** What the shopper pays per unit: saleprice, else salePrice, else price (positive only). */
export function effectivePrice(product: Pick<LandingProduct, 'price' | 'saleprice' | 'salePrice'>): number {
  return positive(product.saleprice) ?? positive(product.salePrice) ?? positive(product.price) ?? 0;
}

/** Rounded percent off, or 0 unless the sale price is positive and lower than the price. */
export function discountPercent(price: number, sale: number): number {
  if (!(price > 0) || !(sale > 0) || sale >= price) return 0;
  return Math.round(((price - sale) / price) * 100);
}

export type OrderSummary = {
  unitPrice: number;
  quantity: number;
  productTotal: number;
  deliveryCharge: number;
  total: number;
};

/** Price summary of the order form: unit price x quantity + delivery by area. */
export function orderSummary(unitPrice: number, quantity: number, area: DeliveryArea): OrderSummary {
  const productTotal = unitPrice * quantity;
  const deliveryCharge = DELIVERY_CHARGE[area];
  return { unitPrice, quantity, productTotal, deliveryCharge, total: productTotal + deliveryCharge };
}

/** A quantity the form accepts: a whole number from 1 to `max` (at least 1). */
export function clampQuantity(value: number, max: number): number {
  const upper = Math.max(1, Math.floor(max));
  if (!Number.isFinite(value)) return 1;
  return Math.min(upper, Math.max(1, Math.floor(value)));
}
