import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { Order } from "@shop/contract"
import { adminKeys, shopApi, type ApiAnswer } from "../lib/api"
import type { IncompleteOrder } from "../lib/incomplete-orders"

const incompleteKeys = {
  all: () => [...adminKeys.all, "incomplete-orders"] as const,
  page: (params: { offset: number; limit: number }) => [...incompleteKeys.all(), params] as const,
}

type ListAnswer = ApiAnswer & { data: IncompleteOrder[]; count: number; offset: number; limit: number }

/** One page of the open drafts (GET /api/admin/incomplete-orders), refreshed every half minute while open. */
export function useIncompleteOrders(params: { offset: number; limit: number }) {
  return useQuery({
    queryKey: incompleteKeys.page(params),
    queryFn: () =>
      shopApi<ListAnswer>("/api/admin/incomplete-orders", { query: { offset: params.offset, limit: params.limit } }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  })
}

/** Turns a draft into an order; the drafts, the orders and the landing-page counts are read again. */
export function useConvertIncompleteOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      shopApi<ApiAnswer & { data: Order }>(`/api/admin/incomplete-orders/${encodeURIComponent(id)}/convert`, { method: "POST" }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: incompleteKeys.all() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.orders() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.landingPages() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() }),
      ]),
  })
}
