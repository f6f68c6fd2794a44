import { z } from "@medusajs/framework/zod"
import type { Holds, Ties } from "#app/api/utils/validate"
import type { IncompleteOrdersQuery as IncompleteOrdersRequest } from "@shop/contract"

const whole = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`)

/** One page of the open drafts: offset (default 0), limit 1-200 (default 50). */
export const IncompleteOrdersQuerySchema = z
  .object({
    offset: whole("offset", 0, 10_000_000).default(0),
    limit: whole("limit", 1, 200).default(50),
  })
  .strict()

export type IncompleteOrdersQuery = z.infer<typeof IncompleteOrdersQuerySchema>
type _Tied = Holds<Ties<typeof IncompleteOrdersQuerySchema, IncompleteOrdersRequest>>
