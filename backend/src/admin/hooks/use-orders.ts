import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type {
  AdminOrderAnswer,
  AdminOrdersAnswer,
  AdminOrdersQuery,
  UpdateOrderStatusAnswer,
  UpdateOrderStatusRequest,
} from "@shop/contract"
import { adminKeys, shopApi } from "../lib/api"
import { normalizeSearch, type ShopOrder } from "../lib/orders"

type OrderListParams = { q: string; offset: number; limit: number }

/** One page of orders and how many match, searched and paged by the server (`q`, `offset`, `limit`). */
async function fetchOrders(params: OrderListParams): Promise<{ orders: ShopOrder[]; count: number }> {
  const q = normalizeSearch(params.q)
  const answer = await shopApi<AdminOrdersAnswer>("/api/admin/order/all-orders", {
    query: { q: q || undefined, offset: params.offset, limit: params.limit } satisfies AdminOrdersQuery,
  })
  // with offset and limit the server always answers one page and its count
  if (!Array.isArray(answer.data) || typeof answer.count !== "number") {
    throw new Error("The orders list came without its page or count")
  }
  return { orders: answer.data, count: answer.count }
}

export function useOrders(params: OrderListParams) {
  const key = { ...params, q: normalizeSearch(params.q) }
  return useQuery({
    queryKey: adminKeys.orderList(key),
    queryFn: () => fetchOrders(key),
    placeholderData: keepPreviousData,
  })
}

/** One order, fresh from the server (the list's row is shown meanwhile). */
export function useOrder(id: string | null, initial?: ShopOrder) {
  return useQuery({
    queryKey: adminKeys.orderDetail(id ?? ""),
    queryFn: async (): Promise<ShopOrder> =>
      (await shopApi<AdminOrderAnswer>(`/api/admin/order/order-details/${encodeURIComponent(id!)}`)).data,
    enabled: Boolean(id),
    placeholderData: initial,
  })
}

/** Sets an order's status; the lists, the order and the dashboard are read again. */
export function useUpdateOrderStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: UpdateOrderStatusRequest) =>
      shopApi<UpdateOrderStatusAnswer>("/api/admin/order/update-order-status", {
        method: "PUT",
        body: input,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.orders() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.products() }),
      ]),
  })
}
