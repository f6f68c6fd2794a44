import type { CSSProperties } from "react"
import { FONT_FAMILIES } from "@shop/contract"
import type { FontFamily, LandingPage, LandingProduct } from "../api/get-landing-page"

/**
 * The gallery's pictures: the hero images (else the single hero image), then
 * the gallery's when it is shown, else the product's own picture. Empty and
 * repeated URLs are dropped, and only http(s) URLs or paths on this site are
 * used (they only ever go into an img src).
 */
export function galleryImages(page: Pick<LandingPage, "hero" | "gallery" | "productId">): string[] {
  const hero = page.hero.heroImages?.length ? page.hero.heroImages : [page.hero.heroImage]
  const gallery = page.gallery.showGallery ? (page.gallery.images ?? []) : []
  const images = [...hero, ...gallery].filter(isImageUrl)
  const unique = [...new Set(images.map((url) => url.trim()))]
  if (unique.length > 0) return unique
  const productImage = page.productId?.image
  return productImage && isImageUrl(productImage) ? [productImage.trim()] : []
}

/**
 * A landing page's gallery: .landing__body (max 1200px, 1rem padding, from
 * 1024px 1.5rem and the 420px order form after a 1.5rem gap) less the
 * gallery's 1rem padding; a page without the form is at most 52rem wide.
 */
export const LANDING_GALLERY_SIZES = "(min-width:1024px) calc(min(100vw,1200px) - 524px),calc(100vw - 64px)"
export const LANDING_GALLERY_SINGLE_SIZES = "(min-width:1024px) calc(min(100vw,832px) - 80px),calc(100vw - 64px)"

/** The gallery's `sizes`: its column is narrower beside the order form (landing-view.tsx, landing.css). */
export function landingGallerySizes(page: Pick<LandingPage, "orderForm">): string {
  return page.orderForm?.showOrderForm !== false ? LANDING_GALLERY_SIZES : LANDING_GALLERY_SINGLE_SIZES
}

export function isImageUrl(value: unknown): value is string {
  if (typeof value !== "string") return false
  const url = value.trim()
  return /^https?:\/\/\S+$/i.test(url) || /^\/(?!\/)\S*$/.test(url)
}

/** The wrapped index of a gallery of `count` pictures: last -> first and first -> last. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0
  return ((index % count) + count) % count
}

const DEFAULT_PRIMARY = "#000000"
const DEFAULT_ACCENT = "#FF6B6B"
const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/

function color(value: unknown, fallback: string): string {
  return typeof value === "string" && HEX_COLOR.test(value.trim()) ? value.trim() : fallback
}

/**
 * The page's colours and font as CSS variables for a style prop: hex colours
 * and the four known fonts only, so nothing a merchant typed becomes CSS.
 */
export function stylingVariables(styling: LandingPage["styling"] | undefined): CSSProperties {
  const font = FONT_FAMILIES.includes(styling?.fontFamily as FontFamily) ? styling!.fontFamily : "Inter"
  return {
    "--landing-primary": color(styling?.primaryColor, DEFAULT_PRIMARY),
    "--landing-accent": color(styling?.accentColor, DEFAULT_ACCENT),
    // one word, no quotes to escape: the four known families
    "--landing-font": font,
  } as CSSProperties
}

/** Units the shopper can order: the product's stock (0 or less: out of stock). */
export function availableStock(product: Pick<LandingProduct, "stock">): number {
  const stock = Number(product.stock)
  return Number.isFinite(stock) ? Math.max(0, Math.floor(stock)) : 0
}

/**
 * The number the stock-left notice shows: the merchant's stockCount when
 * above 0, else the product's stock.
 */
export function stockLeftCount(page: Pick<LandingPage, "urgency">, product: Pick<LandingProduct, "stock">): number {
  const count = Number(page.urgency.stockCount)
  return Number.isFinite(count) && count > 0 ? Math.floor(count) : availableStock(product)
}

/** Star count of a testimonial: its rating as a whole number from 1 to 5, default 5. */
export function starCount(rating: unknown): number {
  const n = typeof rating === "number" ? rating : Number(rating)
  if (rating === undefined || rating === null || rating === "" || !Number.isFinite(n)) return 5
  return Math.min(5, Math.max(1, Math.round(n)))
}

export type TrustBadgeKind = "free-delivery" | "money-back" | "cash-on-delivery" | "other"

/** The badges the page recognises (SPEC 2.10), matched case- and spacing-insensitively. */
export function trustBadgeKind(badge: string): TrustBadgeKind {
  const key = badge
    .toLowerCase()
    .replace(/[^a-z]+/g, " ")
    .trim()
  if (key === "free delivery") return "free-delivery"
  if (key === "money back guarantee") return "money-back"
  if (key === "cash on delivery") return "cash-on-delivery"
  return "other"
}

export type CountdownParts = { days: number; hours: number; minutes: number; seconds: number }

/** Time left until `end`, or null once it has passed (or the date is not a date). */
export function countdownParts(end: string | null | undefined, now: number): CountdownParts | null {
  if (!end) return null
  const target = Date.parse(end)
  if (Number.isNaN(target) || target <= now) return null
  let rest = Math.floor((target - now) / 1000)
  const days = Math.floor(rest / 86_400)
  rest -= days * 86_400
  const hours = Math.floor(rest / 3600)
  rest -= hours * 3600
  const minutes = Math.floor(rest / 60)
  return { days, hours, minutes, seconds: rest - minutes * 60 }
}
