import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import {
  IDEMPOTENCY_HEADER,
  type AdminOrderAnswer,
  type BulkStatusAnswer,
  type BulkStatusRequest,
  type ManualOrderRequest,
  type MessageAnswer,
  type OrderExportRequest,
  type PhoneViewAnswer,
  type PhoneViewQuery,
  type PrintOrdersRequest,
} from "@shop/contract"
import { adminKeys, shopApi } from "../lib/api"
import { postForFile } from "../lib/dispatch"

/** Prints orders' invoices and labels (one PDF); the lists are read again (their Printed marks). */
export function usePrintOrders() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: PrintOrdersRequest) => postForFile("/api/admin/order/print", request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.orders() }),
  })
}

/** One status for many orders; the lists, the dashboard and the stock are read again. */
export function useBulkStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: BulkStatusRequest) =>
      shopApi<BulkStatusAnswer>("/api/admin/order/bulk-status", { method: "PUT", body: request }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.orders() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.products() }),
      ]),
  })
}

/** The chosen orders as a CSV file. */
export function useExportOrders() {
  return useMutation({
    mutationFn: (request: OrderExportRequest) => postForFile("/api/admin/order/export", request),
  })
}

/** A phone's orders here and the guard's view of an order of these products (only for a Bangladeshi mobile). */
export function usePhoneView(phone: string | null, productIds: string[]) {
  const ids = [...new Set(productIds)].sort().join(",")
  return useQuery({
    queryKey: [...adminKeys.orders(), "phone-view", phone ?? "", ids],
    queryFn: () =>
      shopApi<PhoneViewAnswer>("/api/admin/order/phone-view", {
        query: { phone: phone!, ...(ids ? { productIds: ids } : {}) } satisfies PhoneViewQuery,
      }),
    enabled: Boolean(phone),
    select: (answer) => answer.data,
  })
}

/** Saves an order staff took; a retry of one attempt sends its Idempotency-Key again (one order, however many taps). */
export function useAddManualOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ request, key }: { request: ManualOrderRequest; key: string }) =>
      shopApi<AdminOrderAnswer & MessageAnswer>("/api/admin/order/manual", {
        method: "POST",
        body: request,
        headers: { [IDEMPOTENCY_HEADER]: key },
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.orders() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.products() }),
      ]),
  })
}
