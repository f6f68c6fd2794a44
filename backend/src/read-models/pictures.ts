import type { MedusaContainer } from "@medusajs/framework/types"
import { PICTURE_FORMATS, type Picture, type Pictures } from "@shop/contract"
import { MEDIA_MODULE } from "../modules/media"

/** What this read needs of the media module's service. */
type PictureReader = { picturesFor(urls: string[]): Promise<Pictures> }

/**
 * Pictures read lately, by URL, in this process: a listing or a landing page
 * served at 50 requests a second asks for the same few dozen every time, and
 * a picture never changes once it has every format (its files are named by
 * their content). Such a picture is kept COMPLETE_MS (deleting an upload in
 * Medusa Admin, the one way a picture goes, shows within that); one still
 * waiting for its AVIF, or a URL without a picture, PENDING_MS. At most
 * MAX_KEPT URLs, the oldest dropped first.
 */
const COMPLETE_MS = 10 * 60_000
const PENDING_MS = 5_000
const MAX_KEPT = 5_000
const kept = new Map<string, { picture: Picture | null; until: number }>()

const isComplete = (picture: Picture) => PICTURE_FORMATS.every((f) => picture.variants.some((v) => v.format === f))

function keep(url: string, picture: Picture | null, now: number) {
  kept.delete(url)
  kept.set(url, { picture, until: now + (picture && isComplete(picture) ? COMPLETE_MS : PENDING_MS) })
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!)
}

/** Drops `urls` from this process's pictures (their picture was removed here). */
export function forgetPictures(urls: Iterable<string>) {
  for (const url of urls) kept.delete(url)
}

/**
 * The pictures of `urls` (what an answer's data mentions), by URL. A picture
 * only makes a page faster, never possible: without the media module (a
 * server not yet migrated to it) or when its read fails, the answer carries
 * none and the page draws its plain images, so this never throws.
 */
export async function loadPictures(container: MedusaContainer, urls: Iterable<string>): Promise<Pictures> {
  const wanted = [...new Set([...urls].filter((url) => typeof url === "string" && url.trim() !== ""))]
  if (!wanted.length) return {}
  const now = Date.now()
  const found: Pictures = {}
  const unknown: string[] = []
  for (const url of wanted) {
    const entry = kept.get(url)
    if (!entry || entry.until <= now) unknown.push(url)
    else if (entry.picture) found[url] = entry.picture
  }
  if (!unknown.length) return found
  let media: PictureReader
  try {
    media = container.resolve<PictureReader>(MEDIA_MODULE)
  } catch {
    return found
  }
  try {
    const read = await media.picturesFor(unknown)
    for (const url of unknown) {
      keep(url, read[url] ?? null, now)
      if (read[url]) found[url] = read[url]
    }
    return found
  } catch (error) {
    console.warn(`Pictures could not be read; the answer carries none: ${(error as Error).message}`)
    return found
  }
}
