import { z } from "@medusajs/framework/zod"
import type { Holds, Ties } from "#app/api/utils/validate"
import { META_PURCHASE_TRIGGERS, type MetaSettingsRequest } from "@shop/contract"

/** PUT /api/admin/meta/settings: when the server sends Meta's "Purchase". */
export const MetaSettingsSchema = z
  .object({
    purchaseOn: z.enum(META_PURCHASE_TRIGGERS, {
      error: `purchaseOn must be one of: ${META_PURCHASE_TRIGGERS.join(", ")}`,
    }),
  })
  .strict()
export type MetaSettingsBody = z.infer<typeof MetaSettingsSchema>
type _Tied = Holds<Ties<typeof MetaSettingsSchema, MetaSettingsRequest>>
