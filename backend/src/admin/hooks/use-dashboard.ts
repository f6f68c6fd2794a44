import { keepPreviousData, useQuery } from "@tanstack/react-query"
import { adminKeys, shopApi, type ApiAnswer } from "../lib/api"
import type { DashboardData, DashboardPeriod } from "../lib/dashboard"

/** The dashboard's figures for a period; the last period's stay on screen while the next loads. */
export function useDashboard(period: DashboardPeriod) {
  return useQuery({
    queryKey: adminKeys.dashboardPeriod(period),
    queryFn: async () =>
      (await shopApi<ApiAnswer & { data: DashboardData }>("/api/admin/dashboard", { query: { period } })).data,
    placeholderData: keepPreviousData,
  })
}
