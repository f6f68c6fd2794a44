import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type {
  BulkCourierBookingAnswer,
  BulkCourierBookingRequest,
  CourierBookingAnswer,
  CourierBookingRequest,
  CourierBookingResult,
  CourierCashAnswer,
  CourierChoicesAnswer,
  ReturnedUnitsAnswer,
  ReturnedUnitsRequest,
  SteadfastPayoutsAnswer,
} from "@shop/contract"
import { adminKeys, shopApi } from "../lib/api"
import { batches } from "../lib/couriers"

/** The couriers and whether each is set up (settings change only with a restart of the backend). */
export function useCourierChoices() {
  return useQuery({
    queryKey: adminKeys.courierChoices(),
    queryFn: async () => (await shopApi<CourierChoicesAnswer>("/api/admin/couriers")).data ?? [],
    staleTime: 5 * 60_000,
  })
}

/** The merchant's cash with the couriers. */
export function useCourierCash() {
  return useQuery({
    queryKey: adminKeys.courierCash(),
    queryFn: async () => (await shopApi<CourierCashAnswer>("/api/admin/couriers/cash")).data,
  })
}

/** After a booking: the orders (list and details), the dashboard and the cash are read again. */
function useInvalidateAfterBooking() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.orders() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.courierCash() }),
    ])
}

/** Sends one order to a courier; answers the server's message ("Sent to Steadfast", "Already with ...") and the parcel. */
export function useBookCourier() {
  const invalidate = useInvalidateAfterBooking()
  return useMutation({
    mutationFn: ({ orderId, ...body }: CourierBookingRequest & { orderId: string }) =>
      shopApi<CourierBookingAnswer>(`/api/admin/order/${encodeURIComponent(orderId)}/courier`, {
        method: "POST",
        body: body satisfies CourierBookingRequest,
      }),
    onSuccess: invalidate,
  })
}

/** Sends many orders to one courier (the route takes 100 a call); answers each order's result. */
export function useBookCouriers() {
  const invalidate = useInvalidateAfterBooking()
  return useMutation({
    mutationFn: async ({ orderIds, ...body }: BulkCourierBookingRequest) => {
      const results: CourierBookingResult[] = []
      for (const batch of batches(orderIds)) {
        const answer = await shopApi<BulkCourierBookingAnswer>("/api/admin/order/courier", {
          method: "POST",
          body: { ...body, orderIds: batch } satisfies BulkCourierBookingRequest,
        })
        results.push(...(answer.data ?? []))
      }
      return results
    },
    // a batch that failed part way may still have booked some orders
    onSettled: invalidate,
  })
}

/** Reads Steadfast's latest payouts now; answers the server's message. */
export function useReadSteadfastPayouts() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => shopApi<SteadfastPayoutsAnswer>("/api/admin/couriers/steadfast/payouts", { method: "POST" }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.courierCash() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.orders() }),
      ]),
  })
}

/** The merchant received units a courier brought back: a returned parcel's every unit (no items), or the named units of a partial delivery. */
export function useReceiveReturnedUnits() {
  const invalidate = useInvalidateAfterBooking()
  return useMutation({
    mutationFn: ({ orderId, items }: ReturnedUnitsRequest & { orderId: string }) =>
      shopApi<ReturnedUnitsAnswer>(`/api/admin/order/${encodeURIComponent(orderId)}/courier/returned`, {
        method: "POST",
        body: (items ? { items } : {}) satisfies ReturnedUnitsRequest,
      }),
    onSuccess: invalidate,
  })
}
