import { z } from "@medusajs/framework/zod"
import { capped, type Holds, type Ties } from "#app/api/utils/validate"
import {
  BN_MESSAGES,
  DELIVERY_AREAS,
  deliveryAreaOf,
  isEmail,
  isFbclid,
  MAX_META_CLICK_ID,
  normalizeBdPhone,
  PAYMENT_METHOD_INVALID,
  PAYMENT_METHODS,
  type CustomerOrderRequest,
  type GuestOrderRequest,
  type LandingOrderRequest,
} from "@shop/contract"

const FILL_IN = "Please fill in all delivery information!"
const text = (max: number, message = FILL_IN) =>
  capped(max, `A field is longer than ${max} characters`, message).trim().min(1, message)
const optionalText = (max: number) => capped(max).trim().optional().default("")
/** An email address, or nothing (""). */
const optionalEmail = (message: string) =>
  capped(254)
    .trim()
    .refine((v) => v === "" || isEmail(v), message)

/** How the shopper pays: cash on delivery when left out (bKash is refused later when it is not set up). */
const paymentMethod = (message: string) => z.enum(PAYMENT_METHODS, { error: message }).optional()

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
    guestEmail: optionalEmail("Please enter a valid email address!").optional().default(""),
    landingPageSlug: z.union([z.literal(""), z.null()]).optional(),
    cartItems: z
      .array(z.object({ productId: capped(64, undefined, "productId is required").min(1), quantity }).loose(), {
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
            pincode: text(20),
            number: optionalText(20),
            notes: optionalText(500),
          })
          .loose(),
        { error: FILL_IN }
      )
      .length(1, FILL_IN),
    paymentMethod: paymentMethod(PAYMENT_METHOD_INVALID.en),
  })
  .loose()
  // shop checkout needs the email too (SPEC.md section 5)
  .refine((body) => body.guestEmail !== "", FILL_IN)

/**
 * Meta ads' tracking a landing page sends with its order: an
 * fbclid (A-Z a-z 0-9 _ -, at most 500) and the page's address (http(s), at
 * most 2000). Both optional; a malformed one is dropped, never a reason to
 * refuse a cash-on-delivery order.
 */
const fbclid = capped(MAX_META_CLICK_ID)
  .refine((v) => isFbclid(v))
  .optional()
  .catch(undefined)
const eventSourceUrl = capped(2000)
  .regex(/^https?:\/\/[^\s]+$/i)
  .refine((v) => URL.canParse(v))
  .optional()
  .catch(undefined)

const bnTooLong = (max: number) => `${max} অক্ষরের বেশি লেখা যাবে না`
const bnText = (max: number) => capped(max, bnTooLong(max), BN_MESSAGES.fillAll).trim().min(1, BN_MESSAGES.fillAll)
const bnOptional = (max: number) => capped(max, bnTooLong(max)).trim().optional().default("")

/**
 * A cash-on-delivery order from a landing page (SPEC.md section 3, "Guest
 * order payload"): name, phone and address required, a Bangladeshi mobile
 * number stored as 01XXXXXXXXX, email optional, the delivery area chosen on the
 * page (else read from the city). Messages are in Bengali. Prices and totals a
 * client sends are ignored.
 */
export const LandingOrderSchema = z
  .object({
    isGuest: z.literal(true),
    landingPageSlug: capped(100).trim().min(1),
    guestName: bnText(100),
    guestPhone: bnText(20).transform((v, ctx) => {
      const phone = normalizeBdPhone(v)
      if (!phone) {
        ctx.addIssue({ code: "custom", message: BN_MESSAGES.badPhone })
        return z.NEVER
      }
      return phone
    }),
    guestEmail: z
      .union([optionalEmail(BN_MESSAGES.badEmail), z.null()], { error: BN_MESSAGES.badEmail })
      .optional()
      .transform((v) => v ?? ""),
    deliveryArea: z.enum(DELIVERY_AREAS, { error: "deliveryArea হবে dhaka অথবা outside" }).optional(),
    cartItems: z
      .array(
        z
          .object({
            productId: capped(64, "Product not found!", "Product not found!").min(1, "Product not found!"),
            quantity: z
              .number({ error: BN_MESSAGES.badQuantity })
              .int(BN_MESSAGES.badQuantity)
              .min(1, BN_MESSAGES.badQuantity)
              .max(1000, "একবারে সর্বোচ্চ ১০০০টি অর্ডার করা যায়"),
          })
          .loose(),
        { error: BN_MESSAGES.fillAll }
      )
      .min(1, BN_MESSAGES.fillAll)
      .max(5, BN_MESSAGES.fillAll),
    addressInfo: z
      .array(
        z
          .object({
            address: bnText(300),
            city: bnOptional(100),
            pincode: bnOptional(20),
            number: bnOptional(20),
            notes: bnOptional(500),
          })
          .loose(),
        { error: BN_MESSAGES.fillAll }
      )
      .length(1, BN_MESSAGES.fillAll),
    fbclid,
    eventSourceUrl,
    paymentMethod: paymentMethod(PAYMENT_METHOD_INVALID.bn),
  })
  .loose()
  .transform((body) => ({ ...body, deliveryArea: body.deliveryArea ?? deliveryAreaOf(body.addressInfo[0].city) }))

export const CustomerOrderSchema = z
  .object({
    isGuest: z.literal(false).optional(),
    userId: capped(64, undefined, "userId is required").min(1),
    cartId: capped(64).optional(),
    addressInfo: z
      .object(
        { addressId: capped(64, undefined, "Please select a delivery address before checkout!").min(1) },
        {
          error: "Please select a delivery address before checkout!",
        }
      )
      .loose(),
    paymentMethod: paymentMethod(PAYMENT_METHOD_INVALID.en),
  })
  .loose()

export type GuestOrderBody = z.infer<typeof GuestOrderSchema>
export type LandingOrderBody = z.infer<typeof LandingOrderSchema>
export type CustomerOrderBody = z.infer<typeof CustomerOrderSchema>
type _GuestTied = Holds<Ties<typeof GuestOrderSchema, GuestOrderRequest>>
type _LandingTied = Holds<Ties<typeof LandingOrderSchema, LandingOrderRequest>>
type _CustomerTied = Holds<Ties<typeof CustomerOrderSchema, CustomerOrderRequest>>
