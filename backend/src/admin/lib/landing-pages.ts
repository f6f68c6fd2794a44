import {
  badgesContradictingDelivery,
  BENEFIT_ICON,
  DEFAULT_BADGES as SPEC_BADGES,
  defaultGroups,
  DELIVERY_AREA_LABELS,
  DELIVERY_AREAS,
  DELIVERY_CHARGE,
  formatMoney,
  type LandingGroups,
  type LandingPage,
  type LandingPageListItem,
  type Styling,
  slugFromTitle,
  slugify,
  withAlwaysAskedFields,
} from "@shop/contract"

/**
 * Landing pages in the admin (SPEC.md sections 2.15, 2.16, 3, 4, 5): the
 * list's conversion rate, the editor's state and the body it saves, the slug
 * that follows the title (on a new page only), trust badges as text and the
 * warning when they promise free delivery, and the upload checks.
 */
export { slugify }

export { FONT_FAMILIES } from "@shop/contract"
export type { Benefit, Hero, Testimonial } from "@shop/contract"
export type FontFamily = Styling["fontFamily"]

/** A page as the admin routes answer it; the list's carries Purchases sent to Meta in its analytics. */
export type { LandingPage, LandingPageListItem }

/** Conversion: orders / views x 100 to 1 decimal, "0" with no views. */
export function conversionRate(views: number, orders: number): string {
  const v = Number(views) || 0
  if (v <= 0) return "0"
  return (((Number(orders) || 0) / v) * 100).toFixed(1)
}

/** The list's summary cards. */
export function landingSummary(pages: Pick<LandingPage, "isActive" | "analytics">[]) {
  return {
    totalPages: pages.length,
    activePages: pages.filter((p) => p.isActive).length,
    totalViews: pages.reduce((sum, p) => sum + (Number(p.analytics?.views) || 0), 0),
    totalOrders: pages.reduce((sum, p) => sum + (Number(p.analytics?.orders) || 0), 0),
  }
}

/** Trust badges typed as comma-separated text: trimmed, empties dropped. */
export function parseBadges(text: string): string[] {
  return text
    .split(",")
    .map((b) => b.trim())
    .filter(Boolean)
}

export function badgesToText(badges: string[] | null | undefined): string {
  return (badges ?? []).join(", ")
}

/**
 * The editor's warning while the shown badges promise free delivery and the
 * page's order form charges for it (the contract's rule), else null.
 */
export function badgeDeliveryWarning(trustBadges: EditorState["trustBadges"]): string | null {
  const badges = badgesContradictingDelivery({
    showTrustBadges: trustBadges.showTrustBadges,
    badges: parseBadges(trustBadges.badgesText),
  })
  if (badges.length === 0) return null
  const charges = DELIVERY_AREAS.map(
    (area) => `${formatMoney(DELIVERY_CHARGE[area])} ${DELIVERY_AREA_LABELS[area]}`
  ).join(" and ")
  const one = badges.length === 1
  return (
    `${badges.map((badge) => `"${badge}"`).join(", ")} ${one ? "promises" : "promise"} free delivery, ` +
    `but this page's order form charges ${charges}. Remove or reword ${one ? "it" : "them"} under Settings → Trust Badges.`
  )
}

/** The largest image an upload may be (5 MB). */
export const MAX_IMAGE_BYTES = 5_242_880

export const NOT_AN_IMAGE_MESSAGE = "Please select an image file"

/** Whether a picked file says it is an image (its type; the server decides by its bytes). */
export function isImageType(type: string): boolean {
  return Boolean(type) && type.startsWith("image/")
}

/**
 * What is wrong with a file about to be sent, or null (SPEC.md section 5). A
 * picked image over 5 MB is first shrunk in the browser (shrink-image.ts);
 * this checks what is finally sent.
 */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!isImageType(file.type)) return NOT_AN_IMAGE_MESSAGE
  if (file.size > MAX_IMAGE_BYTES) return "Image size should be less than 5MB"
  return null
}

/** At most this many images in a list (the server's limit). */
export const MAX_IMAGES = 20

/** The editor's state: what the inputs hold. */
export type EditorState = {
  title: string
  slug: string
  /**
   * Whether typing the title rewrites the slug: only on a new page, and only
   * until the slug is edited by hand. A stored page's slug is its public URL
   * (shared in ads), so it changes only when the slug itself is edited.
   */
  slugFollowsTitle: boolean
  productId: string
  isActive: boolean
  hero: LandingGroups["hero"]
  benefits: LandingGroups["benefits"]
  gallery: LandingGroups["gallery"]
  testimonials: LandingGroups["testimonials"]
  orderForm: LandingPage["orderForm"]
  trustBadges: { showTrustBadges: boolean; badgesText: string }
  urgency: { showCountdown: boolean; countdownEndDate: string; showStockCount: boolean; stockCount: string }
  styling: LandingPage["styling"]
  /** the page's own Meta pixel id; empty: the shop's default (META_PIXEL_ID), if any */
  metaPixelId: string
}

export const DEFAULT_BENEFIT_ICON = BENEFIT_ICON
export const DEFAULT_BADGES: string[] = [...SPEC_BADGES]

/** A new page: the spec's defaults (SPEC.md section 3). */
export function emptyEditorState(): EditorState {
  const { trustBadges, urgency, ...groups } = defaultGroups()
  return {
    title: "",
    slug: "",
    slugFollowsTitle: true,
    productId: "",
    isActive: false,
    ...groups,
    trustBadges: { showTrustBadges: trustBadges.showTrustBadges, badgesText: badgesToText(trustBadges.badges) },
    urgency: { ...urgency, countdownEndDate: "", stockCount: String(urgency.stockCount) },
    metaPixelId: "",
  }
}

const pad = (n: number) => String(n).padStart(2, "0")

/** An ISO instant as a datetime-local input's value, in the browser's time zone. */
export function toDateTimeLocal(iso: string | null | undefined): string {
  if (!iso) return ""
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ""
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** A datetime-local value back to an ISO instant (null when empty or broken). */
export function fromDateTimeLocal(value: string): string | null {
  if (!value) return null
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? null : d.toISOString()
}

/** A stored page in the editor. Its slug never follows the title: renaming a page keeps its URL. */
export function editorStateFromPage(page: LandingPage): EditorState {
  const base = emptyEditorState()
  const heroImages = page.hero?.heroImages?.length
    ? page.hero.heroImages
    : page.hero?.heroImage
      ? [page.hero.heroImage]
      : []
  return {
    title: page.title ?? "",
    slug: page.slug ?? "",
    slugFollowsTitle: false,
    productId: page.productId?._id ?? "",
    isActive: Boolean(page.isActive),
    hero: { ...base.hero, ...page.hero, heroImages },
    benefits: (page.benefits ?? []).map((b) => ({ ...b })),
    gallery: { ...base.gallery, ...page.gallery, images: [...(page.gallery?.images ?? [])] },
    testimonials: (page.testimonials ?? []).map((t) => ({ ...t })),
    // a page stored with the phone or address hidden shows them asked, as its form does
    orderForm: withAlwaysAskedFields({ ...base.orderForm, ...page.orderForm }),
    trustBadges: {
      showTrustBadges: page.trustBadges?.showTrustBadges ?? page.trustBadges?.enabled ?? true,
      badgesText: badgesToText(page.trustBadges?.badges),
    },
    urgency: {
      showCountdown: Boolean(page.urgency?.showCountdown),
      countdownEndDate: toDateTimeLocal(page.urgency?.countdownEndDate),
      showStockCount: Boolean(page.urgency?.showStockCount),
      stockCount: String(page.urgency?.stockCount ?? 0),
    },
    styling: { ...base.styling, ...page.styling },
    metaPixelId: page.metaPixelId ?? "",
  }
}

/**
 * Typing the title: on a new page whose slug was not edited by hand, the slug
 * follows it, Bengali read in Latin letters, never empty while there is a title.
 */
export function withTitle(state: EditorState, title: string): EditorState {
  return { ...state, title, slug: state.slugFollowsTitle ? slugFromTitle(title) : state.slug }
}

/** Typing the slug by hand: from then on it no longer follows the title. */
export function withSlug(state: EditorState, slug: string): EditorState {
  return { ...state, slug, slugFollowsTitle: false }
}

/**
 * Leaving the slug field: the slug as the server will store it, following the
 * title or not as before; one that makes no slug (emptied, only signs) is the title's.
 */
export function withTidySlug(state: EditorState): EditorState {
  const slug = slugify(state.slug) || slugFromTitle(state.title)
  return slug === state.slug ? state : { ...state, slug }
}

/** Title, slug and product are required (SPEC.md section 5). */
export function missingRequired(state: Pick<EditorState, "title" | "slug" | "productId">): boolean {
  return !state.title.trim() || !slugify(state.slug) || !state.productId
}

/** The create/update body. */
export function editorPayload(state: EditorState) {
  const heroImages = state.hero.heroImages.filter(Boolean)
  const stock = Number.parseInt(state.urgency.stockCount, 10)
  return {
    title: state.title.trim(),
    slug: slugify(state.slug),
    productId: state.productId,
    isActive: state.isActive,
    hero: { ...state.hero, heroImages, heroImage: heroImages[0] ?? "" },
    benefits: state.benefits.map((b) => ({
      icon: b.icon.trim() || DEFAULT_BENEFIT_ICON,
      title: b.title.trim(),
      description: b.description.trim(),
    })),
    gallery: { showGallery: state.gallery.showGallery, images: state.gallery.images.filter(Boolean) },
    testimonials: state.testimonials.map((t) => ({
      name: t.name.trim(),
      rating: clampRating(t.rating),
      comment: t.comment.trim(),
      image: t.image,
    })),
    orderForm: withAlwaysAskedFields(state.orderForm),
    trustBadges: {
      showTrustBadges: state.trustBadges.showTrustBadges,
      enabled: state.trustBadges.showTrustBadges,
      badges: parseBadges(state.trustBadges.badgesText),
    },
    urgency: {
      showCountdown: state.urgency.showCountdown,
      countdownEndDate: fromDateTimeLocal(state.urgency.countdownEndDate),
      showStockCount: state.urgency.showStockCount,
      stockCount: Number.isFinite(stock) && stock > 0 ? stock : 0,
    },
    styling: state.styling,
    metaPixelId: state.metaPixelId.trim() || null,
  }
}

/** Ratings are whole stars from 1 to 5 (5 by default). */
export function clampRating(value: unknown): number {
  const n = Math.round(Number(value))
  if (!Number.isFinite(n)) return 5
  return Math.min(5, Math.max(1, n))
}
