/**
 * Pictures: what the shop stores for every uploaded image and what pages need
 * to ask for the right file. An upload is decoded, turned upright, stripped of
 * its metadata and stored as variants (each format at each width not above the
 * original's); pages keep naming a picture by the URL they always carried
 * (`image`, `heroImage`, ...) and find its variants in a `pictures` map that
 * answers carry beside their data.
 */

/** Widths variants are made at (never above the original's own width, which is always kept). */
export const PICTURE_WIDTHS = [320, 640, 960, 1200, 1600] as const

/** Formats in the order a page offers them (`<picture>` sources first to last). */
export const PICTURE_FORMATS = ["avif", "webp", "jpeg"] as const
export type PictureFormat = (typeof PICTURE_FORMATS)[number]

export const PICTURE_MIME: Readonly<Record<PictureFormat, string>> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
}

/** Link previews (og:image) use the JPEG variant of this width (or the widest below it). */
export const PREVIEW_WIDTH = 1200

/** Largest pixel count an upload may decode to (a 12-megapixel phone photo is 12.2 M; a decompression bomb is refused). */
export const MAX_PICTURE_PIXELS = 50_000_000

export const PICTURE_MESSAGES = {
  notAnImage: "Please select an image file",
  tooManyPixels: "This image is too large to process (at most 50 megapixels)",
  corrupt: "This image could not be read; it may be damaged",
} as const

export type PictureVariant = {
  url: string
  format: PictureFormat
  width: number
  height: number
  bytes: number
}

export type Picture = {
  /** The URL pages carry (the upright, metadata-free original). */
  url: string
  /** The upright size, in pixels. */
  width: number
  height: number
  /** A tiny blurred image as a data: URL (a few hundred bytes), painted until the picture arrives. */
  placeholder: string
  variants: PictureVariant[]
}

/** The pictures an answer mentions, by the URL its data carries. A URL without an entry is drawn as a plain image. */
export type Pictures = Record<string, Picture>

/** The variants of `picture` in `format`, narrowest first. */
export function variantsOf(picture: Picture, format: PictureFormat): PictureVariant[] {
  return picture.variants.filter((v) => v.format === format).sort((a, b) => a.width - b.width)
}

/** A `srcset` value for one format ("url 320w, url 640w"). */
export function srcsetOf(picture: Picture, format: PictureFormat): string {
  return variantsOf(picture, format)
    .map((v) => `${v.url} ${v.width}w`)
    .join(", ")
}

/** The JPEG variant link previews use: PREVIEW_WIDTH wide, else the widest there is. */
export function previewVariant(picture: Picture): PictureVariant | undefined {
  const jpegs = variantsOf(picture, "jpeg")
  return (
    jpegs.find((v) => v.width === PREVIEW_WIDTH) ?? jpegs.filter((v) => v.width < PREVIEW_WIDTH).at(-1) ?? jpegs.at(-1)
  )
}

/**
 * What an answer pages render from carries beside its data: the pictures of
 * the URLs it mentions (optional: an older server, or one without the media
 * module, sends none, and every URL is drawn as a plain image).
 */
export type WithPictures = { pictures?: Pictures }
