import { z } from "@medusajs/framework/zod"
import { capped, type Holds, type Ties } from "#app/api/utils/validate"
import {
  BN_MESSAGES,
  DELIVERY_AREAS,
  LANDING_DRAFT_CAPS,
  normalizeBdPhone,
  type LandingDraftBody,
} from "@shop/contract"

const tooLong = (max: number) => `${max} অক্ষরের বেশি লেখা যাবে না`
/** Text the shopper may not have typed yet: trimmed, "" when empty (kept as not given). */
const optionalText = (max: number) => capped(max, tooLong(max)).trim().optional()

/**
 * What a landing order form saves as the shopper types (an incomplete order):
 * a Bangladeshi mobile number, stored as 01XXXXXXXXX (anything else is 400),
 * and whatever else is filled in so far, capped as the form caps it. Other
 * fields are dropped. Messages are in Bengali like the page's.
 */
export const LandingDraftSchema = z.object({
  phone: capped(LANDING_DRAFT_CAPS.phone, BN_MESSAGES.badPhone, BN_MESSAGES.badPhone).transform((v, ctx) => {
    const phone = normalizeBdPhone(v)
    if (!phone) {
      ctx.addIssue({ code: "custom", message: BN_MESSAGES.badPhone })
      return z.NEVER
    }
    return phone
  }),
  name: optionalText(LANDING_DRAFT_CAPS.name),
  address: optionalText(LANDING_DRAFT_CAPS.address),
  quantity: z
    .number({ error: BN_MESSAGES.badQuantity })
    .int(BN_MESSAGES.badQuantity)
    .min(1, BN_MESSAGES.badQuantity)
    .max(LANDING_DRAFT_CAPS.quantity, "একবারে সর্বোচ্চ ১০০০টি অর্ডার করা যায়")
    .optional(),
  deliveryArea: z.enum(DELIVERY_AREAS, { error: "deliveryArea হবে dhaka অথবা outside" }).optional(),
})

export type LandingDraftInput = z.infer<typeof LandingDraftSchema>
type _Tied = Holds<Ties<typeof LandingDraftSchema, LandingDraftBody>>
