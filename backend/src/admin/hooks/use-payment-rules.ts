import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { MessageAnswer, PaymentOptionsAnswer, PaymentRulesAnswer, PaymentRulesRequest } from "@shop/contract"
import { adminKeys, shopApi } from "../lib/api"

export function usePaymentRules() {
  return useQuery({
    queryKey: adminKeys.paymentRules(),
    queryFn: async () => (await shopApi<PaymentRulesAnswer>("/api/admin/payment/rules")).data,
    // the form is keyed by what was read: a refetch on focus would throw away the merchant's unsaved edits
    refetchOnWindowFocus: false,
  })
}

/** Whether bKash is set up on this server (the shoppers' own options: bKash false means cash only). */
export function useBkashReady() {
  return useQuery({
    queryKey: [...adminKeys.paymentRules(), "options"],
    queryFn: async () => (await shopApi<PaymentOptionsAnswer>("/api/shop/order/payment-options")).data.bkash,
  })
}

/** Saves some of the rules; answers the server's message ("Rules saved") and every rule. */
export function useSavePaymentRules() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (rules: PaymentRulesRequest) =>
      shopApi<PaymentRulesAnswer & MessageAnswer>("/api/admin/payment/rules", { method: "PUT", body: rules }),
    onSuccess: (answer) => queryClient.setQueryData(adminKeys.paymentRules(), answer.data),
  })
}
