import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type {
  AdminOrderAnswer,
  BlocklistAnswer,
  BlocklistEntryAnswer,
  BlocklistRequest,
  ConfirmationRequest,
  GuardRulesAnswer,
  GuardRulesRequest,
  HeldOrdersAnswer,
  MessageAnswer,
} from "@shop/contract"
import { adminKeys, shopApi } from "../lib/api"

/** Orders waiting for a confirmation call, oldest first. */
export function useHeldOrders() {
  return useQuery({
    queryKey: adminKeys.heldOrders(),
    queryFn: async () => (await shopApi<HeldOrdersAnswer>("/api/admin/order/to-confirm")).data ?? [],
    refetchInterval: 60_000,
  })
}

/**
 * Records a call's outcome; answers the server's message ("Confirmed recorded").
 * The queue, the orders (a fake one is cancelled), the dashboard, the stock and
 * the blocklist are read again.
 */
export function useConfirmOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ orderId, ...body }: ConfirmationRequest & { orderId: string }) =>
      shopApi<AdminOrderAnswer & MessageAnswer>(`/api/admin/order/${encodeURIComponent(orderId)}/confirmation`, {
        method: "POST",
        body: body satisfies ConfirmationRequest,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.orders() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.products() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.blocklist() }),
      ]),
  })
}

export function useGuardRules() {
  return useQuery({
    queryKey: adminKeys.guardRules(),
    queryFn: async () => (await shopApi<GuardRulesAnswer>("/api/admin/order-guard/rules")).data,
  })
}

/** Saves some of the rules; answers the server's message ("Rules saved") and every rule. */
export function useSaveGuardRules() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (rules: GuardRulesRequest) =>
      shopApi<GuardRulesAnswer & MessageAnswer>("/api/admin/order-guard/rules", { method: "PUT", body: rules }),
    onSuccess: (answer) => queryClient.setQueryData(adminKeys.guardRules(), answer.data),
  })
}

/** The blocklist, newest first. */
export function useBlocklist() {
  return useQuery({
    queryKey: adminKeys.blocklist(),
    queryFn: async () => (await shopApi<BlocklistAnswer>("/api/admin/order-guard/blocklist")).data ?? [],
  })
}

export function useAddBlocklistEntry() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BlocklistRequest) =>
      shopApi<BlocklistEntryAnswer>("/api/admin/order-guard/blocklist", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.blocklist() }),
  })
}

export function useRemoveBlocklistEntry() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      shopApi<MessageAnswer>(`/api/admin/order-guard/blocklist/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.blocklist() }),
  })
}
