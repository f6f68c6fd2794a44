import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { courierOutcome, type CourierOutcome, type OrderStatus } from "@shop/contract"
import {
  missingCourierSettings,
  readParcelStatus,
  SteadfastClient,
  steadfastSettings,
  type ParcelRecord,
} from "../../modules/couriers"
import { liveParcelByOrderNumber, type LiveParcel } from "../../read-models/couriers"

/** Where an outcome moves an order; only forward: an order still pending or shipped moves, one that is over stays. */
const MOVES: Partial<Record<CourierOutcome, OrderStatus>> = {
  delivered: "delivered",
  partial: "delivered",
  returned: "cancelled",
}
const MOVABLE: readonly OrderStatus[] = ["pending", "shipped"]

/**
 * A parcel's new record and where its order goes (null: it stays). `write`:
 * whether the record is stored (the courier's word changed, or the poll notes
 * that it looked); `status`: the order's shop status as read under the lock.
 */
export type ParcelStatusChange = {
  fulfillment_id: string
  status: OrderStatus
  record: ParcelRecord
  outcome: CourierOutcome
  move: OrderStatus | null
  write: boolean
}

/** What the sync takes from the courier: the fields a re-read can change. */
const COURIER_FIELDS = [
  "courier_status",
  "on_hold",
  "outcome",
  "awaiting_return",
  "collected_amount",
  "delivery_charge",
] as const
type CourierWord = Pick<ParcelRecord, (typeof COURIER_FIELDS)[number]>

/** A record's courier fields as the order views read them (a booking leaves outcome and awaiting_return unset: open, none). */
function wordOf(record: ParcelRecord): CourierWord {
  return {
    courier_status: record.courier_status ?? null,
    on_hold: !!record.on_hold,
    outcome: record.outcome ?? "open",
    awaiting_return: !!record.awaiting_return,
    collected_amount: record.collected_amount ?? null,
    delivery_charge: record.delivery_charge ?? null,
  }
}

/**
 * Re-reads a parcel from its courier and works out its new record and where
 * its order goes: delivered and partially delivered to `delivered`, returned
 * to `cancelled`, on hold stays shipped and is flagged. Units coming back are
 * awaited, not counted as stock. Asks the courier; writes nothing.
 *
 * Amounts come from the courier only, never from a webhook's body (anyone who
 * learns the webhook secret could claim any cash): its status reads state
 * none, so a delivered parcel collected the cash it was booked with (the
 * order's total), a partial delivery's cash and Steadfast's fee stay unknown
 * until a payout states them (recordParcelPayoutsStep), Pathao's fee is the
 * one it quoted at booking. A payout's amounts are final: the sync keeps them.
 *
 * Applying the same courier word twice changes nothing (`write` false, no
 * move), so a webhook delivered again is a no-op. The parcel is read again
 * here, under the order's lock (syncParcelWorkflow), so a duplicate running at
 * the same moment sees what the first one made of it.
 */
export const readParcelStatusStep = createStep(
  "read-parcel-status",
  async (input: { parcel: LiveParcel; poll?: boolean }, { container }) => {
    const parcel = await liveParcelByOrderNumber(container, input.parcel.orderNumber)
    if (!parcel || parcel.fulfillmentId !== input.parcel.fulfillmentId) {
      // the parcel was cancelled or replaced meanwhile: the word is about a parcel no longer live
      const record = input.parcel.record
      const outcome = record.outcome ?? courierOutcome(input.parcel.provider, record.courier_status)
      return new StepResponse<ParcelStatusChange>({
        fulfillment_id: input.parcel.fulfillmentId,
        status: parcel?.status ?? input.parcel.status,
        record,
        outcome,
        move: null,
        write: false,
      })
    }
    const previous = parcel.record
    const status = (await readParcelStatus(parcel.provider, previous)) ?? previous.courier_status
    const outcome = courierOutcome(parcel.provider, status)
    const comesBack = outcome === "returned" || outcome === "partial"
    const settled = previous.payout_id != null
    const word: CourierWord = {
      courier_status: status,
      on_hold: outcome === "hold",
      outcome,
      // units coming back: the merchant confirms receipt before they count as stock again
      awaiting_return: comesBack ? (previous.outcome === outcome ? (previous.awaiting_return ?? true) : true) : false,
      collected_amount: settled ? (previous.collected_amount ?? null) : outcome === "delivered" ? parcel.total : null,
      // Steadfast states its fee with a payout only; Pathao quoted it at booking
      delivery_charge: settled || parcel.provider !== "steadfast" ? (previous.delivery_charge ?? null) : null,
    }
    const known = wordOf(previous)
    const changed = COURIER_FIELDS.some((field) => known[field] !== word[field])
    const now = new Date().toISOString()
    const record: ParcelRecord = {
      ...previous,
      ...(changed && { ...word, updated_at: now }),
      // the poll takes the parcels it looked at longest ago first
      ...(input.poll && { checked_at: now }),
    }
    const target = MOVES[outcome]
    return new StepResponse<ParcelStatusChange>({
      fulfillment_id: parcel.fulfillmentId,
      status: parcel.status,
      record,
      outcome,
      move: target && MOVABLE.includes(parcel.status) ? target : null,
      write: changed || !!input.poll,
    })
  }
)

/** Keeps what the courier last said about a parcel in its fulfilment's data (Medusa's own record of the delivery). Compensation puts the old data back. */
export const recordParcelStatusStep = createStep(
  "record-parcel-status",
  async (input: { fulfillment_id: string; data: ParcelRecord }, { container }) => {
    const fulfilments = container.resolve(Modules.FULFILLMENT)
    const [before] = await fulfilments.listFulfillments({ id: input.fulfillment_id }, { select: ["id", "data"] })
    await fulfilments.updateFulfillment(input.fulfillment_id, {
      data: input.data,
    })
    return new StepResponse(undefined, { id: input.fulfillment_id, data: before?.data ?? null })
  },
  async (undo, { container }) => {
    if (undo) await container.resolve(Modules.FULFILLMENT).updateFulfillment(undo.id, { data: undo.data })
  }
)

/** What a payout says about one parcel: its fulfilment's data with the payout recorded. */
export type PayoutSettlement = { order_id: string; fulfillment_id: string; data: ParcelRecord }

/** What a payout sets on its parcel's record (the rest is the courier's status, kept as the sync last left it). */
const PAYOUT_FIELDS = ["settled_amount", "payout_id", "collected_amount", "delivery_charge", "updated_at"] as const

export type SteadfastPayouts = {
  payouts: number
  /** payout lines that settle a parcel (a parcel two payouts list counts twice) */
  settled: number
  unmatched: number
  /** each parcel's data after the last payout that lists it */
  settlements: PayoutSettlement[]
}

/**
 * Reads Steadfast's latest payouts (409 when Steadfast is not set up) and,
 * for each line, the parcel of this shop it is for: what was paid out for it
 * (its cash less the fee) and the payout's id. Lines for no parcel of this
 * shop are counted; a parcel already carrying the same payout is left out.
 * Asks Steadfast; writes nothing.
 */
export const readSteadfastPayoutsStep = createStep(
  "read-steadfast-payouts",
  async (input: { latest: number }, { container }) => {
    const settings = steadfastSettings()
    if (!settings) {
      throw new MedusaError(
        MedusaError.Types.CONFLICT,
        `Steadfast is not set up: set ${missingCourierSettings("steadfast").join(", ")}`
      )
    }
    const client = new SteadfastClient(settings)
    const payouts = (await client.payments()).slice(0, input.latest)
    // a parcel a second payout lists again is read as the first one left it
    const settlements = new Map<string, PayoutSettlement>()
    let settled = 0
    let unmatched = 0
    for (const payout of payouts) {
      for (const line of await client.payment(payout.id)) {
        const parcel = line.invoice ? await liveParcelByOrderNumber(container, line.invoice, true) : null
        const known = parcel?.record.consignment_id
        if (
          !parcel ||
          parcel.provider !== "steadfast" ||
          (known && line.consignmentId && known !== line.consignmentId)
        ) {
          unmatched += 1
          continue
        }
        const record = settlements.get(parcel.fulfillmentId)?.data ?? parcel.record
        const amount = line.codAmount - line.deliveryCharge
        if (record.payout_id === payout.id && record.settled_amount === amount) continue
        // the payout is the courier's own account of the parcel: what it collected and its fee
        settlements.set(parcel.fulfillmentId, {
          order_id: parcel.orderId,
          fulfillment_id: parcel.fulfillmentId,
          data: {
            ...record,
            settled_amount: amount,
            payout_id: payout.id,
            collected_amount: line.codAmount,
            delivery_charge: line.deliveryCharge,
            updated_at: new Date().toISOString(),
          },
        })
        settled += 1
      }
    }
    return new StepResponse<SteadfastPayouts>({
      payouts: payouts.length,
      settled,
      unmatched,
      settlements: [...settlements.values()],
    })
  }
)

/**
 * Records the payouts on their parcels' fulfilments, each under its order's
 * lock (the one the sync holds) and onto the record as it is then, so a sync
 * running meanwhile neither loses the payout nor has its status overwritten.
 * Compensation puts each parcel's old data back.
 */
export const recordParcelPayoutsStep = createStep(
  "record-parcel-payouts",
  async (input: { settlements: PayoutSettlement[] }, { container }) => {
    const fulfilments = container.resolve(Modules.FULFILLMENT)
    const locking = container.resolve(Modules.LOCKING)
    const before: { id: string; data: Record<string, unknown> | null }[] = []
    for (const settlement of input.settlements) {
      await locking.execute(
        settlement.order_id,
        async () => {
          const [current] = await fulfilments.listFulfillments(
            { id: settlement.fulfillment_id },
            { select: ["id", "data"] }
          )
          const data = current?.data ?? {}
          before.push({ id: settlement.fulfillment_id, data: current?.data ?? null })
          const paid = Object.fromEntries(PAYOUT_FIELDS.map((field) => [field, settlement.data[field] ?? null]))
          await fulfilments.updateFulfillment(settlement.fulfillment_id, { data: { ...data, ...paid } })
        },
        { timeout: 30 }
      )
    }
    return new StepResponse(undefined, before)
  },
  async (undo, { container }) => {
    if (!undo?.length) return
    const fulfilments = container.resolve(Modules.FULFILLMENT)
    for (const { id, data } of undo) await fulfilments.updateFulfillment(id, { data })
  }
)
