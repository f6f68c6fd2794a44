import type { GuardRules, OrderRisk, RiskLevel } from "@shop/contract"

/** What the guard knows about an order's phone and address when it arrives. */
export type RiskFacts = {
  /** the phone's earlier orders in this shop, by status */
  pastOrders: number
  delivered: number
  returnedOrCancelled: number
  /** orders in the last 24 hours from this phone, and from this client address (this one not counted) */
  lastDayFromPhone: number
  lastDayFromAddress: number
  /** an order of the same product by the same phone within the duplicate window (its number), or null */
  duplicateOf: string | null
  /** Steadfast's fraud check: the phone's delivered share across merchants and its parcels; null when unknown */
  courier: { score: number; parcels: number } | null
}

const share = (n: number) => `${Math.round(n * 100)}%`

/**
 * The risk of an order by the merchant's rules: high when the phone has at
 * least `minFinishedOrders` finished orders here (or at the courier) and
 * fewer than `minSuccessRatio` of them were delivered; medium for a
 * duplicate or an order past a velocity limit; low otherwise. High-risk and
 * duplicate orders wait for a confirmation call when the rules say so.
 */
export function assessRisk(facts: RiskFacts, rules: GuardRules): OrderRisk {
  const finished = facts.delivered + facts.returnedOrCancelled
  const successRatio = finished > 0 ? facts.delivered / finished : null
  const reasons: string[] = []
  let level = "low" as RiskLevel
  const raise = (to: RiskLevel) => {
    if (to === "high" || (to === "medium" && level === "low")) level = to
  }

  if (finished >= rules.minFinishedOrders && successRatio !== null && successRatio < rules.minSuccessRatio) {
    raise("high")
    reasons.push(
      `${facts.returnedOrCancelled} of ${finished} finished orders from this phone were returned or cancelled`
    )
  }
  if (
    facts.courier &&
    facts.courier.parcels >= rules.minFinishedOrders &&
    facts.courier.score < rules.minSuccessRatio
  ) {
    raise("high")
    reasons.push(`Steadfast delivered ${share(facts.courier.score)} of this phone's ${facts.courier.parcels} parcels`)
  }
  if (facts.duplicateOf) {
    raise("medium")
    reasons.push(
      `The same phone ordered the same product within ${rules.duplicateWindowHours} hours (${facts.duplicateOf})`
    )
  }
  if (facts.lastDayFromPhone >= rules.velocityPerPhone) {
    raise("medium")
    reasons.push(`${facts.lastDayFromPhone + 1} orders from this phone in 24 hours`)
  }
  if (facts.lastDayFromAddress >= rules.velocityPerAddress) {
    raise("medium")
    reasons.push(`${facts.lastDayFromAddress + 1} orders from this client address in 24 hours`)
  }
  if (facts.pastOrders === 0 && reasons.length === 0) reasons.push("First order from this phone")

  return {
    level,
    reasons,
    pastOrders: facts.pastOrders,
    delivered: facts.delivered,
    returnedOrCancelled: facts.returnedOrCancelled,
    successRatio,
    courierScore: facts.courier?.score ?? null,
    needsConfirmation: (level === "high" && rules.holdHighRisk) || (!!facts.duplicateOf && rules.holdDuplicates),
    phoneVerified: false,
    duplicateOf: facts.duplicateOf,
  }
}

/** The rules as stored, over the defaults (a rule the merchant never set keeps its default). */
export function rulesOf(stored: unknown, defaults: GuardRules): GuardRules {
  const value = stored && typeof stored === "object" ? (stored as Partial<GuardRules>) : {}
  return {
    ...defaults,
    ...Object.fromEntries(
      Object.entries(value).filter(([k, v]) => k in defaults && typeof v === typeof defaults[k as keyof GuardRules])
    ),
  }
}
