import { z } from "@medusajs/framework/zod"
import { capped, type Holds, type Ties } from "#app/api/utils/validate"
import {
  FONT_FAMILIES,
  isMetaPixelId,
  META_PIXEL_ID_MESSAGE,
  ORDER_FORM_FIELDS,
  slugify,
  withAlwaysAskedFields,
  type LandingPageRequest,
  type LandingPageUpdateRequest,
} from "@shop/contract"

export const REQUIRED = "Please fill in all required fields"

const text = (max: number) => capped(max, `A text field is longer than ${max} characters`).trim()
const flag = z.boolean({ error: "Switches must be true or false" })

/** Pictures come from uploads or the web: http(s) or a path on this site, never javascript: and friends. */
const imageUrl = text(2048).refine(
  (v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v) || /^\/(?!\/)[^\s]*$/.test(v),
  "Image URLs must start with http://, https:// or /"
)
const imageList = z.array(imageUrl, { error: "Image lists must be lists of URLs" }).max(20, "At most 20 images")

const COLOR = "Colours must be hex values like #FF6B6B"
const color = capped(32, COLOR)
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, COLOR)

/** Trust badges arrive as a list or as the editor's comma-separated text: trimmed, empties dropped. */
const badges = z
  .union([capped(2000), z.array(capped(100)).max(20)], { error: "Badges must be text or a list of texts" })
  .transform((v) => (Array.isArray(v) ? v : v.split(",")).map((b) => b.trim()).filter(Boolean))
  .refine((v) => v.length <= 20, "At most 20 badges")

const countdownEnd = z
  .union([capped(40).trim(), z.null()])
  .refine((v) => v === null || v === "" || !Number.isNaN(Date.parse(v)), "countdownEndDate must be a date")
  .transform((v) => (v ? new Date(v).toISOString() : null))

const Hero = z
  .object({
    headline: text(300),
    subheadline: text(500),
    heroImage: imageUrl,
    heroImages: imageList,
    description: text(5000),
    ctaButtonText: text(60),
    showPrice: flag,
    showDiscount: flag,
  })
  .partial()
  .strip()

const Benefit = z
  .object({ icon: text(16), title: text(200), description: text(1000) })
  .partial()
  .strip()

const Testimonial = z
  .object({
    name: text(100),
    rating: z
      .number({ error: "Ratings are whole numbers from 1 to 5" })
      .int("Ratings are whole numbers from 1 to 5")
      .min(1, "Ratings are whole numbers from 1 to 5")
      .max(5, "Ratings are whole numbers from 1 to 5"),
    comment: text(2000),
    image: imageUrl,
  })
  .partial()
  .strip()

export const LandingGroupsSchema = z.object({
  hero: Hero.optional(),
  benefits: z.array(Benefit, { error: "benefits must be a list" }).max(20, "At most 20 benefits").optional(),
  gallery: z.object({ images: imageList, showGallery: flag }).partial().strip().optional(),
  testimonials: z
    .array(Testimonial, { error: "testimonials must be a list" })
    .max(50, "At most 50 testimonials")
    .optional(),
  // a cash-on-delivery order needs a phone and an address: whatever a client sends, both stay asked
  orderForm: z
    .object({
      showOrderForm: flag,
      fields: z.array(z.enum(ORDER_FORM_FIELDS, { error: "Form fields are name, email, phone and address" })).max(4),
      showPhoneField: flag,
      showAddressFields: flag,
      showEmailField: flag,
    })
    .partial()
    .strip()
    .transform((form) => withAlwaysAskedFields(form))
    .optional(),
  trustBadges: z.object({ showTrustBadges: flag, enabled: flag, badges }).partial().strip().optional(),
  urgency: z
    .object({
      showCountdown: flag,
      countdownEndDate: countdownEnd,
      showStockCount: flag,
      stockCount: z
        .number({ error: "stockCount must be a whole number" })
        .int("stockCount must be a whole number")
        .min(0)
        .max(1_000_000),
    })
    .partial()
    .strip()
    .optional(),
  styling: z
    .object({
      primaryColor: color,
      accentColor: color,
      fontFamily: z.enum(FONT_FAMILIES, { error: `fontFamily is one of ${FONT_FAMILIES.join(", ")}` }),
    })
    .partial()
    .strip()
    .optional(),
})

/** A page's product: its id, or the populated product the editor loaded (its `_id`). */
const productId = capped(64, "Product not found")
const productRef = z
  .union([productId, z.object({ _id: productId }).loose(), z.null()], { error: REQUIRED })
  .transform((v) => (v === null ? "" : typeof v === "string" ? v.trim() : v._id.trim()))
  .refine((v) => v.length > 0, REQUIRED)

const title = capped(200, "The title is longer than 200 characters", REQUIRED).trim().min(1, REQUIRED)

/** The slug by the spec's rule; what cannot make one (no letter or digit) is refused. */
const slug = capped(100, "The slug is longer than 100 characters", REQUIRED)
  .trim()
  .min(1, REQUIRED)
  .transform(slugify)
  .refine((v) => v.length > 0, "The slug needs at least one letter or digit (a-z, 0-9)")

const isActive = z.boolean({ error: "isActive must be true or false" })

/** The page's Meta pixel: 5 to 20 digits; empty or null clears it (the shop's default, META_PIXEL_ID, applies). */
const metaPixelId = z
  .union([capped(40, META_PIXEL_ID_MESSAGE, META_PIXEL_ID_MESSAGE).trim(), z.null()], { error: META_PIXEL_ID_MESSAGE })
  .transform((v) => v || null)
  .refine((v) => v === null || isMetaPixelId(v), META_PIXEL_ID_MESSAGE)

/**
 * The page data of create and update. Read-only fields an editor sends back
 * (_id, analytics, createdAt...) are ignored: the analytics only ever change by
 * counting.
 */
export const CreateLandingPageSchema = LandingGroupsSchema.extend({
  title,
  slug,
  productId: productRef,
  isActive: isActive.optional().default(false),
  metaPixelId: metaPixelId.optional(),
}).loose()

export const UpdateLandingPageSchema = LandingGroupsSchema.extend({
  title: title.optional(),
  slug: slug.optional(),
  productId: productRef.optional(),
  isActive: isActive.optional(),
  metaPixelId: metaPixelId.optional(),
}).loose()

export type CreateLandingPageBody = z.infer<typeof CreateLandingPageSchema>
export type UpdateLandingPageBody = z.infer<typeof UpdateLandingPageSchema>
type _CreateTied = Holds<Ties<typeof CreateLandingPageSchema, LandingPageRequest>>
type _UpdateTied = Holds<Ties<typeof UpdateLandingPageSchema, LandingPageUpdateRequest>>

/** The groups of a body, as the workflows take them. */
export function groupsOfBody(body: z.infer<typeof LandingGroupsSchema>) {
  const { hero, benefits, gallery, testimonials, orderForm, trustBadges, urgency, styling } = body
  return { hero, benefits, gallery, testimonials, orderForm, trustBadges, urgency, styling }
}
