import { PICTURE_FORMATS, PICTURE_MIME, srcsetOf, variantsOf, type Picture } from "@shop/contract"

/**
 * How a page asks for a picture: one `<source>` per format it was stored in
 * (AVIF, WebP), the JPEG as the `<img>` itself, each with the same `sizes`.
 * The component (components/picture.tsx) and the head's preload (app/seo.ts)
 * both read it from here, so the preload is the very choice the page makes.
 */
export type PictureSource = { type: string; srcset: string }

export type PictureChoice = {
  /** `<source>` elements, best format first (the formats other than the img's). */
  sources: PictureSource[]
  /** The `<img>`'s own: a middling variant for a browser without srcset, and its format's srcset. */
  src: string
  srcset: string
  type: string
}

/** The width a browser without srcset gets: the first variant at least this wide, else the widest. */
const FALLBACK_WIDTH = 640

/** How `picture` is offered; null when it has no variant (then it is drawn as a plain image). */
export function pictureChoice(picture: Picture): PictureChoice | null {
  const formats = PICTURE_FORMATS.filter((format) => variantsOf(picture, format).length > 0)
  // the img carries the most widely read format there is (JPEG; else the last one made)
  const fallback = formats.pop()
  if (!fallback) return null
  const variants = variantsOf(picture, fallback)
  return {
    sources: formats.map((format) => ({ type: PICTURE_MIME[format], srcset: srcsetOf(picture, format) })),
    src: (variants.find((v) => v.width >= FALLBACK_WIDTH) ?? variants.at(-1)!).url,
    srcset: srcsetOf(picture, fallback),
    type: PICTURE_MIME[fallback],
  }
}

/** What a browser takes first from the `<picture>`: its first source, else the img (the head preloads it). */
export function firstChoice(choice: PictureChoice): PictureSource {
  return choice.sources[0] ?? choice
}

/*
 * `sizes` of each place a picture is drawn: its CSS width at each breakpoint
 * (styles.css, landing.css; 1rem = 16px, box-sizing: border-box), so the
 * browser takes the narrowest variant that fills it at the screen's density.
 * Each app's own are beside its code (features/products/utils/picture-sizes.ts,
 * features/landing/utils/page.ts), so neither app's bundle carries the other's.
 */

/** Fixed boxes: gallery thumbnails and cart lines (4.5rem), avatars (3rem). */
export const THUMB_SIZES = "72px"
export const AVATAR_SIZES = "48px"
