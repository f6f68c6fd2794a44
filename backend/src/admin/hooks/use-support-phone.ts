import { useQuery } from "@tanstack/react-query"
import type { AdminSupportAnswer } from "@shop/contract"
import { adminKeys, shopApi } from "../lib/api"

/** The customer-support line (SHOP_SUPPORT_PHONE of the backend); it changes only with a restart. */
export function useSupportPhone() {
  return useQuery({
    queryKey: adminKeys.support(),
    queryFn: async () => (await shopApi<AdminSupportAnswer>("/api/admin/support")).data.supportPhone,
    staleTime: Infinity,
  })
}
