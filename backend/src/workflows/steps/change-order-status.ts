import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { OrderStatus } from "@shop/contract"
import { SHOP_ORDER_MODULE } from "../../modules/shop-order"
import type ShopOrderModuleService from "../../modules/shop-order/service"
import type { StockLine } from "../../modules/shop-order/stock"

type Undo = {
  id: string
  status: OrderStatus
  status_changed_at: Date
  stock_taken: boolean
  location_id: string
  lines: StockLine[]
  /** +1: this step took stock, -1: it gave stock back, 0: neither */
  moved: number
}

/** The order's units at the default location, read from the Medusa order's lines. */
async function orderStockLines(
  container: Parameters<Parameters<typeof createStep>[1]>[1]["container"],
  orderId: string
): Promise<{ location_id: string; lines: StockLine[]; product_ids: string[] }> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const [{ data }, [store]] = await Promise.all([
    query.graph({
      entity: "order",
      fields: [
        "items.title",
        "items.quantity",
        "items.detail.quantity",
        "items.product_id",
        "items.variant.inventory_items.inventory_item_id",
      ],
      filters: { id: orderId },
      withDeleted: true,
    }),
    container.resolve(Modules.STORE).listStores({}),
  ])
  type Item = {
    title: string
    product_id?: string | null
    quantity?: unknown
    detail?: { quantity: unknown } | null
    variant?: { inventory_items?: { inventory_item_id: string }[] | null } | null
  }
  const items = ((data[0] as { items?: Item[] } | undefined)?.items ?? []) as Item[]
  return {
    location_id: store!.default_location_id!,
    lines: items
      .filter((i) => i.variant?.inventory_items?.[0]?.inventory_item_id)
      .map((i) => ({
        inventory_item_id: i.variant!.inventory_items![0].inventory_item_id,
        quantity: Number(i.quantity ?? i.detail?.quantity),
        title: i.title,
      })),
    product_ids: [...new Set(items.map((i) => i.product_id).filter((id): id is string => !!id))],
  }
}

/**
 * Sets the shop status. Into `cancelled` the units go back to stock; out of
 * `cancelled` they are taken again, or the change is refused with 409 when the
 * stock is gone. Compensation restores the status and the stock.
 */
export const changeOrderStatusStep = createStep(
  "change-order-status",
  async (
    input: {
      order_id: string
      status: OrderStatus
      refuse_from?: { statuses: OrderStatus[]; message: string }
      /** into `cancelled` without the units: a courier's returned parcel, restocked when the merchant receives it */
      keep_stock?: boolean
    },
    { container }
  ) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "order",
      fields: ["id", "shop_order.id", "shop_order.status", "shop_order.stock_taken", "shop_order.status_changed_at"],
      filters: { id: input.order_id },
    })
    const record = (
      data[0] as
        { shop_order?: { id: string; status: OrderStatus; stock_taken: boolean; status_changed_at: Date } } | undefined
    )?.shop_order
    if (!record) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, "Order not found")
    }
    // read under the order's lock (the workflow holds it): no change slips in between
    if (input.refuse_from?.statuses.includes(record.status)) {
      throw new MedusaError(MedusaError.Types.CONFLICT, input.refuse_from.message.replace("{status}", record.status))
    }
    const { location_id, lines, product_ids } = await orderStockLines(container, input.order_id)
    const undo: Undo = {
      id: record.id,
      status: record.status,
      status_changed_at: record.status_changed_at,
      stock_taken: record.stock_taken,
      location_id,
      lines,
      moved: 0,
    }
    const service: ShopOrderModuleService = container.resolve(SHOP_ORDER_MODULE)
    let stockTaken = record.stock_taken
    if (input.status === "cancelled" && record.stock_taken && !input.keep_stock) {
      await service.returnStock(location_id, lines)
      undo.moved = -1
      stockTaken = false
    } else if (input.status !== "cancelled" && !record.stock_taken) {
      await service.takeStock(location_id, lines) // 409 when the units are gone
      undo.moved = 1
      stockTaken = true
    }
    await service.updateShopOrders({
      id: record.id,
      status: input.status,
      status_changed_at: new Date(),
      stock_taken: stockTaken,
    })
    // the products whose stock moved (the storefront servers are told: update-order-status.ts)
    const stock_changed = undo.moved ? product_ids : []
    return new StepResponse({ previous: record.status, status: input.status, stock_changed }, undo)
  },
  async (undo, { container }) => {
    if (!undo) return
    const service: ShopOrderModuleService = container.resolve(SHOP_ORDER_MODULE)
    if (undo.moved === -1) await service.takeStock(undo.location_id, undo.lines).catch(() => undefined)
    if (undo.moved === 1) await service.returnStock(undo.location_id, undo.lines)
    await service.updateShopOrders({
      id: undo.id,
      status: undo.status,
      status_changed_at: undo.status_changed_at,
      stock_taken: undo.stock_taken,
    })
  }
)
