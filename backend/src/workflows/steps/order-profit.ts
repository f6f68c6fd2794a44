import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PROFIT_MODULE, type OrderProfitRow, type ProfitModuleService } from "../../modules/profit"
import { computeOrderProfits } from "../../read-models/profit"

/** These orders' profit rows from what the shop knows now (reads only). */
export const computeOrderProfitStep = createStep(
  "compute-order-profit",
  async (input: { order_ids: string[] }, { container }) =>
    new StepResponse(await computeOrderProfits(container, [...new Set(input.order_ids)]))
)

/**
 * Writes the rows whole (each order's row and lines replaced in one
 * transaction); compensation puts back what the orders had, removing rows
 * that were not there before.
 */
export const writeOrderProfitStep = createStep(
  "write-order-profit",
  async (rows: OrderProfitRow[], { container }) => {
    const service = container.resolve<ProfitModuleService>(PROFIT_MODULE)
    const ids = rows.map((row) => row.order_id)
    const before = await service.orderRows(ids)
    await service.writeOrderRows(rows)
    const had = new Set(before.map((row) => row.order_id))
    return new StepResponse(rows.length, { before, added: ids.filter((id) => !had.has(id)) })
  },
  async (undo, { container }) => {
    if (!undo) return
    await container.resolve<ProfitModuleService>(PROFIT_MODULE).writeOrderRows(undo.before, undo.added)
  }
)
