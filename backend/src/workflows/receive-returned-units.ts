import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import {
  createStep,
  createWorkflow,
  StepResponse,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, emitEventStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { PARCEL_CHANGED } from "../lib/order-events"
import { productChanges } from "../lib/public-cache"
import type { ParcelRecord } from "../modules/couriers"
import { SHOP_ORDER_MODULE } from "../modules/shop-order"
import type ShopOrderModuleService from "../modules/shop-order/service"
import type { StockLine } from "../modules/shop-order/stock"
import { liveParcelByOrderNumber } from "../read-models/couriers"
import { publishPublicCacheStep } from "./steps/public-cache"

export type ReceiveReturnedUnitsInput = {
  order_id: string
  /** a partial delivery: the units that came back; a returned parcel: omitted, every unit came back */
  items?: { product_id: string; quantity: number }[]
}

type Line = { product_id: string | null; title: string; quantity: number; inventory_item_id: string | null }
type Undo = {
  shop_order_id: string
  stock_taken: boolean
  fulfillment_id: string
  data: ParcelRecord
  location_id: string
  lines: StockLine[]
}

/**
 * Units a courier brought back, received by the merchant: they go back into
 * stock and the parcel records them. A returned parcel brings every unit not
 * received yet; a partial delivery the units the merchant names (at most what
 * was ordered, less what came back before).
 */
const receiveReturnedUnitsStep = createStep(
  "receive-returned-units",
  async (input: ReceiveReturnedUnitsInput, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "order",
      fields: [
        "id",
        "shop_order.id",
        "shop_order.order_number",
        "shop_order.stock_taken",
        "items.product_id",
        "items.title",
        "items.quantity",
        "items.detail.quantity",
        "items.variant.inventory_items.inventory_item_id",
      ],
      filters: { id: input.order_id },
    })
    type Row = {
      shop_order?: { id: string; order_number: string; stock_taken: boolean } | null
      items?:
        | {
            product_id?: string | null
            title: string
            quantity?: unknown
            detail?: { quantity?: unknown } | null
            variant?: { inventory_items?: { inventory_item_id: string }[] | null } | null
          }[]
        | null
    }
    const row = data[0] as Row | undefined
    if (!row?.shop_order) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Order not found")
    const parcel = await liveParcelByOrderNumber(container, row.shop_order.order_number, true)
    if (!parcel?.record.awaiting_return) {
      throw new MedusaError(MedusaError.Types.CONFLICT, "No units are on their way back from a courier for this order")
    }
    const received = parcel.record.returned_units ?? []
    const ordered: Line[] = (row.items ?? []).map((i) => ({
      product_id: i.product_id ?? null,
      title: i.title,
      quantity: Number(i.quantity ?? i.detail?.quantity),
      inventory_item_id: i.variant?.inventory_items?.[0]?.inventory_item_id ?? null,
    }))
    const left = (line: Line) =>
      line.quantity - received.filter((u) => u.product_id === line.product_id).reduce((sum, u) => sum + u.quantity, 0)

    let back: Line[]
    if (parcel.record.outcome === "returned") {
      back = ordered.map((line) => ({ ...line, quantity: left(line) })).filter((line) => line.quantity > 0)
    } else {
      if (!input.items?.length)
        throw new MedusaError(MedusaError.Types.INVALID_DATA, "Name the units that came back from the partial delivery")
      back = input.items.map((item) => {
        const line = ordered.find((l) => l.product_id === item.product_id)
        if (!line) throw new MedusaError(MedusaError.Types.INVALID_DATA, "A unit that came back is not in this order")
        if (item.quantity > left(line)) {
          throw new MedusaError(MedusaError.Types.INVALID_DATA, `At most ${left(line)} of ${line.title} can come back`)
        }
        return { ...line, quantity: item.quantity }
      })
    }
    const [store] = await container.resolve(Modules.STORE).listStores({}, { select: ["default_location_id"] })
    const stockLines: StockLine[] = back
      .filter((line) => line.inventory_item_id && line.quantity > 0)
      .map((line) => ({ inventory_item_id: line.inventory_item_id!, quantity: line.quantity, title: line.title }))
    const service: ShopOrderModuleService = container.resolve(SHOP_ORDER_MODULE)
    const undo: Undo = {
      shop_order_id: row.shop_order.id,
      stock_taken: row.shop_order.stock_taken,
      fulfillment_id: parcel.fulfillmentId,
      data: parcel.record,
      location_id: store!.default_location_id!,
      lines: stockLines,
    }
    await service.returnStock(undo.location_id, stockLines)
    // a returned parcel is wholly back: the cancelled order no longer holds units
    if (parcel.record.outcome === "returned")
      await service.updateShopOrders({ id: row.shop_order.id, stock_taken: false })
    const record: ParcelRecord = {
      ...parcel.record,
      awaiting_return: false,
      returned_units: [
        ...received,
        ...back.map((line) => ({ product_id: line.product_id, title: line.title, quantity: line.quantity })),
      ],
      updated_at: new Date().toISOString(),
    }
    await container.resolve(Modules.FULFILLMENT).updateFulfillment(parcel.fulfillmentId, { data: record })
    return new StepResponse(
      {
        units: back.reduce((sum, line) => sum + line.quantity, 0),
        stock_changed: [...new Set(back.map((line) => line.product_id))],
      },
      undo
    )
  },
  async (undo, { container }) => {
    if (!undo) return
    const service: ShopOrderModuleService = container.resolve(SHOP_ORDER_MODULE)
    await service.takeStock(undo.location_id, undo.lines).catch(() => undefined)
    await service.updateShopOrders({ id: undo.shop_order_id, stock_taken: undo.stock_taken })
    await container.resolve(Modules.FULFILLMENT).updateFulfillment(undo.fulfillment_id, { data: undo.data })
  }
)

/** The merchant received a courier's returned units (POST /api/admin/order/{orderId}/courier/returned). One change per order at a time. */
export const receiveReturnedUnitsWorkflow = createWorkflow(
  "receive-returned-units",
  (input: ReceiveReturnedUnitsInput) => {
    acquireLockStep({ key: input.order_id, timeout: 30, ttl: 30, retryInterval: 0.05 })
    const result = receiveReturnedUnitsStep(input)
    releaseLockStep({ key: input.order_id })
    // the units kept by the shopper are fewer: the order's profit (subscribers/order-profit.ts)
    emitEventStep(transform({ input }, ({ input }) => ({ eventName: PARCEL_CHANGED, data: { id: input.order_id } })))
    // the units are back in stock: the storefront servers drop what they cached
    publishPublicCacheStep(transform({ result }, ({ result }) => ({ messages: productChanges(result.stock_changed) })))
    return new WorkflowResponse(result)
  }
)
