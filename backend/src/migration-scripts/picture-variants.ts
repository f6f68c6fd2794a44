import { existsSync } from "fs"
import { mkdtemp, rm } from "fs/promises"
import { tmpdir } from "os"
import path from "path"
import type { ExecArgs, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { LANDING_PAGE_MODULE } from "../modules/landing-page"
import type LandingPageModuleService from "../modules/landing-page/service"
import { MEDIA_MODULE } from "../modules/media"
import type MediaModuleService from "../modules/media/service"
import { pictureOfStoredFileWorkflow } from "../workflows/store-pictures"

/** Products read per query. */
const PAGE = 200

const strings = (values: unknown[]): string[] =>
  values.filter((v): v is string => typeof v === "string" && v.length > 0)

/** Every image URL the shop's data mentions: products' thumbnails and images, landing pages' pictures. */
export async function shopImageUrls(container: MedusaContainer): Promise<string[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const urls = new Set<string>()
  for (let skip = 0; ; skip += PAGE) {
    const { data } = await query.graph({
      entity: "product",
      fields: ["id", "thumbnail", "images.url"],
      pagination: { skip, take: PAGE, order: { id: "ASC" } },
    })
    for (const p of data) {
      for (const url of strings([p.thumbnail, ...(p.images ?? []).map((i) => i?.url)])) urls.add(url)
    }
    if (data.length < PAGE) break
  }
  const pages = await container
    .resolve<LandingPageModuleService>(LANDING_PAGE_MODULE)
    .listLandingPages({}, { select: ["hero", "gallery", "testimonials"] })
  for (const page of pages) {
    const hero = (page.hero ?? {}) as { heroImage?: unknown; heroImages?: unknown }
    const gallery = (page.gallery ?? {}) as { images?: unknown }
    const testimonials = (page.testimonials ?? []) as { image?: unknown }[]
    for (const url of strings([
      hero.heroImage,
      ...(Array.isArray(hero.heroImages) ? hero.heroImages : []),
      ...(Array.isArray(gallery.images) ? gallery.images : []),
      ...(Array.isArray(testimonials) ? testimonials.map((t) => t?.image) : []),
    ]))
      urls.add(url)
  }
  return [...urls]
}

/** The local File provider's folder: Medusa serves <project>/static at /static. */
const STATIC_DIR = () => path.join(process.cwd(), "static")

/**
 * The local File provider's key of a URL under /static (the file's name
 * there), when that file is in this server's static folder; null for any
 * other URL (S3, another site, a file that is gone).
 */
export function localStaticKey(url: string, staticDir = STATIC_DIR()): string | null {
  let pathname: string
  try {
    pathname = new URL(url, "http://localhost").pathname
  } catch {
    return null
  }
  if (!pathname.startsWith("/static/")) return null
  let key: string
  try {
    key = decodeURIComponent(pathname.slice("/static/".length))
  } catch {
    return null
  }
  const file = path.resolve(staticDir, key)
  if (!key || path.relative(staticDir, file).startsWith("..") || !existsSync(file)) return null
  return key
}

/**
 * Pictures for the images stored before there were pictures. Run once by
 * `medusa db:migrate` (Medusa's migration scripts), and safe to run again:
 * every image URL the shop's data mentions that is a file of the local
 * provider's /static folder and has no picture gets one (variants in every
 * format, placeholder), recorded under the URL pages already carry, and the
 * file itself, if it carries metadata (a phone's EXIF with its GPS position),
 * is replaced by its upright, metadata-free copy. An image that cannot be
 * read is named in the log and left as it is.
 */
export default async function pictureVariants({ container }: ExecArgs) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const urls = await shopImageUrls(container)
  const have = await container.resolve<MediaModuleService>(MEDIA_MODULE).urlsWithPictures(urls)
  let made = 0
  for (const url of urls) {
    if (have.has(url)) continue
    const key = localStaticKey(url)
    if (!key) continue
    const workDir = await mkdtemp(path.join(tmpdir(), `shop-picture-${process.pid}-`))
    try {
      const localFile = path.join(STATIC_DIR(), key)
      await pictureOfStoredFileWorkflow(container).run({ input: { url, key, workDir, localFile } })
      made++
    } catch (error) {
      logger.warn(`Pictures: no picture of ${url}: ${(error as Error)?.message ?? error}`)
    } finally {
      await rm(workDir, { recursive: true, force: true }).catch(() => undefined)
    }
  }
  if (made) logger.info(`Pictures: made the pictures of ${made} stored image(s)`)
  return made
}
