import { z } from "@medusajs/framework/zod"
import { capped, type Holds, type Ties } from "#app/api/utils/validate"
import type { AddToCartRequest } from "@shop/contract"

const quantity = z
  .union(
    [
      z.number(),
      capped(32, "Quantity must be a whole number")
        .trim()
        .regex(/^-?\d+$/, "Quantity must be a whole number"),
    ],
    {
      error: "Quantity must be a whole number",
    }
  )
  .transform(Number)
  .pipe(
    z
      .number()
      .int("Quantity must be a whole number")
      .min(1, "Quantity must be at least 1")
      .max(1000, "Quantity must be at most 1000")
  )

export const AddToCartSchema = z.object({
  userId: capped(64, undefined, "userId is required").min(1, "userId is required"),
  productId: capped(64, undefined, "productId is required").min(1, "productId is required"),
  quantity: quantity.optional().default(1),
})

export const CartQuantityParams = z.object({ quantity })

export type AddToCartBody = z.infer<typeof AddToCartSchema>
type _Tied = Holds<Ties<typeof AddToCartSchema, AddToCartRequest>>
