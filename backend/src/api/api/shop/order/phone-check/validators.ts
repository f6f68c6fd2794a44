import { z } from "@medusajs/framework/zod"
import type { Holds, Ties } from "#app/api/utils/validate"
import { PHONE_CHECK_BN, type PhoneCodeRequest } from "@shop/contract"

/** POST /api/shop/order/phone-check/{orderId}/verify: the code as typed (six digits are read from it by the contract's phoneCode). */
export const PhoneCodeSchema = z
  .object({ code: z.string({ error: PHONE_CHECK_BN.badCode }).max(40, PHONE_CHECK_BN.badCode) })
  .strict()
export type PhoneCodeBody = z.infer<typeof PhoneCodeSchema>
type _Tied = Holds<Ties<typeof PhoneCodeSchema, PhoneCodeRequest>>
