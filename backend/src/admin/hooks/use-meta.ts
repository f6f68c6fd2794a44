import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { MessageAnswer, MetaPurchaseTrigger, MetaSettingsAnswer, MetaSettingsRequest } from "@shop/contract"
import { adminKeys, shopApi } from "../lib/api"

/** The shop's Meta settings: when Purchase is sent, the default pixel, whether a token is set. */
export function useMetaSettings() {
  return useQuery({
    queryKey: adminKeys.metaSettings(),
    queryFn: async () => (await shopApi<MetaSettingsAnswer>("/api/admin/meta/settings")).data,
  })
}

/** Chooses when the server sends Purchase; answers the server's message ("Meta settings saved"). */
export function useSaveMetaSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (purchaseOn: MetaPurchaseTrigger) =>
      shopApi<MetaSettingsAnswer & MessageAnswer>("/api/admin/meta/settings", {
        method: "PUT",
        body: { purchaseOn } satisfies MetaSettingsRequest,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.meta() }),
  })
}
