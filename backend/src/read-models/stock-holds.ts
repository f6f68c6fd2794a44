import type { MedusaContainer } from "@medusajs/framework/types"
import { pgConnection, type PgRows } from "../lib/pg"

/** A released stock hold (src/modules/shop-order/models/stock-hold.ts) and what its order left behind. */
export type ReleasedHold = {
  /** the hold's id: the id chosen up front for its Medusa order */
  id: string
  payment_collection_id: string | null
  /** its Medusa order exists (made before the process died, or by a late run) */
  has_order: boolean
  /** the guest customer record of that order, when it is a guest order */
  guest_customer_id: string | null
  has_collection: boolean
  /** released longer ago than the tombstones are kept */
  expired: boolean
}

/** Every released hold not forgotten yet, with what its half-made order left, in one statement. */
export async function releasedStockHolds(container: MedusaContainer, keepSeconds: number): Promise<ReleasedHold[]> {
  const { rows } = await pgConnection(container).raw<PgRows<ReleasedHold>>(
    `select h.id, h.payment_collection_id,
            exists (select 1 from "order" o where o.id = h.id and o.deleted_at is null) as has_order,
            (select c.id from "order" o join customer c on c.id = o.customer_id and not c.has_account
              where o.id = h.id and o.deleted_at is null and c.deleted_at is null) as guest_customer_id,
            exists (select 1 from payment_collection p
                     where p.id = h.payment_collection_id and p.deleted_at is null) as has_collection,
            h.released_at < now() - make_interval(secs => ?::double precision) as expired
       from stock_hold h
      where h.released_at is not null and h.deleted_at is null`,
    [keepSeconds]
  )
  return rows
}
