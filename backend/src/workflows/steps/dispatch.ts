import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { SHOP_ORDER_MODULE } from "../../modules/shop-order"
import type ShopOrderModuleService from "../../modules/shop-order/service"
import type { PrintMark } from "../../modules/shop-order/service"
import { ordersByIds, printShop, toPrintOrder } from "../../read-models/dispatch"

/**
 * Marks the orders printed, all or none (409 for one printed before unless
 * reprinting: modules/shop-order claimPrint). Compensation puts their marks
 * back as they were.
 */
export const claimPrintStep = createStep(
  "claim-print",
  async (input: { order_ids: string[]; reprint: boolean }, { container }) => {
    const service: ShopOrderModuleService = container.resolve(SHOP_ORDER_MODULE)
    const before = await service.claimPrint(input.order_ids, input.reprint)
    return new StepResponse(undefined, before)
  },
  async (before: PrintMark[] | undefined, { container }) => {
    if (!before?.length) return
    const service: ShopOrderModuleService = container.resolve(SHOP_ORDER_MODULE)
    await service.restorePrint(before)
  }
)

/** What the papers show: each order (in the order given) and the shop. Reads only. */
export const loadPrintOrdersStep = createStep(
  "load-print-orders",
  async (input: { order_ids: string[] }, { container }) => {
    const [orders, shop] = await Promise.all([ordersByIds(container, input.order_ids), printShop(container)])
    return new StepResponse({ orders: orders.map(toPrintOrder), shop })
  }
)
