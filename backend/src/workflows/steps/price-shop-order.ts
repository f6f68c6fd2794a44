import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { catalogSnapshot } from "../../read-models/catalog-cache"
import { DELIVERY_CHARGE, unitPrice, type DeliveryArea } from "@shop/contract"

export type OrderLineInput = { product_id: string; quantity: number }

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
 * Dhaka, ৳120 outside), the same for shop checkout and landing pages. Reads only, from the catalog cache:
 * whether there is stock is decided by the stock take itself.
 */
export const priceShopOrderStep = createStep(
  "price-shop-order",
  async (input: { items: OrderLineInput[]; delivery_area: DeliveryArea }, { container }) => {
    // one line per product
    const quantities = new Map<string, number>()
    for (const item of input.items) {
      quantities.set(item.product_id, (quantities.get(item.product_id) ?? 0) + item.quantity)
    }
    if (!quantities.size) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "Your cart is empty!")
    }
    const ids = [...quantities.keys()]
    const { byId, shop } = await catalogSnapshot(container)
    const lines: PricedLine[] = ids.map((id) => {
      const entry = byId.get(id)
      if (!entry?.variant_id || !entry.inventory_item_id) {
        throw new MedusaError(MedusaError.Types.NOT_FOUND, "Product not found!")
      }
      return {
        product_id: id,
        variant_id: entry.variant_id,
        inventory_item_id: entry.inventory_item_id,
        title: entry.product.title,
        image: entry.product.image,
        unit_price: unitPrice(entry.product),
        quantity: quantities.get(id)!,
      }
    })
    if (!shop) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, "The shop is not set up: run the seed first")
    }
    const itemsTotal = lines.reduce((sum, l) => sum + l.unit_price * l.quantity, 0)
    const deliveryCharge = DELIVERY_CHARGE[input.delivery_area]
    return new StepResponse<PricedOrder>({
      lines,
      location_id: shop.location_id,
      region_id: shop.region_id,
      sales_channel_id: shop.sales_channel_id,
      items_total: itemsTotal,
      delivery_charge: deliveryCharge,
      total: itemsTotal + deliveryCharge,
    })
  }
)
