import { z } from "@medusajs/framework/zod"
import type { Holds, Ties } from "#app/api/utils/validate"
import { DASHBOARD_PERIODS, DEFAULT_DASHBOARD_PERIOD, type DashboardQuery } from "@shop/contract"

export const GetDashboardSchema = z
  .object({
    period: z
      .enum(DASHBOARD_PERIODS, { error: `period must be one of ${DASHBOARD_PERIODS.join(", ")}` })
      .default(DEFAULT_DASHBOARD_PERIOD),
  })
  .strict()

export type GetDashboardQuery = z.infer<typeof GetDashboardSchema>
type _Tied = Holds<Ties<typeof GetDashboardSchema, DashboardQuery>>
