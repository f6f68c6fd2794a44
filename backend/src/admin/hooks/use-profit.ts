import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type {
  AdSpendSyncAnswer,
  MessageAnswer,
  ProductCostAnswer,
  ProfitAnswer,
  ProfitSettings,
  ProfitSettingsAnswer,
} from "@shop/contract"
import { adminKeys, shopApi } from "../lib/api"
import type { ProfitPeriod } from "../lib/profit"

/** The Profit screen for a period; the last period's figures stay on screen while the next loads. */
export function useProfit(period: ProfitPeriod) {
  return useQuery({
    queryKey: adminKeys.profitReport(period),
    queryFn: async () => (await shopApi<ProfitAnswer>("/api/admin/profit", { query: period })).data,
    placeholderData: keepPreviousData,
  })
}

/** The packaging cost and courier rates (the defaults until saved). */
export function useProfitSettings() {
  return useQuery({
    queryKey: adminKeys.profitSettings(),
    queryFn: async () => (await shopApi<ProfitSettingsAnswer>("/api/admin/profit/settings")).data,
    // the form is keyed by what was read: a refetch on focus would throw away unsaved rates
    refetchOnWindowFocus: false,
  })
}

/** Saves the rates; the figures are read again (orders are counted with them from their next change on). */
export function useSaveProfitSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ProfitSettings) =>
      shopApi<ProfitSettingsAnswer & MessageAnswer>("/api/admin/profit/settings", { method: "PUT", body }),
    onSuccess: (answer) => queryClient.setQueryData(adminKeys.profitSettings(), answer.data),
  })
}

/** Reads Meta's ad spend now; the figures are read again after it. */
export function useReadAdSpend() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => shopApi<AdSpendSyncAnswer>("/api/admin/profit/ad-spend", { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.profit() }),
  })
}

/** A product's cost price and its history. */
export function useProductCost(productId: string | null) {
  return useQuery({
    queryKey: adminKeys.productCost(productId ?? ""),
    queryFn: async () => (await shopApi<ProductCostAnswer>(`/api/admin/profit/costs/${productId}`)).data,
    enabled: !!productId,
  })
}

/** Sets a product's cost price from now on. */
export function useSetProductCost(productId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (cost: number) =>
      shopApi<ProductCostAnswer & MessageAnswer>(`/api/admin/profit/costs/${productId}`, {
        method: "PUT",
        body: { cost },
      }),
    onSuccess: (answer) => queryClient.setQueryData(adminKeys.productCost(productId), answer.data),
  })
}
