import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { isMedusaId, loadShopProducts, unitPrice } from "../../lib/shop-products"

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
 * never used) and adds the delivery charge. Reads only.
 */
export const priceShopOrderStep = createStep(
  "price-shop-order",
  async (input: { items: OrderLineInput[]; delivery_charge: number }, { container }) => {
    // one line per product
    const quantities = new Map<string, number>()
    for (const item of input.items) {
      quantities.set(item.product_id, (quantities.get(item.product_id) ?? 0) + item.quantity)
    }
    if (!quantities.size) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "Your cart is empty!")
    }
    const ids = [...quantities.keys()]
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const valid = ids.filter((id) => isMedusaId("prod", id))
    const [products, { data: variants }, [store], [region]] = await Promise.all([
      valid.length ? loadShopProducts(query, { id: valid }) : Promise.resolve([]),
      valid.length
        ? query.graph({
            entity: "variant",
            fields: ["id", "product_id", "inventory_items.inventory_item_id"],
            filters: { product_id: valid },
          })
        : Promise.resolve({ data: [] as never[] }),
      container.resolve(Modules.STORE).listStores({}),
      container.resolve(Modules.REGION).listRegions({ currency_code: "bdt" }),
    ])
    const byId = new Map(products.map((p) => [p._id, p]))
    const lines: PricedLine[] = ids.map((id) => {
      const product = byId.get(id)
      const variant = (variants as { id: string; product_id: string; inventory_items?: { inventory_item_id: string }[] }[]).find(
        (v) => v.product_id === id
      )
      const itemId = variant?.inventory_items?.[0]?.inventory_item_id
      if (!product || !variant || !itemId) {
        throw new MedusaError(MedusaError.Types.NOT_FOUND, "Product not found!")
      }
      return {
        product_id: id,
        variant_id: variant.id,
        inventory_item_id: itemId,
        title: product.title,
        image: product.image,
        unit_price: unitPrice(product),
        quantity: quantities.get(id)!,
      }
    })
    if (!store?.default_location_id || !store.default_sales_channel_id || !region) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, "The shop is not set up: run the seed first")
    }
    const itemsTotal = lines.reduce((sum, l) => sum + l.unit_price * l.quantity, 0)
    return new StepResponse<PricedOrder>({
      lines,
      location_id: store.default_location_id,
      region_id: region.id,
      sales_channel_id: store.default_sales_channel_id,
      items_total: itemsTotal,
      delivery_charge: input.delivery_charge,
      total: itemsTotal + input.delivery_charge,
    })
  }
)
