import { z } from "@medusajs/framework/zod"

const id = z.union([z.string().trim().min(1).max(64), z.number().int().nonnegative()]).transform(String)
const text = (max: number) => z.string().trim().min(1).max(max)

/**
 * What Steadfast POSTs on a delivery status change (its webhook documentation):
 * which parcel it is about. Its status and amounts are not used (other fields
 * are dropped): the parcel is read again from Steadfast.
 */
export const SteadfastWebhookSchema = z.object({
  consignment_id: id,
  invoice: text(64),
  status: text(64),
  updated_at: z.string().max(64).optional(),
})

/** What Pathao POSTs on an order event (`webhook_integration` is its handshake): which parcel; its amounts are dropped, the order is read again from Pathao. */
export const PathaoWebhookSchema = z.object({
  event: text(64),
  consignment_id: id.optional(),
  merchant_order_id: text(64).optional(),
})
