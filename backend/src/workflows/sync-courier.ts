import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, emitEventStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import type { CourierOutcome, OrderStatus } from "@shop/contract"
import { PARCEL_CHANGED } from "../lib/order-events"
import { courierTimeoutMs } from "../modules/couriers/http"
import type { LiveParcel } from "../read-models/couriers"
import {
  readParcelStatusStep,
  readSteadfastPayoutsStep,
  recordParcelPayoutsStep,
  recordParcelStatusStep,
} from "./steps/sync-courier"
import { updateShopOrderStatusWorkflow } from "./update-order-status"

/** `poll`: the poll's run (it notes when it looked); a webhook's run writes only what the courier changed. */
export type SyncParcelInput = { parcel: LiveParcel; poll?: boolean }

export type SyncResult = {
  courierStatus: string | null
  outcome: CourierOutcome
  orderStatus: OrderStatus
  moved: boolean
}

/**
 * A parcel's status from its courier (a courier's webhook, or the poll:
 * jobs/poll-couriers.ts): re-read from the courier (a webhook is only a
 * trigger; nothing in its body is used beyond which parcel it is about),
 * recorded on the fulfilment when the courier's word changed, and the order
 * moved forward: delivered and partially delivered to `delivered` (the COD
 * payment captured), returned to `cancelled`, on hold stays shipped and is
 * flagged. Units a courier brings back (a returned parcel, the rest of a
 * partial delivery) are awaited: they go back into stock when the merchant
 * receives them (receiveReturnedUnitsWorkflow). When the order cannot move,
 * the record is put back too, so the next poll tries again.
 *
 * One sync per order at a time, under the order's lock (the key the status
 * change and the returned units take too), the parcel read again inside it:
 * a webhook delivered twice, even at the same moment, moves the order once;
 * the second finds the courier's word already applied and changes nothing.
 */
export const syncParcelWorkflow = createWorkflow("sync-parcel", (input: SyncParcelInput) => {
  // held across the courier's answer (two calls at most for Pathao: a token, then the order)
  acquireLockStep(
    transform({ input }, ({ input }) => ({
      key: input.parcel.orderId,
      timeout: 30,
      ttl: Math.max(60, Math.ceil((2 * courierTimeoutMs()) / 1000) + 30),
      retryInterval: 0.05,
    }))
  )
  const change = readParcelStatusStep(input)
  when({ change }, ({ change }) => change.write).then(() => {
    recordParcelStatusStep(
      transform({ change }, ({ change }) => ({ fulfillment_id: change.fulfillment_id, data: change.record }))
    )
    // the parcel's word (cash collected, fee, units coming back): its order's profit (subscribers/order-profit.ts)
    emitEventStep(
      transform({ input }, ({ input }) => ({ eventName: PARCEL_CHANGED, data: { id: input.parcel.orderId } }))
    ).config({ name: "parcel-changed" })
  })
  when({ change }, ({ change }) => !!change.move).then(() => {
    updateShopOrderStatusWorkflow.runAsStep({
      input: transform({ input, change }, ({ input, change }) => ({
        order_id: input.parcel.orderId,
        status: change.move!,
        keep_stock: change.outcome === "returned",
      })),
    })
  })
  releaseLockStep(transform({ input }, ({ input }) => ({ key: input.parcel.orderId })))
  const result = transform({ change }, ({ change }): SyncResult => ({
    courierStatus: change.record.courier_status,
    outcome: change.outcome,
    orderStatus: change.move ?? change.status,
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
  emitEventStep(
    transform({ read }, ({ read }) => ({
      eventName: PARCEL_CHANGED,
      data: { ids: [...new Set(read.settlements.map((s) => s.order_id))] },
    }))
  )
  return new WorkflowResponse(
    transform({ read }, ({ read }) => ({ payouts: read.payouts, settled: read.settled, unmatched: read.unmatched }))
  )
})
