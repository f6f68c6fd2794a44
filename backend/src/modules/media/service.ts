import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { Context } from "@medusajs/framework/types"
import { InjectManager, MedusaContext, MedusaService } from "@medusajs/framework/utils"
import type { Picture as ContractPicture, Pictures } from "@shop/contract"
import Picture, { type StoredVariant } from "./models/picture"

type PictureRow = {
  url: string
  width: number
  height: number
  placeholder: string
  variants: StoredVariant[] | string
}

const manager = (ctx: Context<EntityManager>) => ctx.manager!
/** "?, ?, ?": one binding per value (the manager inlines bindings, so an array cannot be one). */
const placeholders = (values: unknown[]) => values.map(() => "?").join(", ")

/** The contract's picture of a row: the variants without their File module keys. */
function pictureOf(row: PictureRow): ContractPicture {
  const variants: StoredVariant[] = typeof row.variants === "string" ? JSON.parse(row.variants) : row.variants
  return {
    url: row.url,
    width: Number(row.width),
    height: Number(row.height),
    placeholder: row.placeholder,
    variants: (variants ?? []).map(({ url, format, width, height, bytes }) => ({ url, format, width, height, bytes })),
  }
}

/**
 * The pictures made of uploaded images (models/picture.ts). Pages name a
 * picture by the URL their data carries; `picturesFor` finds the pictures of
 * an answer's URLs in one statement.
 */
class MediaModuleService extends MedusaService({
  Picture,
}) {
  /** The pictures of `urls`, by URL; URLs without a picture are absent. One statement. */
  @InjectManager()
  async picturesFor(urls: string[], @MedusaContext() sharedContext: Context<EntityManager> = {}): Promise<Pictures> {
    const wanted = [...new Set(urls.filter((u): u is string => typeof u === "string" && u.length > 0))]
    const pictures: Pictures = {}
    if (!wanted.length) return pictures
    const rows: PictureRow[] = await manager(sharedContext).execute(
      `select url, width, height, placeholder, variants from picture
        where url in (${placeholders(wanted)}) and deleted_at is null`,
      wanted
    )
    for (const row of rows) pictures[row.url] = pictureOf(row)
    return pictures
  }

  /** Which of `urls` already have a picture (the migration script skips them). */
  @InjectManager()
  async urlsWithPictures(
    urls: string[],
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<Set<string>> {
    const wanted = [...new Set(urls)]
    if (!wanted.length) return new Set()
    const rows: { url: string }[] = await manager(sharedContext).execute(
      `select url from picture where url in (${placeholders(wanted)}) and deleted_at is null`,
      wanted
    )
    return new Set(rows.map((r) => r.url))
  }

  /**
   * Adds variants made after the picture was recorded (AVIF, made off the
   * request path), in one statement; a picture removed meanwhile is not
   * brought back. Answers whether the picture was there.
   */
  @InjectManager()
  async addVariants(
    url: string,
    variants: StoredVariant[],
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<boolean> {
    if (!variants.length) return true
    const rows: { id: string }[] = await manager(sharedContext).execute(
      `update picture set variants = variants || ?::jsonb, updated_at = now()
        where url = ? and deleted_at is null returning id`,
      [JSON.stringify(variants), url]
    )
    return rows.length > 0
  }
}

export default MediaModuleService
