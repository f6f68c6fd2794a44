import { z } from "@medusajs/framework/zod"
import { ORDER_STATUSES } from "../../../../modules/shop-order/models/shop-order"

export const UpdateOrderStatusSchema = z.object({
  orderId: z.string({ error: "orderId is required" }).min(1, "orderId is required").max(64),
  orderStatus: z.enum(ORDER_STATUSES, { error: `orderStatus must be one of: ${ORDER_STATUSES.join(", ")}` }),
})

export type UpdateOrderStatusBody = z.infer<typeof UpdateOrderStatusSchema>
