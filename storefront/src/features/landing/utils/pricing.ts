import { DELIVERY_CHARGE, type DeliveryArea } from "@shop/contract"

export type OrderSummary = {
  unitPrice: number
  quantity: number
  productTotal: number
  deliveryCharge: number
  total: number
}

/** Price summary of the order form: unit price x quantity + delivery by area. */
export function orderSummary(unitPrice: number, quantity: number, area: DeliveryArea): OrderSummary {
  const productTotal = unitPrice * quantity
  const deliveryCharge = DELIVERY_CHARGE[area]
  return { unitPrice, quantity, productTotal, deliveryCharge, total: productTotal + deliveryCharge }
}

/** A quantity the form accepts: a whole number from 1 to `max` (at least 1). */
export function clampQuantity(value: number, max: number): number {
  const upper = Math.max(1, Math.floor(max))
  if (!Number.isFinite(value)) return 1
  return Math.min(upper, Math.max(1, Math.floor(value)))
}
