import { generateEntityId } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { BN_MESSAGES, STOCK_MESSAGES } from "@shop/contract"
import { SHOP_ORDER_MODULE } from "../../modules/shop-order"
import type ShopOrderModuleService from "../../modules/shop-order/service"
import type { StockLine } from "../../modules/shop-order/stock"

export type TakeStockInput = { location_id: string; lines: StockLine[]; language?: "en" | "bn" }

/** The ids the order and its payment collection will get, chosen with the stock take. */
export type TakenStock = { order_id: string; payment_collection_id: string }

/**
 * Takes the order's units out of stock (all or none) and, in the same
 * transaction, holds them for the order: the ids of the Medusa order and its
 * payment collection are chosen here, so a hold left by a killed process
 * names what to clean up (src/jobs/release-stock-holds.ts). Compensation puts
 * the units back if the hold is still there.
 */
export const takeStockStep = createStep(
  "take-stock",
  async (input: TakeStockInput, { container }) => {
    const taken: TakenStock = {
      order_id: generateEntityId(undefined, "order"),
      payment_collection_id: generateEntityId(undefined, "pay_col"),
    }
    await container
      .resolve<ShopOrderModuleService>(SHOP_ORDER_MODULE)
      .takeStock(input.location_id, input.lines, input.language === "bn" ? BN_MESSAGES : STOCK_MESSAGES, taken)
    return new StepResponse(taken, taken)
  },
  async (taken, { container }) => {
    if (!taken) return
    await container.resolve<ShopOrderModuleService>(SHOP_ORDER_MODULE).returnHeldStock(taken.order_id)
  }
)
