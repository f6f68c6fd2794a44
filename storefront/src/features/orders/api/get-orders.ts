import { queryOptions, useQuery } from "@tanstack/react-query"
import { ensureSuccess } from "@/lib/api-error"
import { sdk } from "@/lib/sdk"
import type { Order, OrdersAnswer } from "@shop/contract"

export const ordersKeys = {
  all: ["orders"] as const,
  list: (userId: string) => [...ordersKeys.all, "list", userId] as const,
}

/** GET /api/shop/order/get-orders/{userId}: the customer's orders, newest first. */
export async function getOrders(userId: string): Promise<Order[]> {
  const body = await sdk.client.fetch<OrdersAnswer>(`/api/shop/order/get-orders/${encodeURIComponent(userId)}`)
  const { data } = ensureSuccess(body, "Failed to load orders")
  return Array.isArray(data) ? data : []
}

export function getOrdersQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ordersKeys.list(userId),
    queryFn: () => getOrders(userId),
  })
}

export function useOrders(userId: string) {
  return useQuery(getOrdersQueryOptions(userId))
}
