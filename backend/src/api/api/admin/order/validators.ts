import { z } from "@medusajs/framework/zod"
import { ORDER_STATUSES } from "@shop/contract"
import { capped } from "#app/api/utils/validate"

export const UpdateOrderStatusSchema = z.object({
  orderId: capped(64, undefined, "orderId is required").min(1, "orderId is required"),
  orderStatus: z.enum(ORDER_STATUSES, { error: `orderStatus must be one of: ${ORDER_STATUSES.join(", ")}` }),
})

export type UpdateOrderStatusBody = z.infer<typeof UpdateOrderStatusSchema>

const whole = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`)

/** Optional paging and search of all-orders; without them the whole list is answered. */
export const AllOrdersQuerySchema = z
  .object({
    q: capped(200, "The search is longer than 200 characters", "q must be text").optional(),
    offset: whole("offset", 0, 10_000_000).optional(),
    limit: whole("limit", 1, 200).optional(),
  })
  .strict()

export type AllOrdersQuery = z.infer<typeof AllOrdersQuerySchema>
