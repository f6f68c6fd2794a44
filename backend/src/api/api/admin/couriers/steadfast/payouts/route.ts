import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { courierCash } from "#app/read-models/couriers"
import { syncSteadfastPayoutsWorkflow } from "#app/workflows/sync-courier"
import type { SteadfastPayoutsAnswer } from "@shop/contract"

/** Reads Steadfast's latest payouts now and records them on their parcels (the job does it every few hours). */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const { result } = await syncSteadfastPayoutsWorkflow(req.scope).run({ input: {} })
  res.json({
    success: true,
    message: `${result.payouts} payout(s) read, ${result.settled} parcel(s) settled`,
    data: { ...result, cash: await courierCash(req.scope) },
  } satisfies SteadfastPayoutsAnswer)
}
