import { keepPreviousData, useQuery } from "@tanstack/react-query"
import type { DashboardAnswer } from "@shop/contract"
import { adminKeys, shopApi } from "../lib/api"
import type { DashboardPeriod } from "../lib/dashboard"

/** The dashboard's figures for a period; the last period's stay on screen while the next loads. */
export function useDashboard(period: DashboardPeriod) {
  return useQuery({
    queryKey: adminKeys.dashboardPeriod(period),
    queryFn: async () => (await shopApi<DashboardAnswer>("/api/admin/dashboard", { query: { period } })).data,
    placeholderData: keepPreviousData,
  })
}
