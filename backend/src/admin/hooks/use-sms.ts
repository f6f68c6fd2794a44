import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type {
  MessageAnswer,
  SmsOverview,
  SmsOverviewAnswer,
  SmsTemplatesAnswer,
  SmsTemplatesRequest,
  SmsTestAnswer,
  SmsTestRequest,
} from "@shop/contract"
import { adminKeys, shopApi } from "../lib/api"

/** The Text messages page: gateway, part cost, templates, the last days' totals. */
export function useSmsOverview() {
  return useQuery({
    queryKey: adminKeys.sms(),
    queryFn: async () => (await shopApi<SmsOverviewAnswer>("/api/admin/sms")).data,
    // the templates form is keyed by what was read: a refetch on focus would throw away unsaved words
    refetchOnWindowFocus: false,
  })
}

/** Saves some events' words or switches; the page then shows the saved templates. */
export function useSaveSmsTemplates() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: SmsTemplatesRequest) =>
      shopApi<SmsTemplatesAnswer & MessageAnswer>("/api/admin/sms/templates", { method: "PUT", body }),
    onSuccess: (answer) =>
      queryClient.setQueryData<SmsOverview>(adminKeys.sms(), (old) => (old ? { ...old, templates: answer.data } : old)),
  })
}

/** Sends a test message now; the day's totals are read again after it. */
export function useSendTestSms() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: SmsTestRequest) =>
      shopApi<SmsTestAnswer & MessageAnswer>("/api/admin/sms/send-test", { method: "POST", body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.sms() }),
  })
}
