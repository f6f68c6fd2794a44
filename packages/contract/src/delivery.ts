/** Delivery by area (SPEC.md section 9): charges in taka; the server decides, whatever a client sends. */
export const DELIVERY_AREAS = ["dhaka", "outside"] as const
export type DeliveryArea = (typeof DELIVERY_AREAS)[number]
export const DELIVERY_CHARGE: Readonly<Record<DeliveryArea, number>> = { dhaka: 60, outside: 120 }
/** The areas' names in the English shop, the admin and Medusa's shipping options and order lines. */
export const DELIVERY_AREA_LABELS: Readonly<Record<DeliveryArea, string>> = {
  dhaka: "Inside Dhaka",
  outside: "Outside Dhaka",
}
/** What the landing form has chosen before the shopper picks. */
export const DEFAULT_DELIVERY_AREA: DeliveryArea = "dhaka"

export function isDeliveryArea(value: unknown): value is DeliveryArea {
  return (DELIVERY_AREAS as readonly unknown[]).includes(value)
}
