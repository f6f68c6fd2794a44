import type { LandingPageRow } from "../modules/landing-page/service"
import type { ShopProduct } from "./shop-products"
import {
  BENEFIT_ICON,
  defaultGroups,
  type Benefit,
  type Gallery,
  type Hero,
  type LandingGroups,
  type OrderForm,
  type Styling,
  type Testimonial,
  type TrustBadges,
  type Urgency,
} from "./landing-page-groups"

/**
 * Landing pages (SPEC.md sections 2.10, 2.15, 2.16, 3): the spec's defaults for
 * every group, the slug rule, the Bengali messages of the COD order form, the
 * Bangladeshi mobile number rule, and the page's public and admin shapes.
 */

export { slugify } from "./slug"
export * from "./landing-page-groups"

/** What a slug can look like (the rule's output, at most 100 characters; the length is checked first). */
export function isSlug(value: unknown): value is string {
  return typeof value === "string" && value.length <= 100 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value)
}

export type LandingGroupsInput = {
  hero?: Partial<Hero>
  benefits?: Partial<Benefit>[]
  gallery?: Partial<Gallery>
  testimonials?: Partial<Testimonial>[]
  orderForm?: Partial<OrderForm>
  trustBadges?: Partial<TrustBadges>
  urgency?: Partial<Urgency>
  styling?: Partial<Styling>
}

/**
 * The groups after applying `input` over `base` (the defaults on create, the
 * stored page on update): objects merge field by field, lists are replaced.
 * The editor's `showTrustBadges` and the public page's `enabled` stay one flag.
 */
export function mergeGroups(base: LandingGroups, input: LandingGroupsInput): LandingGroups {
  const badgesOn = input.trustBadges?.showTrustBadges ?? input.trustBadges?.enabled ?? base.trustBadges.showTrustBadges
  return {
    hero: { ...base.hero, ...input.hero },
    benefits: input.benefits
      ? input.benefits.map((b) => ({ icon: b.icon || BENEFIT_ICON, title: b.title ?? "", description: b.description ?? "" }))
      : base.benefits,
    gallery: { ...base.gallery, ...input.gallery },
    testimonials: input.testimonials
      ? input.testimonials.map((t) => ({ name: t.name ?? "", rating: t.rating ?? 5, comment: t.comment ?? "", image: t.image ?? "" }))
      : base.testimonials,
    orderForm: { ...base.orderForm, ...input.orderForm },
    trustBadges: {
      badges: input.trustBadges?.badges ?? base.trustBadges.badges,
      showTrustBadges: badgesOn,
      enabled: badgesOn,
    },
    urgency: { ...base.urgency, ...input.urgency },
    styling: { ...base.styling, ...input.styling },
  }
}

/** The stored groups of a page, with defaults filling anything an older row lacks. */
export function groupsOf(row: LandingPageRow): LandingGroups {
  return mergeGroups(defaultGroups(), {
    hero: row.hero as Partial<Hero>,
    benefits: row.benefits as Partial<Benefit>[],
    gallery: row.gallery as Partial<Gallery>,
    testimonials: row.testimonials as Partial<Testimonial>[],
    orderForm: row.order_form as Partial<OrderForm>,
    trustBadges: row.trust_badges as Partial<TrustBadges>,
    urgency: row.urgency as Partial<Urgency>,
    styling: row.styling as Partial<Styling>,
  })
}

/** The groups as the module's columns. */
export function groupColumns(groups: LandingGroups) {
  return {
    hero: groups.hero,
    benefits: groups.benefits,
    gallery: groups.gallery,
    testimonials: groups.testimonials,
    order_form: groups.orderForm,
    trust_badges: groups.trustBadges,
    urgency: groups.urgency,
    styling: groups.styling,
  }
}

/** The page's product as the page reads it: the shop product, with the spec's `salePrice` alias. */
export type LandingProduct = ShopProduct & { salePrice: number }

export type LandingPageView = LandingGroups & {
  _id: string
  title: string
  slug: string
  /** The product, populated; null when it has been deleted or unpublished. */
  productId: LandingProduct | null
  isActive: boolean
  analytics?: { views: number; orders: number }
  createdAt: string
  updatedAt: string
}

const iso = (d: Date | string) => new Date(d).toISOString()

/** A page in the spec's shape; the public page leaves the analytics out. */
export function toLandingPageView(
  row: LandingPageRow,
  product: ShopProduct | undefined,
  options: { analytics: boolean }
): LandingPageView {
  return {
    _id: row.id,
    title: row.title,
    slug: row.slug,
    productId: product ? { ...product, salePrice: product.saleprice } : null,
    isActive: row.is_active,
    ...(options.analytics ? { analytics: { views: Number(row.views), orders: Number(row.orders) } } : {}),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    ...groupsOf(row),
  }
}

/** Delivery by area (SPEC.md section 9); the server decides, whatever a client sends. */
export const DELIVERY_AREAS = ["dhaka", "outside"] as const
export type DeliveryArea = (typeof DELIVERY_AREAS)[number]
export const DELIVERY_CHARGE: Record<DeliveryArea, number> = { dhaka: 60, outside: 120 }

/** The area a city falls in when the shopper did not choose one (SPEC.md section 4). */
export function deliveryAreaOf(city: string | undefined | null): DeliveryArea {
  return city && /dhaka/i.test(city) ? "dhaka" : "outside"
}

/**
 * A Bangladeshi mobile number as 01XXXXXXXXX. Accepts 01XXXXXXXXX,
 * +8801XXXXXXXXX and 8801XXXXXXXXX (spaces and hyphens between digits are
 * ignored); the operator digit after 01 is 3 to 9. Anything else: null.
 */
export function normalizeBdPhone(input: string): string | null {
  const compact = input.trim().replace(/[\s-]+/g, "")
  // +880 is the country code in place of the leading 0: +880 1XXXXXXXXX
  const match = /^(?:\+?880|0)(1[3-9]\d{8})$/.exec(compact)
  return match ? `0${match[1]}` : null
}

/** The landing order form's messages, in Bengali (SPEC.md sections 5 and 8). */
export const BN = {
  fillAll: "অনুগ্রহ করে নাম, মোবাইল নম্বর ও ঠিকানা সহ সকল তথ্য পূরণ করুন",
  badPhone: "সঠিক মোবাইল নম্বর দিন (যেমন 01XXXXXXXXX)",
  badEmail: "সঠিক ইমেইল ঠিকানা দিন",
  badQuantity: "পরিমাণ অন্তত ১ হতে হবে",
  orderFailed: "অর্ডার করতে সমস্যা হয়েছে, অনুগ্রহ করে আবার চেষ্টা করুন",
  orderPlaced: "আপনার অর্ডার সফলভাবে সম্পন্ন হয়েছে",
  wrongProduct: "এই পেজ থেকে শুধু এই পেজের পণ্যটি অর্ডার করা যায়",
  outOfStock: (title: string) => `দুঃখিত, ${title} স্টকে নেই`,
  onlyLeft: (available: number, title: string) =>
    `দুঃখিত, ${title} স্টকে মাত্র ${available.toLocaleString("bn-BD")}টি আছে`,
  tooManyOrders: (minutes: number) =>
    `এই নম্বর থেকে অল্প সময়ে অনেকগুলো অর্ডার এসেছে। অনুগ্রহ করে ${minutes.toLocaleString("bn-BD")} মিনিট পরে আবার চেষ্টা করুন`,
} as const

export const LANDING_NOT_FOUND = "Landing page not found"
