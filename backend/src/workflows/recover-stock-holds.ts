import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { SHOP_ORDER_MODULE } from "../modules/shop-order"
import type ShopOrderModuleService from "../modules/shop-order/service"
import { productChanges, publishPublicCache } from "../lib/public-cache"
import { productsOfStockHolds } from "../read-models/stock-products"

type Knex = {
  raw: (sql: string, bindings: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>
}

export type HoldRecovery = {
  /** Holds whose units went back to stock in this pass. */
  released: string[]
  /** Half-made Medusa orders of released holds that were removed. */
  ordersRemoved: string[]
  /** Released holds forgotten (kept `keepSeconds` as tombstones first). */
  purged: number
}

/**
 * Crash recovery of the order path (see src/modules/shop-order/models/stock-hold.ts):
 *
 * 1. holds older than `graceSeconds` are released: their units go back;
 * 2. the Medusa order and payment collection of a released hold are removed
 *    if they exist (made before the process died, or by a late run that
 *    then died). Their ids were chosen up front and kept in the hold;
 * 3. released holds older than `keepSeconds` are forgotten.
 *
 * Every part is idempotent and safe with several servers sweeping at once.
 */
export async function recoverStockHolds(
  container: MedusaContainer,
  opts: { graceSeconds: number; keepSeconds: number }
): Promise<HoldRecovery> {
  const shopOrders = container.resolve<ShopOrderModuleService>(SHOP_ORDER_MODULE)
  const released = await shopOrders.releaseStaleHolds(opts.graceSeconds)
  if (released.length) {
    // their units are back in stock: the storefront servers drop what they cached (all of it if the products cannot be read)
    publishPublicCache(productChanges(await productsOfStockHolds(container, released).catch(() => null)))
  }

  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as unknown as Knex
  const { rows } = (await knex.raw(
    `select h.id, h.payment_collection_id,
            exists (select 1 from "order" o where o.id = h.id and o.deleted_at is null) as has_order,
            (select c.id from "order" o join customer c on c.id = o.customer_id and not c.has_account
              where o.id = h.id and o.deleted_at is null and c.deleted_at is null) as guest_customer_id,
            exists (select 1 from payment_collection p
                     where p.id = h.payment_collection_id and p.deleted_at is null) as has_collection,
            h.released_at < now() - make_interval(secs => ?::double precision) as expired
       from stock_hold h
      where h.released_at is not null and h.deleted_at is null`,
    [opts.keepSeconds]
  )) as unknown as {
    rows: {
      id: string
      payment_collection_id: string | null
      has_order: boolean
      guest_customer_id: string | null
      has_collection: boolean
      expired: boolean
    }[]
  }

  const orders = rows.filter((r) => r.has_order).map((r) => r.id)
  const collections = rows.filter((r) => r.has_collection).map((r) => r.payment_collection_id!)
  if (orders.length || collections.length) {
    const link = container.resolve(ContainerRegistrationKeys.LINK)
    const pairs = rows.filter((r) => r.has_order && r.has_collection)
    if (pairs.length) {
      await link.dismiss(
        pairs.map((r) => ({
          [Modules.ORDER]: { order_id: r.id },
          [Modules.PAYMENT]: { payment_collection_id: r.payment_collection_id },
        }))
      )
    }
    if (collections.length) await container.resolve(Modules.PAYMENT).deletePaymentCollections(collections)
    if (orders.length) await container.resolve(Modules.ORDER).deleteOrders(orders)
    // a guest order's own guest customer record (src/workflows/steps/native-guest-customer.ts)
    const guests = rows.map((r) => r.guest_customer_id).filter((id): id is string => !!id)
    if (guests.length) await container.resolve(Modules.CUSTOMER).deleteCustomers(guests)
  }

  const expired = rows.filter((r) => r.expired).map((r) => r.id)
  await shopOrders.purgeReleasedHolds(expired)
  return { released, ordersRemoved: orders, purged: expired.length }
}
