import { createHash, randomUUID } from "crypto"
import { readFile, rename, rm, stat } from "fs/promises"
import path from "path"
import { MedusaError } from "@medusajs/framework/utils"
import sharp from "sharp"
import { MAX_PICTURE_PIXELS, PICTURE_MESSAGES, PICTURE_MIME, PICTURE_WIDTHS, type PictureFormat } from "@shop/contract"
import { HASH_CHARS, variantName } from "./picture-names"

// One libvips thread per image and no cache of decoded images between calls:
// uploads are stored two at a time (upload.ts), so a server never spends more
// than two cores or keeps a 12-megapixel decode around after it is done.
sharp.concurrency(1)
sharp.cache(false)

/** The formats an original is kept in (its own family: a PNG stays a PNG). */
export type OriginalFormat = "jpeg" | "png" | "webp" | "gif"

const ORIGINAL_MIME: Readonly<Record<OriginalFormat, string>> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
}
const EXT: Readonly<Record<OriginalFormat | PictureFormat, string>> = {
  jpeg: "jpg",
  png: "png",
  webp: "webp",
  gif: "gif",
  avif: "avif",
}

/** Variants are made up to this width; an original narrower than it also gets variants at its own width. */
const WIDEST_VARIANT = Math.max(...PICTURE_WIDTHS)
/** Width of the blurred placeholder (a few hundred bytes as a data: URL). */
const PLACEHOLDER_WIDTH = 20
/** Any one libvips pipeline running longer than this is stopped (a hostile or broken file). */
const PIPELINE_SECONDS = 30

/** A file made of an upload, in the work folder, named by its content. */
export type MadeFile = {
  path: string
  /** the name to store it under: content hash, width, format */
  name: string
  mime: string
  width: number
  height: number
  bytes: number
}
export type MadeVariant = MadeFile & { format: PictureFormat }

export type MadePicture = {
  original: MadeFile & { format: OriginalFormat }
  variants: MadeVariant[]
  placeholder: string
  width: number
  height: number
}

const refused = (message: string) => new MedusaError(MedusaError.Types.INVALID_DATA, message)

const input = (file: string, options: sharp.SharpOptions = {}) =>
  sharp(file, { limitInputPixels: MAX_PICTURE_PIXELS, failOn: "error", ...options })

/**
 * The refusal for what libvips said about a file that is not what it claims,
 * is cut short or takes longer than PIPELINE_SECONDS (all "corrupt"), or
 * decodes to too many pixels. The system's own failures (a full disk) are
 * no fault of the file and stay as they are.
 */
function decodeError(err: unknown): unknown {
  if (typeof (err as NodeJS.ErrnoException)?.code === "string") return err
  const message = err instanceof Error ? err.message : String(err)
  return refused(/pixel limit/i.test(message) ? PICTURE_MESSAGES.tooManyPixels : PICTURE_MESSAGES.corrupt)
}

/** The widths variants are made at for an upright width of `width`: never wider than it. */
export function variantWidths(width: number): number[] {
  const widths: number[] = PICTURE_WIDTHS.filter((w) => w < width)
  if (width < WIDEST_VARIANT) widths.push(width)
  return widths
}

/**
 * Reads an image's header only (no pixels are decoded): its format, upright
 * size, and whether it carries metadata (EXIF, XMP, IPTC, a colour profile,
 * an orientation). A file that does not parse is corrupt; one that would
 * decode to more than MAX_PICTURE_PIXELS (a decompression bomb: a tiny PNG
 * declaring 20000x20000) is refused here, before any decoding.
 */
export async function inspectPicture(
  file: string
): Promise<{ format: OriginalFormat; width: number; height: number; carriesMetadata: boolean }> {
  let meta: sharp.Metadata
  try {
    meta = await input(file, { animated: true }).metadata()
  } catch (err) {
    throw decodeError(err)
  }
  const format = meta.format
  if (format !== "jpeg" && format !== "png" && format !== "webp" && format !== "gif") {
    throw refused(PICTURE_MESSAGES.notAnImage)
  }
  const frameHeight = meta.pageHeight ?? meta.height
  if (!meta.width || !frameHeight) throw refused(PICTURE_MESSAGES.corrupt)
  if (meta.width * meta.height > MAX_PICTURE_PIXELS) throw refused(PICTURE_MESSAGES.tooManyPixels)
  // EXIF orientations 5 to 8 turn the picture a quarter: its upright width is its height
  const quarter = (meta.orientation ?? 1) >= 5
  return {
    format,
    width: quarter ? frameHeight : meta.width,
    height: quarter ? meta.width : frameHeight,
    carriesMetadata: Boolean(meta.exif || meta.xmp || meta.iptc || meta.icc || (meta.orientation ?? 1) !== 1),
  }
}

/** Writes `pipeline`'s output into `dir`: a variant (`width` given) under its content hash; answers the file. */
async function write(
  pipeline: sharp.Sharp,
  dir: string,
  width: number | null,
  ext: string,
  mime: string
): Promise<MadeFile> {
  const temp = path.join(dir, `.${process.hrtime.bigint()}.${ext}`)
  let info: sharp.OutputInfo
  try {
    info = await pipeline.timeout({ seconds: PIPELINE_SECONDS }).toFile(temp)
  } catch (err) {
    await rm(temp, { force: true })
    throw decodeError(err)
  }
  // a variant is named by its content (cached for good); the original, whose URL the shop's data
  // carries, by a random name as uploads always were
  const name =
    width === null
      ? `${randomUUID()}.${ext}`
      : variantName(
          createHash("sha256")
            .update(await readFile(temp))
            .digest("hex")
            .slice(0, HASH_CHARS),
          width,
          ext
        )
  const final = path.join(dir, name)
  await rename(temp, final)
  return { path: final, name, mime, width: info.width, height: info.height, bytes: (await stat(final)).size }
}

/** Encodes a variant: small files first (they are what pages load). */
function encode(pipeline: sharp.Sharp, format: PictureFormat, hasAlpha: boolean): sharp.Sharp {
  switch (format) {
    case "avif":
      return pipeline.avif({ quality: 50, effort: 3 })
    case "webp":
      return pipeline.webp({ quality: 78, effort: 4 })
    case "jpeg":
      // JPEG has no transparency: transparent parts become white, not black
      return (hasAlpha ? pipeline.flatten({ background: "#ffffff" }) : pipeline).jpeg({
        quality: 80,
        mozjpeg: true,
      })
  }
}

/**
 * Encodes the original: close to the upload's quality, and fast (mozjpeg
 * takes five times as long on a 12-megapixel photo; the original is the
 * fallback, variants are what pages load).
 */
function encodeOriginal(pipeline: sharp.Sharp, format: OriginalFormat): sharp.Sharp {
  switch (format) {
    case "jpeg":
      return pipeline.jpeg({ quality: 88, progressive: true, optimiseCoding: true })
    case "webp":
      return pipeline.webp({ quality: 88, effort: 2 })
    case "png":
      return pipeline.png({ compressionLevel: 8, adaptiveFiltering: true })
    case "gif":
      return pipeline.gif()
  }
}

/** The upright original of `file` (a `format` image) in `dir`, without any metadata. */
function makeOriginal(file: string, dir: string, format: OriginalFormat): Promise<MadeFile> {
  // animated GIFs stay animated in their original; their variants show the first frame
  const pipeline = format === "gif" ? input(file, { animated: true }) : input(file).rotate()
  return write(encodeOriginal(pipeline, format), dir, null, EXT[format], ORIGINAL_MIME[format])
}

/**
 * For an image stored before uploads were cleaned: its upright original
 * without metadata, made in `dir`, when it carries any (EXIF with a GPS
 * position, XMP, IPTC, a colour profile, an orientation); null when it is
 * clean already, so a clean file is never encoded again.
 */
export async function cleanOriginal(file: string, dir: string): Promise<MadeFile | null> {
  const { format, carriesMetadata } = await inspectPicture(file)
  return carriesMetadata ? makeOriginal(file, dir, format) : null
}

/**
 * Makes the picture of an uploaded image in `dir`: the upright original
 * without any metadata (EXIF, GPS, XMP, ICC: pixels converted to sRGB
 * instead), the variants in `formats` at `variantWidths`, and a blurred
 * placeholder. Nothing is ever upscaled. Throws a 400 MedusaError with one of
 * PICTURE_MESSAGES for a file that is not a usable image.
 */
export async function makePicture(file: string, dir: string, formats: readonly PictureFormat[]): Promise<MadePicture> {
  const info = await inspectPicture(file)
  const { format } = info
  const original = await makeOriginal(file, dir, format)
  const made = await makeVariants(file, dir, formats, info.width)
  return {
    original: { ...original, format },
    variants: made.variants,
    placeholder: made.placeholder,
    width: original.width,
    height: format === "gif" ? info.height : original.height,
  }
}

/**
 * The variants of `file` (upright width `width`) in `formats`, and its
 * placeholder. The image is decoded once, shrunk to the widest variant while
 * decoding (JPEG and WebP decode at a fraction of their size), and every
 * variant is made from those pixels.
 */
export async function makeVariants(
  file: string,
  dir: string,
  formats: readonly PictureFormat[],
  width: number
): Promise<{ variants: MadeVariant[]; placeholder: string }> {
  const widths = variantWidths(width)
  const widest = Math.max(...widths)
  let pixels: { data: Buffer; info: sharp.OutputInfo }
  try {
    pixels = await input(file)
      .rotate()
      .resize({ width: widest, withoutEnlargement: true })
      .toColourspace("srgb")
      .timeout({ seconds: PIPELINE_SECONDS })
      .raw()
      .toBuffer({ resolveWithObject: true })
  } catch (err) {
    throw decodeError(err)
  }
  const { data, info } = pixels
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } }
  const hasAlpha = info.channels === 4 || info.channels === 2
  const variants: MadeVariant[] = []
  for (const format of formats) {
    for (const w of widths) {
      const pipeline = sharp(data, raw).resize({ width: w, withoutEnlargement: true })
      const made = await write(encode(pipeline, format, hasAlpha), dir, w, EXT[format], PICTURE_MIME[format])
      variants.push({ ...made, format })
    }
  }
  const tiny = await sharp(data, raw)
    .resize({ width: PLACEHOLDER_WIDTH })
    .blur(1)
    .webp({ quality: 40, alphaQuality: 40 })
    .toBuffer()
  return { variants, placeholder: `data:image/webp;base64,${tiny.toString("base64")}` }
}
