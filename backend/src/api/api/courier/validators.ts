import { z } from "@medusajs/framework/zod"

const id = z.union([z.string().trim().min(1).max(64), z.number().int().nonnegative()]).transform(String)
const amount = z.coerce.number().finite().min(0).max(10_000_000).nullish()
const text = (max: number) => z.string().trim().min(1).max(max)

/** What Steadfast POSTs on a delivery status change (its webhook documentation). Other fields are ignored. */
export const SteadfastWebhookSchema = z.object({
  consignment_id: id,
  invoice: text(64),
  status: text(64),
  cod_amount: amount,
  delivery_charge: amount,
  updated_at: z.string().max(64).optional(),
})

/** What Pathao POSTs on an order event; `webhook_integration` is its handshake. */
export const PathaoWebhookSchema = z.object({
  event: text(64),
  consignment_id: id.optional(),
  merchant_order_id: text(64).optional(),
  delivery_fee: amount,
  collected_amount: amount,
})
