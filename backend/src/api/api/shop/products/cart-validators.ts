import { z } from "@medusajs/framework/zod"

const quantity = z
  .union([z.number(), z.string().trim().regex(/^-?\d+$/, "Quantity must be a whole number")], {
    error: "Quantity must be a whole number",
  })
  .transform(Number)
  .pipe(
    z
      .number()
      .int("Quantity must be a whole number")
      .min(1, "Quantity must be at least 1")
      .max(1000, "Quantity must be at most 1000")
  )

export const AddToCartSchema = z.object({
  userId: z.string({ error: "userId is required" }).min(1, "userId is required").max(64),
  productId: z.string({ error: "productId is required" }).min(1, "productId is required").max(64),
  quantity: quantity.optional().default(1),
})

export const CartQuantityParams = z.object({ quantity })

export type AddToCartBody = z.infer<typeof AddToCartSchema>
