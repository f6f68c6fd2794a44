import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { MetaPurchaseTrigger, MetaSettings } from "@shop/contract"
import { adminKeys, shopApi, type ApiAnswer } from "../lib/api"

/** The shop's Meta settings: when Purchase is sent, the default pixel, whether a token is set. */
export function useMetaSettings() {
  return useQuery({
    queryKey: adminKeys.metaSettings(),
    queryFn: async () => (await shopApi<ApiAnswer & { data: MetaSettings }>("/api/admin/meta/settings")).data,
  })
}

/** Chooses when the server sends Purchase; answers the server's message ("Meta settings saved"). */
export function useSaveMetaSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (purchaseOn: MetaPurchaseTrigger) =>
      shopApi<ApiAnswer & { message: string; data: MetaSettings }>("/api/admin/meta/settings", { method: "PUT", body: { purchaseOn } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.meta() }),
  })
}
