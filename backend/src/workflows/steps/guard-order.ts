import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ORDER_REFUSED_MESSAGES, phoneKey, type OrderRisk } from "@shop/contract"
import { SteadfastClient, steadfastSettings } from "../../modules/couriers"
import { ORDER_GUARD_MODULE } from "../../modules/order-guard"
import { assessRisk } from "../../modules/order-guard/assess"
import type OrderGuardModuleService from "../../modules/order-guard/service"
import {
  addressLastDay,
  blocklisted,
  cachedCourierScore,
  duplicateOrder,
  guardRules,
  phoneHistory,
} from "../../read-models/order-guard"

/** Steadfast's fraud check is asked at most every 6 hours per phone, and waited for at most 2 s. */
const COURIER_SCORE_MAX_AGE_MS = 6 * 3600_000
const COURIER_SCORE_TIMEOUT_MS = 2000

export type GuardOrderInput = {
  phone: string
  client_address?: string | null
  product_ids: string[]
  language?: "en" | "bn"
}
export type GuardedOrder = { phone: string; client_address: string | null; product_ids: string[]; risk: OrderRisk }

/** A fallback when the guard itself fails: the order goes through, marked unchecked. */
const UNCHECKED: OrderRisk = {
  level: "low",
  reasons: ["The guard could not check this order"],
  pastOrders: 0,
  delivered: 0,
  returnedOrCancelled: 0,
  successRatio: null,
  courierScore: null,
  needsConfirmation: false,
  phoneVerified: false,
  duplicateOf: null,
}

type Container = Parameters<Parameters<typeof createStep>[1]>[1]["container"]

async function courierScore(container: Container, phone: string) {
  const settings = steadfastSettings()
  if (!settings) return null
  const cached = await cachedCourierScore(container, phone, COURIER_SCORE_MAX_AGE_MS)
  if (cached !== undefined) return cached
  let score: { score: number; parcels: number } | null = null
  try {
    score = await new SteadfastClient({ ...settings, timeoutMs: COURIER_SCORE_TIMEOUT_MS }).fraudScore(phone)
  } catch {
    // a courier that is down or slow never blocks an order: asked again next time
    return null
  }
  const service = container.resolve<OrderGuardModuleService>(ORDER_GUARD_MODULE)
  const [existing] = await service.listCourierScores({ phone }, { take: 1 })
  const row = { phone, score: score?.score ?? null, parcels: score?.parcels ?? 0, fetched_at: new Date() }
  if (existing) await service.updateCourierScores({ id: existing.id, ...row })
  else await service.createCourierScores(row)
  return score
}

/**
 * The fake-order guard's door, before anything is taken: a blocklisted phone
 * or client address is refused with the message every refused order gets.
 * One indexed lookup; nothing to undo.
 */
export const refuseBlocklistedStep = createStep(
  "refuse-blocklisted",
  async (input: Pick<GuardOrderInput, "phone" | "client_address" | "language">, { container }) => {
    if (await blocklisted(container, phoneKey(input.phone), input.client_address?.trim() || null)) {
      throw new MedusaError(MedusaError.Types.FORBIDDEN, ORDER_REFUSED_MESSAGES[input.language ?? "en"])
    }
    return new StepResponse(undefined)
  }
)

/**
 * The fake-order guard's assessment, once the stock is taken (a shopper who
 * missed a flash sale hears so without waiting for it): the order's risk from
 * the shop's own orders by phone (one indexed lookup on the phone key),
 * velocity, duplicates and (with Steadfast) the courier's fraud check.
 * Anything failing inside it lets the order through, marked unchecked. Reads
 * only (the courier's score is cached).
 */
export const assessOrderRiskStep = createStep("assess-order-risk", async (input: GuardOrderInput, { container }) => {
  // the order's phone key (normalised once at intake; phoneKey leaves a key as it is)
  const phone = phoneKey(input.phone)
  const address = input.client_address?.trim() || null
  let risk = UNCHECKED
  try {
    const rules = await guardRules(container)
    const [history, fromAddress, duplicate, courier] = await Promise.all([
      phoneHistory(container, phone),
      addressLastDay(container, address),
      duplicateOrder(container, phone, input.product_ids, rules.duplicateWindowHours),
      courierScore(container, phone),
    ])
    risk = assessRisk({ ...history, lastDayFromAddress: fromAddress, duplicateOf: duplicate, courier }, rules)
  } catch (error) {
    container
      .resolve("logger")
      .warn(`Order guard: could not check an order, let through: ${(error as Error)?.message ?? error}`)
  }
  return new StepResponse<GuardedOrder>({ phone, client_address: address, product_ids: input.product_ids, risk })
})

/** Keeps the order's risk (and whether it waits for a call) beside the order. */
export const recordOrderRiskStep = createStep(
  "record-order-risk",
  async (input: GuardedOrder & { order_id: string }, { container }) => {
    const service = container.resolve<OrderGuardModuleService>(ORDER_GUARD_MODULE)
    const { risk } = input
    const created = await service.createOrderRisks({
      order_id: input.order_id,
      phone: input.phone,
      client_address: input.client_address,
      product_ids: input.product_ids,
      level: risk.level,
      reasons: risk.reasons,
      past_orders: risk.pastOrders,
      delivered: risk.delivered,
      returned_or_cancelled: risk.returnedOrCancelled,
      success_ratio: risk.successRatio,
      courier_score: risk.courierScore,
      duplicate_of: risk.duplicateOf,
      needs_confirmation: risk.needsConfirmation,
      confirmations: [],
    })
    return new StepResponse(undefined, created.id)
  },
  async (id, { container }) => {
    if (id) await container.resolve<OrderGuardModuleService>(ORDER_GUARD_MODULE).deleteOrderRisks(id)
  }
)
