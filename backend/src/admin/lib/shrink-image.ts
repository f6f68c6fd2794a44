import { imageFileProblem, isImageType, MAX_IMAGE_BYTES, NOT_AN_IMAGE_MESSAGE } from "./landing-pages"

/**
 * A photo over the 5 MB upload limit (SPEC.md section 5) is shrunk in the
 * browser before it is sent, rather than refused: a phone's 12-megapixel JPEG
 * is often 6 to 9 MB. It is decoded upright (its EXIF orientation applied),
 * drawn to a canvas and encoded as JPEG at high quality, as large as fits:
 * first at its own size, then at smaller sizes, and only then at lower
 * qualities. The server makes variants up to 1600 px wide from what it gets,
 * so the long side stays at least 2048 px unless nothing else fits. The server
 * still refuses anything over 5 MB; this only spares the admin the refusal.
 */

/** What a shrunk photo must fit under: below the server's 5 MB with room to spare. */
export const SHRINK_TARGET_BYTES = 4_800_000

/** The quality every size is tried at first: artefacts at 0.9 are invisible, and the variants start from it. */
export const FIRST_QUALITY = 0.9

/** Long sides tried below the photo's own (a 4:3 photo at 3264 is 8 megapixels, at 2048 it is 3). */
export const LONG_SIDES = [4096, 3264, 2560, 2048] as const

/** The long side a shrunk photo keeps whenever anything fits at it: above the widest variant (1600 px). */
export const MIN_LONG_SIDE = 2048

/** Lower qualities, tried at MIN_LONG_SIDE once every size at FIRST_QUALITY was too big. */
export const LOWER_QUALITIES = [0.8, 0.7, 0.6] as const

/** The last resort (e.g. a photo of pure noise): the widest variant's size. */
export const LAST_RESORT = { longSide: 1600, qualities: [0.8, 0.6] } as const

/** Photos up to this many pixels are first tried at their own size; a larger one (a canvas that big may fail) starts at 4096. */
export const MAX_FULL_SIZE_PIXELS = 50_000_000

export const SHRINK_MESSAGES = {
  unreadable: "This image could not be opened in the browser; please choose a JPG, PNG or WEBP file",
  tooBig: "Image size should be less than 5MB",
} as const

/** One encoding to try: the pixel size and the JPEG quality. */
export type ShrinkStep = { width: number; height: number; quality: number }

/** `width` x `height` scaled so its long side is `longSide` (never up). */
function scaledTo(width: number, height: number, longSide: number): { width: number; height: number } {
  const scale = Math.min(1, longSide / Math.max(width, height))
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

/**
 * The encodings to try for an upright `width` x `height` photo, best first:
 * its own size, then each of LONG_SIDES below it, all at FIRST_QUALITY; then
 * MIN_LONG_SIDE (or the own size, if smaller) at LOWER_QUALITIES; then
 * LAST_RESORT.
 */
export function shrinkPlan(width: number, height: number): ShrinkStep[] {
  const long = Math.max(width, height)
  const sides: number[] = long * Math.min(width, height) <= MAX_FULL_SIZE_PIXELS ? [long] : []
  for (const side of LONG_SIDES) if (side < long) sides.push(side)
  const steps: ShrinkStep[] = sides.map((side) => ({ ...scaledTo(width, height, side), quality: FIRST_QUALITY }))
  const smallest = Math.min(long, MIN_LONG_SIDE)
  for (const quality of LOWER_QUALITIES) steps.push({ ...scaledTo(width, height, smallest), quality })
  if (LAST_RESORT.longSide < long) {
    for (const quality of LAST_RESORT.qualities) {
      steps.push({ ...scaledTo(width, height, LAST_RESORT.longSide), quality })
    }
  }
  return steps
}

/** An encoding tried, and how many bytes it came to. */
export type ShrinkTry = ShrinkStep & { bytes: number }

/**
 * Whether `step` can be skipped as bound to miss `limit`, judged by an earlier
 * try at the same quality: bytes grow about with the pixel count, and a
 * smaller picture holds more detail per pixel, so the estimate errs low. A
 * step is skipped only when the estimate is well over (noise averaged away by
 * scaling down can make it err high).
 */
export function boundToMiss(step: ShrinkStep, tries: ShrinkTry[], limit: number): boolean {
  const last = tries.filter((t) => t.quality === step.quality).at(-1)
  if (!last) return false
  const estimate = (last.bytes * step.width * step.height) / (last.width * last.height)
  return estimate > limit * 1.25
}

/** Encodes the picture at one size and quality (a canvas's Blob in the browser, a fake in tests). */
export type Encode<B extends { size: number }> = (step: ShrinkStep) => Promise<B>

/**
 * The first encoding of `shrinkPlan` that fits under `limit`, skipping those
 * bound to miss, or null when none does. `tries` lists what was encoded.
 */
export async function encodeToFit<B extends { size: number }>(
  width: number,
  height: number,
  encode: Encode<B>,
  limit = SHRINK_TARGET_BYTES
): Promise<{ blob: B | null; tries: ShrinkTry[] }> {
  const tries: ShrinkTry[] = []
  for (const step of shrinkPlan(width, height)) {
    if (boundToMiss(step, tries, limit)) continue
    const blob = await encode(step)
    tries.push({ ...step, bytes: blob.size })
    if (blob.size <= limit) return { blob, tries }
  }
  return { blob: null, tries }
}

/** The shrunk photo's name: the picked one with a .jpg extension ('IMG_2041.HEIC' -> 'IMG_2041.jpg'). */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, "")
  return `${base || "photo"}.jpg`
}

type Canvas = {
  resize(width: number, height: number): CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D
  toJpeg(quality: number): Promise<Blob>
}

/** Sizes either kind of canvas and hands back its 2d context. */
function resizer(canvas: OffscreenCanvas | HTMLCanvasElement): Canvas["resize"] {
  return (width, height) => {
    canvas.width = width
    canvas.height = height
    const ctx = canvas.getContext("2d") as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null
    if (!ctx) throw new Error("no 2d context")
    return ctx
  }
}

/** An OffscreenCanvas where there is one (not in the page's layout), else a detached <canvas>. */
function makeCanvas(): Canvas {
  if (typeof OffscreenCanvas !== "undefined") {
    const canvas = new OffscreenCanvas(1, 1)
    return {
      resize: resizer(canvas),
      toJpeg: (quality) => canvas.convertToBlob({ type: "image/jpeg", quality }),
    }
  }
  const canvas = document.createElement("canvas")
  return {
    resize: resizer(canvas),
    toJpeg: (quality) =>
      new Promise((resolve, reject) =>
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("not encoded"))), "image/jpeg", quality)
      ),
  }
}

/** The file to send for a picked image, or the message to show instead. */
export type PreparedImage = { file: File; problem?: undefined } | { file?: undefined; problem: string }

/**
 * What to upload for a picked file: a non-image is refused ('Please select an
 * image file'); an image up to 5 MB is sent as it is; a larger one is shrunk
 * (see above), or refused when the browser cannot decode it or nothing fits.
 */
export async function prepareImage(file: File): Promise<PreparedImage> {
  if (!isImageType(file.type)) return { problem: NOT_AN_IMAGE_MESSAGE }
  if (file.size <= MAX_IMAGE_BYTES) return { file }

  let bitmap: ImageBitmap
  try {
    // upright: a phone's portrait photo is stored sideways with an EXIF orientation
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" })
  } catch {
    return { problem: SHRINK_MESSAGES.unreadable }
  }
  try {
    const canvas = makeCanvas()
    const { blob } = await encodeToFit(bitmap.width, bitmap.height, async ({ width, height, quality }) => {
      const ctx = canvas.resize(width, height)
      // a transparent PNG's background would turn black in a JPEG; the shop shows pictures on white
      ctx.fillStyle = "#ffffff"
      ctx.fillRect(0, 0, width, height)
      ctx.imageSmoothingEnabled = true
      ctx.imageSmoothingQuality = "high"
      ctx.drawImage(bitmap, 0, 0, width, height)
      return canvas.toJpeg(quality)
    })
    if (!blob) return { problem: SHRINK_MESSAGES.tooBig }
    const shrunk = new File([blob], jpegName(file.name), { type: "image/jpeg", lastModified: file.lastModified })
    const left = imageFileProblem(shrunk)
    return left ? { problem: left } : { file: shrunk }
  } catch {
    // a canvas the browser would not allocate or encode
    return { problem: SHRINK_MESSAGES.tooBig }
  } finally {
    bitmap.close()
  }
}
