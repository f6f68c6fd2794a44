import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { DELIVERY_CHARGE, formatMoney, unitPrice, type DeliveryArea } from "@shop/contract"
import { catalogSnapshot } from "../../read-models/catalog-cache"
import type { CatalogEntry } from "../../read-models/catalog-entries"
import { orderVariants, type OrderVariant } from "../../read-models/store-cart"

export type OrderLineInput = {
  product_id: string
  quantity: number
  /** the variant the line holds (a /store cart line); none: the catalog's (the product's first) */
  variant_id?: string | null
  /** the unit price the shopper was shown for it (a /store cart line's) */
  shown_unit_price?: number | null
}

export type PricedLine = {
  product_id: string
  variant_id: string
  inventory_item_id: string
  title: string
  image: string
  unit_price: number
  quantity: number
}

export type PricedOrder = {
  lines: PricedLine[]
  location_id: string
  region_id: string
  sales_channel_id: string
  items_total: number
  delivery_charge: number
  total: number
}

/**
 * Prices every line from the catalog (what a client sends as price or total is
 * never used) and adds the delivery charge of the order's area (৳60 inside
 * Dhaka, ৳120 outside), the same for shop checkout and landing pages. A line
 * that holds another variant than the catalog's (a /store cart's) is priced
 * by that variant, read afresh. With `shown_total` (the /store cart's total),
 * an order whose price is not what the shopper saw is refused. Reads only,
 * from the catalog cache: whether there is stock is decided by the stock take itself.
 */
export const priceShopOrderStep = createStep(
  "price-shop-order",
  async (
    input: { items: OrderLineInput[]; delivery_area: DeliveryArea; shown_total?: number | null },
    { container }
  ) => {
    if (!input.items.length) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "Your cart is empty!")
    }
    const { byId, shop } = await catalogSnapshot(container)
    const own = (item: OrderLineInput) =>
      item.variant_id && item.variant_id !== byId.get(item.product_id)?.variant_id ? item.variant_id : null
    const others = [...new Set(input.items.map(own).filter((id): id is string => !!id))]
    const variants = others.length ? await orderVariants(container, others) : new Map<string, OrderVariant>()
    // one line per variant, in the order they came
    const lines = new Map<string, PricedLine & { shown?: number | null }>()
    for (const item of input.items) {
      const entry = byId.get(item.product_id)
      const variantId = own(item)
      const line = variantId
        ? variantLine(entry, variants.get(variantId), item.product_id)
        : catalogLine(entry, item.product_id)
      const current = lines.get(line.variant_id)
      if (current) current.quantity += item.quantity
      else lines.set(line.variant_id, { ...line, quantity: item.quantity, shown: item.shown_unit_price })
    }
    if (!shop) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, "The shop is not set up: run the seed first")
    }
    const priced = [...lines.values()]
    const itemsTotal = priced.reduce((sum, l) => sum + l.unit_price * l.quantity, 0)
    const deliveryCharge = DELIVERY_CHARGE[input.delivery_area]
    const total = itemsTotal + deliveryCharge
    if (input.shown_total != null && input.shown_total !== total) {
      const changed = priced.find((l) => l.shown != null && l.shown !== l.unit_price)
      const message = changed
        ? `The price of ${changed.title} is now ${formatMoney(changed.unit_price)}: review your cart and place the order again`
        : `Your order's total is ${formatMoney(total)}, not the ${formatMoney(input.shown_total)} your cart showed: review your cart and place the order again`
      // stale_cart: the door (api/doors/carts.ts) re-prices the cart, so the shopper reviews the truth
      throw Object.assign(new MedusaError(MedusaError.Types.CONFLICT, message), { stale_cart: true as const })
    }
    return new StepResponse<PricedOrder>({
      lines: priced.map(({ shown: _shown, ...line }) => line),
      location_id: shop.location_id,
      region_id: shop.region_id,
      sales_channel_id: shop.sales_channel_id,
      items_total: itemsTotal,
      delivery_charge: deliveryCharge,
      total,
    })
  }
)

const notFound = () => new MedusaError(MedusaError.Types.NOT_FOUND, "Product not found!")

/** A line of the product's catalog variant, at the catalog's price. */
const catalogLine = (entry: CatalogEntry | undefined, productId: string): Omit<PricedLine, "quantity"> => {
  if (!entry?.variant_id || !entry.inventory_item_id) throw notFound()
  return {
    product_id: productId,
    variant_id: entry.variant_id,
    inventory_item_id: entry.inventory_item_id,
    title: entry.product.title,
    image: entry.product.image,
    unit_price: unitPrice(entry.product),
  }
}

/** A line of another variant of a catalog product, at that variant's own price, named by both. */
const variantLine = (
  entry: CatalogEntry | undefined,
  variant: OrderVariant | undefined,
  productId: string
): Omit<PricedLine, "quantity"> => {
  if (!entry || !variant?.inventory_item_id || variant.product_id !== productId) throw notFound()
  return {
    product_id: productId,
    variant_id: variant.id,
    inventory_item_id: variant.inventory_item_id,
    title: variant.title ? `${entry.product.title} (${variant.title})` : entry.product.title,
    image: entry.product.image,
    unit_price: unitPrice(variant),
  }
}
