import { z } from "@medusajs/framework/zod"

const FILL_IN = "Please fill in all delivery information!"
const text = (max: number, message = FILL_IN) =>
  z.string({ error: message }).trim().min(1, message).max(max, `A field is longer than ${max} characters`)
const optionalText = (max: number) => z.string().trim().max(max).optional().default("")

const quantity = z
  .number({ error: "Quantity must be a whole number" })
  .int("Quantity must be a whole number")
  .min(1, "Quantity must be at least 1")
  .max(1000, "Quantity must be at most 1000")

/**
 * The spec's guest body. Prices, totals, statuses and dates a client sends are
 * accepted in shape but never used: the server prices and dates the order.
 */
export const GuestOrderSchema = z
  .object({
    isGuest: z.literal(true),
    guestName: text(100),
    guestPhone: text(20),
    guestEmail: z
      .string()
      .trim()
      .max(254)
      .optional()
      .default("")
      .refine((v) => v === "" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), "Please enter a valid email address!"),
    landingPageSlug: z.string().trim().max(200).nullable().optional().default(null),
    cartItems: z
      .array(z.object({ productId: z.string({ error: "productId is required" }).min(1).max(64), quantity }).loose(), {
        error: "cartItems must be a list",
      })
      .min(1, "Your cart is empty!")
      .max(50, "At most 50 lines per order"),
    addressInfo: z
      .array(
        z
          .object({
            address: text(300),
            city: text(100),
            pincode: optionalText(20),
            number: optionalText(20),
            notes: optionalText(500),
          })
          .loose(),
        { error: FILL_IN }
      )
      .length(1, FILL_IN),
  })
  .loose()
  .superRefine((body, ctx) => {
    // shop checkout (no landing page) needs email and pincode too (SPEC.md section 5)
    if (!body.landingPageSlug && Array.isArray(body.addressInfo) && body.addressInfo.length === 1) {
      if (!body.guestEmail) ctx.addIssue({ code: "custom", message: FILL_IN })
      else if (!body.addressInfo?.[0]?.pincode) ctx.addIssue({ code: "custom", message: FILL_IN })
    }
  })

export const CustomerOrderSchema = z
  .object({
    isGuest: z.literal(false).optional(),
    userId: z.string({ error: "userId is required" }).min(1).max(64),
    cartId: z.string().max(64).optional(),
    addressInfo: z
      .object({ addressId: z.string({ error: "Please select a delivery address before checkout!" }).min(1).max(64) }, {
        error: "Please select a delivery address before checkout!",
      })
      .loose(),
  })
  .loose()

export type GuestOrderBody = z.infer<typeof GuestOrderSchema>
export type CustomerOrderBody = z.infer<typeof CustomerOrderSchema>
