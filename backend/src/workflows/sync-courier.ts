import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { CourierOutcome, OrderStatus } from "@shop/contract"
import type { LiveParcel } from "../read-models/couriers"
import {
  readParcelStatusStep,
  readSteadfastPayoutsStep,
  recordParcelPayoutsStep,
  recordParcelStatusStep,
  type Reported,
} from "./steps/sync-courier"
import { updateShopOrderStatusWorkflow } from "./update-order-status"

export type { Reported }

export type SyncParcelInput = { parcel: LiveParcel; reported?: Reported }

export type SyncResult = { courierStatus: string | null; outcome: CourierOutcome; orderStatus: OrderStatus; moved: boolean }

/**
 * A parcel's status from its courier (a courier's webhook, or the poll:
 * jobs/poll-couriers.ts): re-read from the courier (a webhook is only a
 * trigger), recorded on the fulfilment, and the order moved forward:
 * delivered and partially delivered to `delivered` (the COD payment captured;
 * the cash collected recorded: the order's total, or what the courier
 * reported for a partial delivery), returned to `cancelled`, on hold stays
 * shipped and is flagged. Units a courier brings back (a returned parcel, the
 * rest of a partial delivery) are awaited: they go back into stock when the
 * merchant receives them (receiveReturnedUnitsWorkflow). When the order
 * cannot move, the record is put back too, so the next poll tries again.
 */
export const syncParcelWorkflow = createWorkflow("sync-parcel", (input: SyncParcelInput) => {
  const change = readParcelStatusStep(input)
  recordParcelStatusStep(transform({ input, change }, ({ input, change }) => ({ fulfillment_id: input.parcel.fulfillmentId, data: change.record })))
  when({ change }, ({ change }) => !!change.move).then(() => {
    updateShopOrderStatusWorkflow.runAsStep({
      input: transform({ input, change }, ({ input, change }) => ({
        order_id: input.parcel.orderId,
        status: change.move!,
        keep_stock: change.outcome === "returned",
      })),
    })
  })
  const result = transform({ input, change }, ({ input, change }): SyncResult => ({
    courierStatus: change.record.courier_status,
    outcome: change.outcome,
    orderStatus: change.move ?? input.parcel.status,
    moved: !!change.move,
  }))
  return new WorkflowResponse(result)
})

/**
 * Reads Steadfast's latest payouts (20 unless told) and records, on each
 * parcel a payout lists, what was paid out for it (its cash less the fee) and
 * the payout's id (the job every few hours, and POST
 * /api/admin/couriers/steadfast/payouts). Lines for no parcel of this shop are
 * counted, not recorded. Safe to run again: a parcel already carrying the
 * same payout is left as it is.
 */
export const syncSteadfastPayoutsWorkflow = createWorkflow("sync-steadfast-payouts", (input: { latest?: number }) => {
  const read = readSteadfastPayoutsStep(transform({ input }, ({ input }) => ({ latest: input.latest ?? 20 })))
  recordParcelPayoutsStep(transform({ read }, ({ read }) => ({ settlements: read.settlements })))
  return new WorkflowResponse(
    transform({ read }, ({ read }) => ({ payouts: read.payouts, settled: read.settled, unmatched: read.unmatched }))
  )
})
