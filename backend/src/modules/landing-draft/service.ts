import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { Context } from "@medusajs/framework/types"
import { generateEntityId, InjectManager, MedusaContext, MedusaService } from "@medusajs/framework/utils"
import { draftMissingFields, type LandingDraftStatus } from "@shop/contract"
import LandingDraft from "./models/landing-draft"

export type LandingDraftRow = {
  id: string
  page_id: string
  slug: string
  phone: string
  name: string | null
  address: string | null
  quantity: number | null
  delivery_area: string | null
  status: LandingDraftStatus
  order_id: string | null
  created_at: Date | string
  updated_at: Date | string
}

export type SaveLandingDraft = {
  page_id: string
  slug: string
  phone: string
  name?: string | null
  address?: string | null
  quantity?: number | null
  delivery_area?: string | null
  /** sha256 of the saving browser's draft token (hex) */
  token_hash: string
}

/** A draft claimed for conversion, or why it could not be. */
export type DraftClaim =
  | { claimed: LandingDraftRow }
  | { refused: "not_found" }
  | { refused: "not_open"; status: LandingDraftStatus }
  | { refused: "incomplete"; missing: ("name" | "address")[] }

const manager = (ctx: Context<EntityManager>) => ctx.manager!
/** "?, ?, ?": one binding per value (the manager inlines bindings, so an array cannot be one). */
const placeholders = (values: unknown[]) => values.map(() => "?").join(", ")

/**
 * Incomplete orders of landing pages. Every change is one statement, so
 * shoppers typing, orders arriving and the merchant converting can meet on one
 * row without losing an update: a save only ever touches an open draft, an
 * order only recovers an open one, and a conversion claims an open one.
 */
class LandingDraftModuleService extends MedusaService({
  LandingDraft,
}) {
  /**
   * Saves what the shopper typed: creates the page's draft for this phone or
   * updates it, in one statement. Fields not given keep what was saved. Only
   * the browser that started the draft changes it (the same token hash): a
   * save from anyone else who knows the phone changes nothing, and neither
   * does one for a draft saved before drafts had tokens. A draft already
   * recovered or converted is left as it is (the shopper ordered; a late save
   * from the page must not reopen it).
   */
  @InjectManager()
  async saveDraft(input: SaveLandingDraft, @MedusaContext() sharedContext: Context<EntityManager> = {}): Promise<void> {
    await manager(sharedContext).execute(
      `insert into landing_draft (id, page_id, slug, phone, name, address, quantity, delivery_area, token_hash, status)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'open')
       on conflict (page_id, phone) where deleted_at is null do update set
         slug = excluded.slug,
         name = coalesce(excluded.name, landing_draft.name),
         address = coalesce(excluded.address, landing_draft.address),
         quantity = coalesce(excluded.quantity, landing_draft.quantity),
         delivery_area = coalesce(excluded.delivery_area, landing_draft.delivery_area),
         updated_at = now()
       where landing_draft.status = 'open' and landing_draft.token_hash = excluded.token_hash`,
      [
        generateEntityId(undefined, "ldraft"),
        input.page_id,
        input.slug,
        input.phone,
        input.name || null,
        input.address || null,
        input.quantity ?? null,
        input.delivery_area ?? null,
        input.token_hash,
      ]
    )
  }

  /**
   * An order from `phone` arrived: its open drafts (on `pageIds` only, when
   * given) become recovered with the order's id. Answers the drafts changed.
   */
  @InjectManager()
  async recoverDrafts(
    phone: string,
    orderId: string,
    pageIds: string[] | null,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<string[]> {
    if (pageIds && !pageIds.length) return []
    const rows: { id: string }[] = await manager(sharedContext).execute(
      `update landing_draft set status = 'recovered', order_id = ?, updated_at = now()
        where phone = ? and status = 'open' and deleted_at is null
          ${pageIds ? `and page_id in (${placeholders(pageIds)})` : ""}
        returning id`,
      [orderId, phone, ...(pageIds ?? [])]
    )
    return rows.map((r) => r.id)
  }

  /** Undoes a recovery: drafts recovered with this order are open again (a compensation). */
  @InjectManager()
  async reopenRecovered(
    ids: string[],
    orderId: string,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<void> {
    if (!ids.length) return
    await manager(sharedContext).execute(
      `update landing_draft set status = 'open', order_id = null
        where id in (${placeholders(ids)}) and status = 'recovered' and order_id = ?`,
      [...ids, orderId]
    )
  }

  /**
   * Claims an open draft that has a name and an address for conversion (it
   * becomes converted now, so a second click cannot make a second order), or
   * says why not.
   */
  @InjectManager()
  async claimForConversion(
    id: string,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<DraftClaim> {
    const execute = manager(sharedContext)
    const [claimed]: LandingDraftRow[] = await execute.execute(
      `update landing_draft set status = 'converted', updated_at = now()
        where id = ? and status = 'open' and deleted_at is null
          and coalesce(btrim(name), '') <> '' and coalesce(btrim(address), '') <> ''
        returning *`,
      [id]
    )
    if (claimed) return { claimed }
    const [row]: LandingDraftRow[] = await execute.execute(
      `select * from landing_draft where id = ? and deleted_at is null`,
      [id]
    )
    if (!row) return { refused: "not_found" }
    if (row.status !== "open") return { refused: "not_open", status: row.status }
    return { refused: "incomplete", missing: draftMissingFields(row) }
  }

  /** Undoes a claim whose order was not placed: the draft is open again. */
  @InjectManager()
  async releaseClaim(id: string, @MedusaContext() sharedContext: Context<EntityManager> = {}): Promise<void> {
    await manager(sharedContext).execute(
      `update landing_draft set status = 'open', order_id = null where id = ? and status = 'converted'`,
      [id]
    )
  }

  /** Records the order a converted draft became. */
  @InjectManager()
  async recordConversion(
    id: string,
    orderId: string,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<void> {
    await manager(sharedContext).execute(
      `update landing_draft set order_id = ? where id = ? and status = 'converted'`,
      [orderId, id]
    )
  }

  /** Removes drafts (any status) whose last change is older than `days` days; answers how many. */
  @InjectManager()
  async removeOlderThan(days: number, @MedusaContext() sharedContext: Context<EntityManager> = {}): Promise<number> {
    const rows: { id: string }[] = await manager(sharedContext).execute(
      `delete from landing_draft where updated_at < now() - make_interval(days => ?) returning id`,
      [days]
    )
    return rows.length
  }

  /** Open and recovered drafts per page. */
  @InjectManager()
  async countByPage(
    pageIds: string[],
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<Map<string, { open: number; recovered: number }>> {
    const counts = new Map<string, { open: number; recovered: number }>()
    if (!pageIds.length) return counts
    const rows: { page_id: string; open: number; recovered: number }[] = await manager(sharedContext).execute(
      `select page_id,
              count(*) filter (where status = 'open')::int as open,
              count(*) filter (where status = 'recovered')::int as recovered
         from landing_draft
        where page_id in (${placeholders(pageIds)}) and deleted_at is null
        group by page_id`,
      pageIds
    )
    for (const r of rows) counts.set(r.page_id, { open: Number(r.open), recovered: Number(r.recovered) })
    return counts
  }
}

export default LandingDraftModuleService
