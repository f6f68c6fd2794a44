import { timingSafeEqual } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { courierOutcome, type CourierOutcome, type OrderStatus } from "@shop/contract"
import { missingCourierSettings, readParcelStatus, SteadfastClient, steadfastSettings, type ParcelRecord } from "../modules/couriers"
import { liveParcelByOrderNumber, openParcels, type LiveParcel } from "../read-models/couriers"
import { updateShopOrderStatusWorkflow } from "./update-order-status"

/** Keeps what the courier last said about a parcel in its fulfilment's data (Medusa's own record of the delivery). */
const recordParcelStatusStep = createStep(
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

export const recordParcelStatusWorkflow = createWorkflow("record-parcel-status", (input: { fulfillment_id: string; data: ParcelRecord }) => {
  recordParcelStatusStep(input)
  return new WorkflowResponse(undefined)
})

/** Where an outcome moves an order; only forward: an order still pending or shipped moves, one that is over stays. */
const MOVES: Partial<Record<CourierOutcome, OrderStatus>> = { delivered: "delivered", partial: "delivered", returned: "cancelled" }
const MOVABLE: readonly OrderStatus[] = ["pending", "shipped"]

/** What a webhook reported beside its status: amounts are taken only once the courier's own status confirms them. */
export type Reported = { collectedAmount?: number | null; deliveryCharge?: number | null }

export type SyncResult = { courierStatus: string | null; outcome: CourierOutcome; orderStatus: OrderStatus; moved: boolean }

/**
 * Re-reads a parcel's status from its courier (a webhook is only a trigger),
 * records it on the fulfilment, and moves the order forward: delivered and
 * partially delivered to `delivered` (the COD payment captured; the cash
 * collected recorded: the order's total, or what the courier reported for a
 * partial delivery), returned to `cancelled`, on hold stays shipped and is
 * flagged. Units a courier brings back (a returned parcel, the rest of a
 * partial delivery) are awaited: they go back into stock when the merchant
 * receives them (receiveReturnedUnits).
 */
export async function syncParcel(container: MedusaContainer, parcel: LiveParcel, reported: Reported = {}): Promise<SyncResult> {
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
  await recordParcelStatusWorkflow(container).run({ input: { fulfillment_id: parcel.fulfillmentId, data: record } })
  const target = MOVES[outcome]
  if (target && MOVABLE.includes(parcel.status)) {
    await updateShopOrderStatusWorkflow(container).run({ input: { order_id: parcel.orderId, status: target, keep_stock: outcome === "returned" } })
    return { courierStatus: record.courier_status, outcome, orderStatus: target, moved: true }
  }
  return { courierStatus: record.courier_status, outcome, orderStatus: parcel.status, moved: false }
}

/** Whether a presented secret is the configured one (never true for an unset secret), in constant time. */
export function sameSecret(presented: string | undefined, configured: string): boolean {
  if (!configured || !presented) return false
  const a = Buffer.from(presented)
  const b = Buffer.from(configured)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * The parcel a webhook is about: the order with that number whose live parcel
 * is with that courier and, when both are known, has that consignment. Null:
 * the webhook is ignored (another shop's parcel, an old one, a guess).
 */
export async function parcelOfWebhook(
  container: MedusaContainer,
  provider: "steadfast" | "pathao",
  orderNumber: string,
  consignmentId: string | null
): Promise<LiveParcel | null> {
  const parcel = await liveParcelByOrderNumber(container, orderNumber)
  if (!parcel || parcel.provider !== provider) return null
  const known = parcel.record.consignment_id
  if (known && consignmentId && known !== consignmentId) return null
  return parcel
}

export { courierWebhookSecret } from "../modules/couriers"

/**
 * The poll: re-reads every open parcel (oldest word first), one call at a
 * time, spaced to stay within the couriers' limits (Pathao allows about 60
 * requests a minute), so a webhook that never came is caught on the next run.
 */
export async function pollCouriers(
  container: MedusaContainer,
  options: { limit: number; spacingMs: Record<"steadfast" | "pathao", number> }
): Promise<{ checked: number; moved: number; failed: number }> {
  const parcels = await openParcels(container, options.limit)
  let moved = 0
  let failed = 0
  for (const [i, parcel] of parcels.entries()) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, options.spacingMs[parcel.provider as "steadfast" | "pathao"] ?? 0))
    try {
      if ((await syncParcel(container, parcel)).moved) moved += 1
    } catch {
      failed += 1
    }
  }
  return { checked: parcels.length, moved, failed }
}

/**
 * Reads Steadfast's latest payouts and records, on each parcel a payout
 * lists, what was paid out for it (its cash less the fee) and the payout's id.
 * Lines for no parcel of this shop are counted, not recorded. Safe to run
 * again: a parcel already carrying the same payout is left as it is.
 */
export async function syncSteadfastPayouts(
  container: MedusaContainer,
  latest = 20
): Promise<{ payouts: number; settled: number; unmatched: number }> {
  const settings = steadfastSettings()
  if (!settings) {
    throw new MedusaError(MedusaError.Types.CONFLICT, `Steadfast is not set up: set ${missingCourierSettings("steadfast").join(", ")}`)
  }
  const client = new SteadfastClient(settings)
  const payouts = (await client.payments()).slice(0, latest)
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
      const amount = line.codAmount - line.deliveryCharge
      if (parcel.record.payout_id === payout.id && parcel.record.settled_amount === amount) continue
      await recordParcelStatusWorkflow(container).run({
        input: {
          fulfillment_id: parcel.fulfillmentId,
          data: { ...parcel.record, settled_amount: amount, payout_id: payout.id, delivery_charge: line.deliveryCharge, updated_at: new Date().toISOString() },
        },
      })
      settled += 1
    }
  }
  return { payouts: payouts.length, settled, unmatched }
}
