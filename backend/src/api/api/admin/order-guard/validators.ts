import { z } from "@medusajs/framework/zod"
import { capped, type Holds, type Ties } from "#app/api/utils/validate"
import { BLOCKLIST_KINDS, type BlocklistRequest, type GuardRulesRequest } from "@shop/contract"

const whole = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`)

/** PUT /api/admin/order-guard/rules: any of the rules, each within sense. */
export const GuardRulesSchema = z
  .object({
    minFinishedOrders: whole("minFinishedOrders", 1, 100),
    minSuccessRatio: z
      .number({ error: "minSuccessRatio must be a number" })
      .min(0, "minSuccessRatio must be between 0 and 1")
      .max(1, "minSuccessRatio must be between 0 and 1"),
    duplicateWindowHours: whole("duplicateWindowHours", 1, 720),
    velocityPerPhone: whole("velocityPerPhone", 1, 1000),
    velocityPerAddress: whole("velocityPerAddress", 1, 10000),
    holdHighRisk: z.boolean({ error: "holdHighRisk must be true or false" }),
    holdDuplicates: z.boolean({ error: "holdDuplicates must be true or false" }),
  })
  .partial()
  .strict()
export type GuardRulesBody = z.infer<typeof GuardRulesSchema>
type _RulesTied = Holds<Ties<typeof GuardRulesSchema, GuardRulesRequest>>

/** POST /api/admin/order-guard/blocklist */
export const BlocklistSchema = z
  .object({
    kind: z.enum(BLOCKLIST_KINDS, { error: `kind must be one of: ${BLOCKLIST_KINDS.join(", ")}` }),
    value: capped(64, "The value is longer than 64 characters", "value must be text").min(1, "value is required"),
    reason: capped(200, "The reason is longer than 200 characters", "reason must be text").min(1, "Say why"),
  })
  .strict()
export type BlocklistBody = z.infer<typeof BlocklistSchema>
type _BlocklistTied = Holds<Ties<typeof BlocklistSchema, BlocklistRequest>>
