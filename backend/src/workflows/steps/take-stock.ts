import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { BN } from "../../lib/landing-page"
import { ENGLISH_STOCK_MESSAGES, returnStock, takeStock, type StockLine } from "../../lib/stock"

export type TakeStockInput = { location_id: string; lines: StockLine[]; language?: "en" | "bn" }

/** Takes the order's units out of stock (all or none); compensation puts them back. */
export const takeStockStep = createStep(
  "take-stock",
  async (input: TakeStockInput, { container }) => {
    await takeStock(container, input.location_id, input.lines, input.language === "bn" ? BN : ENGLISH_STOCK_MESSAGES)
    return new StepResponse(true, input)
  },
  async (taken, { container }) => {
    if (!taken) return
    await returnStock(container, taken.location_id, taken.lines)
  }
)
