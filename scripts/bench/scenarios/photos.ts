/**
 * A merchant's phone photo as the shop's pictures: a 12-megapixel JPEG made in
 * the run (stored sideways with EXIF Orientation 6 and the GPS position of
 * where it was taken, 3-5 MB like a phone's) is uploaded through the admin's
 * product upload and the landing editor's upload, and made the landing
 * product's picture and the landing page's hero and gallery. Lighthouse then
 * measures those pages with a real photo on them (scenarios/lighthouse.ts runs
 * after this phase). Figures: the photo's bytes, each upload's time (the
 * picture decoded, turned upright, stripped and stored as its variants) and the
 * backend's peak resident memory while it ran, sampled every 25 ms.
 */
import type { Pictures } from "@shop/contract"
import { makePhonePhoto } from "../lib"
import { groupRssMB, round1, say, type BenchContext } from "./context"
import { DEFAULT_FONT_SLUG, SLUG } from "./settings"
import { editProduct, JSON_HEADERS } from "./shop"

export type PhotoUpload = { door: string; ms: number; peakRssMB: number; rssBeforeMB: number; url: string }

export type PhotoFigures = {
  /** The photo as the phone wrote it. */
  bytes: number
  storedWidth: number
  storedHeight: number
  uploads: PhotoUpload[]
  /** The variants the pages may ask for, as the landing page's answer lists them (none before pictures exist). */
  variants: { format: string; width: number; bytes: number }[]
  /** How long after the pages took the photo its AVIF variants were there (null: not within AVIF_WAIT_MS). */
  avifMs: number | null
}

/** How long the run waits for the AVIF variants before Lighthouse measures the pages without them. */
const AVIF_WAIT_MS = 120_000

type Answer<T> = { success: boolean; message?: string } & T

async function call<T>(url: string, init: RequestInit): Promise<{ status: number; body: Answer<T> }> {
  const res = await fetch(url, init)
  const text = await res.text()
  try {
    return { status: res.status, body: JSON.parse(text) as Answer<T> }
  } catch {
    throw new Error(`${init.method} ${url}: ${res.status}, not JSON: ${text.slice(0, 200)}`)
  }
}

/** Uploads the photo through `route` (field my_file) while sampling the backends' memory. */
async function upload(ctx: BenchContext, door: string, route: string, photo: Buffer): Promise<PhotoUpload> {
  const { stack, cookie } = ctx
  const form = new FormData()
  form.append("my_file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "IMG_20261127_101500.jpg")
  const rssBeforeMB = groupRssMB(stack.backendPids).mb
  let peak = rssBeforeMB
  const sampler = setInterval(() => {
    peak = Math.max(peak, groupRssMB(stack.backendPids).mb)
  }, 25)
  const started = performance.now()
  try {
    const { status, body } = await call<{ result?: { url: string } }>(`${stack.url}${route}`, {
      method: "POST",
      headers: { cookie },
      body: form,
    })
    const ms = Math.round(performance.now() - started)
    if (status !== 201 || !body.result?.url) throw new Error(`POST ${route}: ${status} ${JSON.stringify(body)}`)
    peak = Math.max(peak, groupRssMB(stack.backendPids).mb)
    say(`photo through ${door}: ${ms} ms, backend RSS ${rssBeforeMB} -> peak ${round1(peak)} MB`)
    return { door, ms, peakRssMB: round1(peak), rssBeforeMB, url: body.result.url }
  } finally {
    clearInterval(sampler)
  }
}

/** The landing product's picture becomes `url` (the product otherwise as it is). */
async function setProductPicture(ctx: BenchContext, url: string) {
  await editProduct(ctx.stack.url, ctx.cookie, ctx.productId, { image: url })
}

type LandingGroups = {
  _id: string
  slug: string
  hero: Record<string, unknown>
  gallery: Record<string, unknown>
} & Record<string, unknown>

/** The seeded landing page (SLUG) as the admin's list gives it. */
async function seededPage(ctx: BenchContext, headers: Record<string, string>): Promise<LandingGroups> {
  const list = await call<{ data: LandingGroups[] }>(`${ctx.stack.url}/api/admin/landing-pages`, {
    method: "GET",
    headers,
  })
  const page = list.body.data?.find((p) => p.slug === SLUG)
  if (!page) throw new Error(`landing page ${SLUG} not in the admin's list (${list.status})`)
  return page
}

/** The landing page's hero and gallery show `url`. */
async function setLandingPicture(ctx: BenchContext, url: string) {
  const headers = { ...JSON_HEADERS, cookie: ctx.cookie }
  const page = await seededPage(ctx, headers)
  const { status, body } = await call(`${ctx.stack.url}/api/admin/landing-pages/${page._id}`, {
    method: "PUT",
    headers,
    body: JSON.stringify({
      hero: { ...page.hero, heroImage: url, heroImages: [url] },
      gallery: { ...page.gallery, images: [url] },
    }),
  })
  if (status !== 200 || !body.success) throw new Error(`PUT landing page: ${status} ${JSON.stringify(body)}`)
}

/**
 * A copy of the seeded landing page in the editor's default font (DEFAULT_FONT_SLUG), made through the
 * admin's create as a merchant's page is: Lighthouse measures both.
 */
async function addDefaultFontLanding(ctx: BenchContext) {
  const headers = { ...JSON_HEADERS, cookie: ctx.cookie }
  const page = await seededPage(ctx, headers)
  const groups = ["hero", "benefits", "gallery", "testimonials", "orderForm", "trustBadges", "urgency"] as const
  const { status, body } = await call(`${ctx.stack.url}/api/admin/landing-pages/create`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      title: `${String(page.title)} (Inter)`,
      slug: DEFAULT_FONT_SLUG,
      productId: ctx.productId,
      isActive: true,
      ...Object.fromEntries(groups.map((group) => [group, page[group]])),
      styling: { ...(page.styling as Record<string, unknown>), fontFamily: "Inter" },
    }),
  })
  if (status !== 201 || !body.success) throw new Error(`create landing page: ${status} ${JSON.stringify(body)}`)
}

/** The variants the public landing answer names for `url`. */
async function variantsOf(ctx: BenchContext, url: string): Promise<PhotoFigures["variants"]> {
  const { body } = await call<{ pictures?: Pictures }>(`${ctx.stack.url}/api/landing/${SLUG}`, { method: "GET" })
  return (body.pictures?.[url]?.variants ?? []).map((v) => ({ format: v.format, width: v.width, bytes: v.bytes }))
}

export async function measurePhotoPhase(ctx: BenchContext): Promise<PhotoFigures> {
  say("photo: making a 12-megapixel phone photo (EXIF orientation 6, GPS)...")
  const photo = await makePhonePhoto()
  const photoInfo = { bytes: photo.length, storedWidth: 4032, storedHeight: 3024 }
  say(`photo: ${round1(photo.length / 1024 / 1024)} MB, 4032x3024 stored sideways`)
  const product = await upload(ctx, "the product upload", "/api/admin/products/upload-image", photo)
  const landing = await upload(ctx, "the landing editor's upload", "/api/admin/landing-pages/upload-image", photo)
  await setProductPicture(ctx, product.url)
  await setLandingPicture(ctx, landing.url)
  await addDefaultFontLanding(ctx)
  // the upload stores WebP and JPEG at once and AVIF after it (off the request); shoppers come later
  const madeFrom = performance.now()
  let variants = await variantsOf(ctx, landing.url)
  while (!variants.some((v) => v.format === "avif") && performance.now() - madeFrom < AVIF_WAIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    variants = await variantsOf(ctx, landing.url)
  }
  const avifMs = variants.some((v) => v.format === "avif") ? Math.round(performance.now() - madeFrom) : null
  say(
    `photo: ${variants.length} variants (${variants.map((v) => `${v.format} ${v.width} ${round1(v.bytes / 1024)} KB`).join(", ") || "none"}), ` +
      (avifMs === null ? `no AVIF after ${AVIF_WAIT_MS / 1000} s` : `AVIF ${avifMs} ms after the pages took the photo`)
  )
  ctx.sample("photo uploads")
  return { ...photoInfo, uploads: [product, landing], variants, avifMs }
}
