import { z } from "@medusajs/framework/zod"
import type { Holds, Ties } from "#app/api/utils/validate"
import { BKASH_REQUIRED_FOR, type PaymentRulesRequest } from "@shop/contract"

/** PUT /api/admin/payment/rules: any of the rules, each within sense. */
export const PaymentRulesSchema = z
  .object({
    bkashRequiredFor: z.enum(BKASH_REQUIRED_FOR, {
      error: `bkashRequiredFor must be one of: ${BKASH_REQUIRED_FOR.join(", ")}`,
    }),
    offerBkash: z.boolean({ error: "offerBkash must be true or false" }),
    refundPercent: z
      .number({ error: "refundPercent must be a whole number" })
      .int("refundPercent must be a whole number")
      .min(0, "refundPercent must be between 0 and 100")
      .max(100, "refundPercent must be between 0 and 100"),
  })
  .partial()
  .strict()
export type PaymentRulesBody = z.infer<typeof PaymentRulesSchema>
type _RulesTied = Holds<Ties<typeof PaymentRulesSchema, PaymentRulesRequest>>
