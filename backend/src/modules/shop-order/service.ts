import type { Context, InferTypeOf } from "@medusajs/framework/types"
import { generateEntityId, InjectTransactionManager, MedusaContext, MedusaError, MedusaService } from "@medusajs/framework/utils"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import { ORDER_LINK_TABLE } from "./link-table"
import { INSERT_STOCK_HOLD } from "./stock"
import ShopOrder from "./models/shop-order"
import StockHold from "./models/stock-hold"

/** A stock hold as stored (see models/stock-hold.ts). */
export type StockHoldRow = {
  id: string
  location_id: string
  lines: { inventory_item_id: string; quantity: number }[]
  payment_collection_id: string | null
}

export type ShopOrderRecord = InferTypeOf<typeof ShopOrder>

class ShopOrderModuleService extends MedusaService({
  ShopOrder,
  StockHold,
}) {
  /**
   * Records a placed order, all or nothing in one transaction: its stock hold
   * is consumed (the units now belong to a recorded order), the shop record is
   * written and linked to the Medusa order. Refused when the hold is gone: the
   * recovery job released it (the order took longer than the grace period) and
   * the units are back in stock, so this order must not be recorded.
   */
  @InjectTransactionManager()
  async recordOrder(
    orderId: string,
    data: Omit<Partial<ShopOrderRecord>, "id">,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<{ record: ShopOrderRecord; hold: StockHoldRow }> {
    const manager = sharedContext.transactionManager!
    const held: StockHoldRow[] = await manager.execute(
      `delete from stock_hold where id = ? and released_at is null and deleted_at is null
       returning id, location_id, lines, payment_collection_id`,
      [orderId]
    )
    if (!held.length) {
      throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `The stock of order ${orderId} is no longer held`)
    }
    const record = (await this.createShopOrders(data as never, sharedContext)) as unknown as ShopOrderRecord
    await manager.execute(`insert into ${ORDER_LINK_TABLE} (id, order_id, shop_order_id) values (?, ?, ?)`, [
      generateEntityId(undefined, "link"),
      orderId,
      record.id,
    ])
    return { record, hold: held[0] }
  }

  /**
   * Undoes recordOrder in one transaction: the record and its link go, the
   * hold comes back (so the stock step's compensation, or the recovery job if
   * the process dies first, returns the units).
   */
  @InjectTransactionManager()
  async unrecordOrder(
    shopOrderId: string,
    hold: StockHoldRow,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<void> {
    const manager = sharedContext.transactionManager!
    await manager.execute(`delete from ${ORDER_LINK_TABLE} where shop_order_id = ?`, [shopOrderId])
    await this.deleteShopOrders([shopOrderId], sharedContext)
    await manager.execute(INSERT_STOCK_HOLD, [hold.id, hold.location_id, JSON.stringify(hold.lines), hold.payment_collection_id])
  }
}

export default ShopOrderModuleService
