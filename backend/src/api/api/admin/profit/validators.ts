import { z } from "@medusajs/framework/zod"
import type { Holds, Ties } from "#app/api/utils/validate"
import {
  isCostPrice,
  MAX_COST,
  profitSettingsProblem,
  type ProfitPeriodQuery,
  type ProfitSettings,
} from "@shop/contract"

const day = z
  .string({ error: "from and to must be days written YYYY-MM-DD" })
  .max(10, "from and to must be days written YYYY-MM-DD")

/** GET /api/admin/profit and its export: `from` and `to`, days in Dhaka (profitPeriod reads them). */
export const ProfitPeriodSchema = z.object({ from: day.optional(), to: day.optional() }).strict()
export type ProfitPeriodParams = z.infer<typeof ProfitPeriodSchema>
type _PeriodTied = Holds<Ties<typeof ProfitPeriodSchema, ProfitPeriodQuery>>

const rate = z.number({ error: "Every rate must be a number" })
const courierRule = z.object({ dhakaFee: rate, outsideFee: rate, codPercent: rate, returnPercent: rate }).strict()

/** PUT /api/admin/profit/settings: the whole settings (the contract's profitSettingsProblem has the last word). */
export const ProfitSettingsSchema = z
  .object({
    packagingCost: rate,
    couriers: z.object({ steadfast: courierRule, pathao: courierRule, manual: courierRule }).strict(),
  })
  .strict()
  .superRefine((settings, ctx) => {
    const problem = profitSettingsProblem(settings)
    if (problem) ctx.addIssue({ code: "custom", message: problem })
  })
export type ProfitSettingsBody = z.infer<typeof ProfitSettingsSchema>
type _SettingsTied = Holds<Ties<typeof ProfitSettingsSchema, ProfitSettings>>

/** PUT /api/admin/profit/costs/{productId}: the cost price from now on, taka. */
export const ProductCostSchema = z
  .object({
    cost: z
      .number({ error: "cost must be a number of taka" })
      .refine(isCostPrice, `cost must be from 0 to ${MAX_COST} taka, with at most two decimals`),
  })
  .strict()
export type ProductCostBody = z.infer<typeof ProductCostSchema>
