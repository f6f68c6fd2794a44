import type { Product } from "./catalog"

/**
 * A landing page (SPEC.md section 3): its groups, the spec's defaults for
 * each, and the page as /api/landing/{slug} and the admin routes answer it.
 */
export const FONT_FAMILIES = ["Inter", "Roboto", "Poppins", "Montserrat"] as const

export type Hero = {
  headline: string
  subheadline: string
  heroImage: string
  heroImages: string[]
  description: string
  ctaButtonText: string
  showPrice: boolean
  showDiscount: boolean
}
export type Benefit = { icon: string; title: string; description: string }
export type Gallery = { images: string[]; showGallery: boolean }
export type Testimonial = { name: string; rating: number; comment: string; image: string }
export type OrderForm = {
  showOrderForm: boolean
  fields: string[]
  showPhoneField: boolean
  showAddressFields: boolean
  showEmailField: boolean
}
/** The order form's fields, in the form's order. */
export const ORDER_FORM_FIELDS = ["name", "email", "phone", "address"] as const
export type OrderFormField = (typeof ORDER_FORM_FIELDS)[number]
/**
 * What every landing order form asks, whatever the page's settings: a
 * cash-on-delivery order is delivered to an address and confirmed by phone.
 * Only the email is the merchant's choice (showEmailField).
 */
export const ALWAYS_ASKED_FIELDS: readonly OrderFormField[] = ["name", "phone", "address"]

/**
 * An order form (the whole group, or the part of it a request sends) with the
 * phone and the address always asked: showPhoneField and showAddressFields
 * become true and a `fields` list gains name, phone and address. Everything
 * else is kept as it is (what was not sent stays unsent).
 */
export function withAlwaysAskedFields<T extends Partial<OrderForm>>(
  form: T
): T & { showPhoneField: true; showAddressFields: true } {
  const fields = Array.isArray(form.fields)
    ? ORDER_FORM_FIELDS.filter((f) => ALWAYS_ASKED_FIELDS.includes(f) || form.fields!.includes(f))
    : undefined
  return { ...form, ...(fields ? { fields } : {}), showPhoneField: true, showAddressFields: true }
}
export type TrustBadges = { showTrustBadges: boolean; enabled: boolean; badges: string[] }
export type Urgency = {
  showCountdown: boolean
  countdownEndDate: string | null
  showStockCount: boolean
  stockCount: number
}
export type FontFamily = (typeof FONT_FAMILIES)[number]
export type Styling = { primaryColor: string; accentColor: string; fontFamily: FontFamily }

export type LandingGroups = {
  hero: Hero
  benefits: Benefit[]
  gallery: Gallery
  testimonials: Testimonial[]
  orderForm: OrderForm
  trustBadges: TrustBadges
  urgency: Urgency
  styling: Styling
}

export const BENEFIT_ICON = "✓"
export const DEFAULT_BADGES = ["Secure Payment", "Money Back Guarantee", "Free Shipping"] as const

/** What a new page holds where the merchant typed nothing (SPEC.md section 3). */
export function defaultGroups(): LandingGroups {
  return {
    hero: {
      headline: "",
      subheadline: "",
      heroImage: "",
      heroImages: [],
      description: "",
      ctaButtonText: "Order Now",
      showPrice: true,
      showDiscount: false,
    },
    benefits: [],
    gallery: { images: [], showGallery: true },
    testimonials: [],
    orderForm: {
      showOrderForm: true,
      fields: [...ORDER_FORM_FIELDS],
      showPhoneField: true,
      showAddressFields: true,
      showEmailField: true,
    },
    trustBadges: { showTrustBadges: true, enabled: true, badges: [...DEFAULT_BADGES] },
    urgency: { showCountdown: false, countdownEndDate: null, showStockCount: false, stockCount: 0 },
    styling: { primaryColor: "#000000", accentColor: "#FF6B6B", fontFamily: "Inter" },
  }
}

/** The page's product as the page reads it: the shop product, with the spec's `salePrice` alias. */
export type LandingProduct = Product & { salePrice: number }

/** A landing page as the routes answer it; the public page leaves the analytics out. */
export type LandingPage = LandingGroups & {
  _id: string
  title: string
  slug: string
  /** The product, populated; null when it has been deleted or unpublished. */
  productId: LandingProduct | null
  isActive: boolean
  /**
   * The Meta pixel the page loads: the public page answers the
   * page's own id, else the shop's default (META_PIXEL_ID), else null (no
   * pixel); admin views answer the page's own id (null: the default).
   */
  metaPixelId?: string | null
  /** admin views; the list (GET /api/admin/landing-pages) adds the page's open drafts and recovered drafts */
  analytics?: { views: number; orders: number; drafts?: number; recovered?: number }
  createdAt: string
  updatedAt: string
}

/** How many pictures a page holds at most (hero and gallery each). */
export const MAX_LANDING_IMAGES = 20
