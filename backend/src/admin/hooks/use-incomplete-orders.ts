import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { IncompleteOrdersAnswer, IncompleteOrdersQuery, MessageAnswer, OrderAnswer } from "@shop/contract"
import { adminKeys, shopApi } from "../lib/api"

const incompleteKeys = {
  all: () => [...adminKeys.all, "incomplete-orders"] as const,
  page: (params: { offset: number; limit: number }) => [...incompleteKeys.all(), params] as const,
}

/** One page of the open drafts (GET /api/admin/incomplete-orders), refreshed every half minute while open. */
export function useIncompleteOrders(params: { offset: number; limit: number }) {
  return useQuery({
    queryKey: incompleteKeys.page(params),
    queryFn: () =>
      shopApi<IncompleteOrdersAnswer>("/api/admin/incomplete-orders", {
        query: { offset: params.offset, limit: params.limit } satisfies IncompleteOrdersQuery,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  })
}

/** Turns a draft into an order; the drafts, the orders and the landing-page counts are read again. */
export function useConvertIncompleteOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      shopApi<OrderAnswer & MessageAnswer>(`/api/admin/incomplete-orders/${encodeURIComponent(id)}/convert`, {
        method: "POST",
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: incompleteKeys.all() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.orders() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.landingPages() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() }),
      ]),
  })
}
