import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { Context, InferTypeOf } from "@medusajs/framework/types"
import { InjectManager, MedusaContext, MedusaService } from "@medusajs/framework/utils"
import LandingPage from "./models/landing-page"

export type LandingPageRow = InferTypeOf<typeof LandingPage>

class LandingPageModuleService extends MedusaService({
  LandingPage,
}) {
  /**
   * Counts one view of a published page and returns it, in one statement: the
   * increment is atomic however many shoppers read the page at once. A draft
   * or unknown slug counts nothing and returns null.
   */
  @InjectManager()
  async recordView(
    slug: string,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<LandingPageRow | null> {
    const rows: LandingPageRow[] = await sharedContext.manager!.execute(
      `update landing_page set views = views + 1
        where slug = ? and is_active = true and deleted_at is null
        returning *`,
      [slug]
    )
    return rows[0] ?? null
  }

  /**
   * Adds views counted elsewhere (the storefront servers' batches), in one
   * statement: `{ [slug]: n }`, each page's count raised atomically. Slugs of
   * no page (or a deleted one) are ignored; a page still counts once
   * unpublished (the views were served before). Answers the views added.
   */
  @InjectManager()
  async addViews(
    views: Record<string, number>,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<number> {
    if (!Object.keys(views).length) return 0
    const rows: { counted: string | number }[] = await sharedContext.manager!.execute(
      `with added as (
         update landing_page lp
            set views = least(lp.views::bigint + v.n, 2147483647)
           from (select key as slug, value::bigint as n from jsonb_each_text(?::jsonb)) v
          where lp.slug = v.slug and lp.deleted_at is null
          returning v.n
       )
       select coalesce(sum(n), 0) as counted from added`,
      [JSON.stringify(views)]
    )
    return Number(rows[0]?.counted ?? 0)
  }

  /** Adds `delta` (1, or -1 to undo) to a page's order count, atomically. */
  @InjectManager()
  async countOrders(
    id: string,
    delta: number,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<void> {
    await sharedContext.manager!.execute(
      `update landing_page set orders = greatest(orders + ?, 0) where id = ? and deleted_at is null`,
      [delta, id]
    )
  }
}

export default LandingPageModuleService
