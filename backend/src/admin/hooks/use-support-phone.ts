import { useQuery } from "@tanstack/react-query"
import type { AdminSupportInfo } from "@shop/contract"
import { adminKeys, shopApi, type ApiAnswer } from "../lib/api"

/** The customer-support line (SHOP_SUPPORT_PHONE of the backend); it changes only with a restart. */
export function useSupportPhone() {
  return useQuery({
    queryKey: adminKeys.support(),
    queryFn: async () => (await shopApi<ApiAnswer & { data: AdminSupportInfo }>("/api/admin/support")).data.supportPhone,
    staleTime: Infinity,
  })
}
