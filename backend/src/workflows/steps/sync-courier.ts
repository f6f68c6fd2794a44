import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { courierOutcome, type CourierOutcome, type OrderStatus } from "@shop/contract"
import { missingCourierSettings, readParcelStatus, SteadfastClient, steadfastSettings, type ParcelRecord } from "../../modules/couriers"
import { liveParcelByOrderNumber, type LiveParcel } from "../../read-models/couriers"

/** Where an outcome moves an order; only forward: an order still pending or shipped moves, one that is over stays. */
const MOVES: Partial<Record<CourierOutcome, OrderStatus>> = { delivered: "delivered", partial: "delivered", returned: "cancelled" }
const MOVABLE: readonly OrderStatus[] = ["pending", "shipped"]

/** What a webhook reported beside its status: amounts are taken only once the courier's own status confirms them. */
export type Reported = { collectedAmount?: number | null; deliveryCharge?: number | null }

/** A parcel's new record and where its order goes (null: it stays). */
export type ParcelStatusChange = { record: ParcelRecord; outcome: CourierOutcome; move: OrderStatus | null }

/**
 * Re-reads a parcel's status from its courier (a webhook is only a trigger)
 * and works out its new record and where its order goes: delivered and
 * partially delivered to `delivered` (the cash collected: the order's total,
 * or what the courier reported for a partial delivery), returned to
 * `cancelled`, on hold stays shipped and is flagged. Units coming back are
 * awaited, not counted as stock. Asks the courier; writes nothing.
 */
export const readParcelStatusStep = createStep(
  "read-parcel-status",
  async (input: { parcel: LiveParcel; reported?: Reported }, _context) => {
    const { parcel } = input
    const reported = input.reported ?? {}
    const status = await readParcelStatus(parcel.provider, parcel.record)
    const outcome = courierOutcome(parcel.provider, status)
    const previous = parcel.record
    const comesBack = outcome === "returned" || outcome === "partial"
    const collected =
      outcome === "delivered" ? parcel.total : outcome === "partial" ? reported.collectedAmount ?? previous.collected_amount ?? null : previous.collected_amount ?? null
    const record: ParcelRecord = {
      ...previous,
      courier_status: status ?? previous.courier_status,
      on_hold: outcome === "hold",
      outcome,
      // units coming back: the merchant confirms receipt before they count as stock again
      awaiting_return: comesBack ? (previous.outcome === outcome ? previous.awaiting_return ?? true : true) : false,
      collected_amount: collected,
      delivery_charge: reported.deliveryCharge ?? previous.delivery_charge ?? null,
      updated_at: new Date().toISOString(),
    }
    const target = MOVES[outcome]
    return new StepResponse<ParcelStatusChange>({ record, outcome, move: target && MOVABLE.includes(parcel.status) ? target : null })
  }
)

/** Keeps what the courier last said about a parcel in its fulfilment's data (Medusa's own record of the delivery). Compensation puts the old data back. */
export const recordParcelStatusStep = createStep(
  "record-parcel-status",
  async (input: { fulfillment_id: string; data: ParcelRecord }, { container }) => {
    const fulfilments = container.resolve(Modules.FULFILLMENT)
    const [before] = await fulfilments.listFulfillments({ id: input.fulfillment_id }, { select: ["id", "data"] })
    await fulfilments.updateFulfillment(input.fulfillment_id, { data: input.data as unknown as Record<string, unknown> })
    return new StepResponse(undefined, { id: input.fulfillment_id, data: before?.data ?? null })
  },
  async (undo, { container }) => {
    if (undo) await container.resolve(Modules.FULFILLMENT).updateFulfillment(undo.id, { data: undo.data })
  }
)

/** What a payout says about one parcel: its fulfilment's data with the payout recorded. */
export type PayoutSettlement = { fulfillment_id: string; data: ParcelRecord }

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
export const readSteadfastPayoutsStep = createStep("read-steadfast-payouts", async (input: { latest: number }, { container }) => {
  const settings = steadfastSettings()
  if (!settings) {
    throw new MedusaError(MedusaError.Types.CONFLICT, `Steadfast is not set up: set ${missingCourierSettings("steadfast").join(", ")}`)
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
      if (!parcel || parcel.provider !== "steadfast" || (known && line.consignmentId && known !== line.consignmentId)) {
        unmatched += 1
        continue
      }
      const record = settlements.get(parcel.fulfillmentId)?.data ?? parcel.record
      const amount = line.codAmount - line.deliveryCharge
      if (record.payout_id === payout.id && record.settled_amount === amount) continue
      settlements.set(parcel.fulfillmentId, {
        fulfillment_id: parcel.fulfillmentId,
        data: { ...record, settled_amount: amount, payout_id: payout.id, delivery_charge: line.deliveryCharge, updated_at: new Date().toISOString() },
      })
      settled += 1
    }
  }
  return new StepResponse<SteadfastPayouts>({ payouts: payouts.length, settled, unmatched, settlements: [...settlements.values()] })
})

/** Records the payouts on their parcels' fulfilments. Compensation puts each parcel's old data back. */
export const recordParcelPayoutsStep = createStep(
  "record-parcel-payouts",
  async (input: { settlements: PayoutSettlement[] }, { container }) => {
    const fulfilments = container.resolve(Modules.FULFILLMENT)
    const ids = input.settlements.map((s) => s.fulfillment_id)
    const before = ids.length ? await fulfilments.listFulfillments({ id: ids }, { select: ["id", "data"] }) : []
    for (const settlement of input.settlements) {
      await fulfilments.updateFulfillment(settlement.fulfillment_id, { data: settlement.data as unknown as Record<string, unknown> })
    }
    return new StepResponse(
      undefined,
      before.map((f) => ({ id: f.id, data: f.data ?? null }))
    )
  },
  async (undo, { container }) => {
    if (!undo?.length) return
    const fulfilments = container.resolve(Modules.FULFILLMENT)
    for (const { id, data } of undo) await fulfilments.updateFulfillment(id, { data })
  }
)
