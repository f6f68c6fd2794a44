import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { Context, InferTypeOf } from "@medusajs/framework/types"
import {
  generateEntityId,
  InjectManager,
  InjectTransactionManager,
  MedusaContext,
  MedusaError,
  MedusaService,
} from "@medusajs/framework/utils"
import { ORDER_ALREADY_PLACED, STOCK_MESSAGES, type StockMessages } from "@shop/contract"
import { ORDER_LINK_TABLE } from "./link-table"
import OrderRequest from "./models/order-request"
import PaymentRules from "./models/payment-rules"
import ShopOrder from "./models/shop-order"
import StockHold from "./models/stock-hold"
import {
  availableStock,
  byItem,
  changeStock,
  INSERT_STOCK_HOLD,
  takeStockOnce,
  type Execute,
  type StockHoldKey,
  type StockLine,
} from "./stock"

/** How long an idempotency key stands for its order: a repeat within it answers that order. */
export const ORDER_REQUEST_TTL_HOURS = 24

/** A request that placed an order (models/order-request.ts). */
export type OrderRequestKey = { key: string; request_hash: string }

/** A stock hold as stored (see models/stock-hold.ts). */
export type StockHoldRow = {
  id: string
  location_id: string
  lines: { inventory_item_id: string; quantity: number }[]
  payment_collection_id: string | null
}

export type ShopOrderRecord = InferTypeOf<typeof ShopOrder>

/** The statement runner of the transaction a method runs in. */
function executeIn(sharedContext: Context<EntityManager>): Execute {
  const manager = sharedContext.transactionManager!
  return (sql, bindings) => manager.execute(sql, bindings)
}

/**
 * The shop's order records and the stock they take. Every write to the shop's
 * tables (shop_order, stock_hold, the order link) and the stock take on
 * Medusa's inventory levels go through this service, each in one transaction.
 */
class ShopOrderModuleService extends MedusaService({
  ShopOrder,
  StockHold,
  OrderRequest,
  PaymentRules,
}) {
  /**
   * The order an idempotency key placed within the last 24 hours, with the
   * fingerprint of the request that placed it; null when the key is new (or
   * older: it may be used again).
   */
  @InjectTransactionManager()
  async findOrderRequest(
    key: string,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<{ order_id: string; request_hash: string } | null> {
    const rows = await executeIn(sharedContext)<{ order_id: string; request_hash: string }>(
      `select order_id, request_hash from order_request
        where key = ? and deleted_at is null and created_at > now() - make_interval(hours => ?)`,
      [key, ORDER_REQUEST_TTL_HOURS]
    )
    return rows[0] ?? null
  }

  /** Forgets keys older than 24 hours (a batch at a time); answers how many went. */
  @InjectTransactionManager()
  async purgeOrderRequests(limit = 5000, @MedusaContext() sharedContext: Context<EntityManager> = {}): Promise<number> {
    const rows = await executeIn(sharedContext)(
      `delete from order_request where id in (
         select id from order_request where created_at < now() - make_interval(hours => ?) order by created_at limit ?
       ) returning id`,
      [ORDER_REQUEST_TTL_HOURS, limit]
    )
    return rows.length
  }

  /**
   * Takes units out of stock at a location, all lines or none, in one
   * statement (stock.ts, takeStockOnce): concurrent orders never take the same
   * unit twice and a row is locked only while that statement runs. If any line
   * is short, nothing is taken and the 409 names the first short product. With
   * a `hold`, the same statement records the take in stock_hold
   * (models/stock-hold.ts), so units never leave stock without a record of the
   * order they are for.
   */
  @InjectManager()
  async takeStock(
    locationId: string,
    lines: StockLine[],
    messages: StockMessages = STOCK_MESSAGES,
    hold?: StockHoldKey,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<void> {
    const manager = sharedContext.transactionManager ?? sharedContext.manager!
    const execute: Execute = (sql, bindings) => manager.execute(sql, bindings)
    const wanted = byItem(lines)
    for (let attempt = 0; attempt < 2; attempt++) {
      if (await takeStockOnce(execute, locationId, wanted, hold)) return
      // refused: nothing was taken; name the first line that is short now
      for (const line of wanted) {
        const available = await availableStock(execute, locationId, line.inventory_item_id)
        if (available < line.quantity) {
          throw new MedusaError(
            MedusaError.Types.CONFLICT,
            available > 0 ? messages.onlyLeft(available, line.title) : messages.outOfStock(line.title)
          )
        }
      }
      // every line has its units again (another order was undone meanwhile): once more
    }
    throw new MedusaError(MedusaError.Types.CONFLICT, messages.outOfStock(wanted[0]!.title))
  }

  /** Puts units back (an order cancelled, or a take undone), in one transaction. */
  @InjectTransactionManager()
  async returnStock(
    locationId: string,
    lines: StockLine[],
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<void> {
    await changeStock(executeIn(sharedContext), locationId, byItem(lines), 1)
  }

  /**
   * Undoes a take made with a hold: deletes the hold and puts its units back,
   * in one transaction. Nothing moves when the hold is gone or released (its
   * units were already returned). Answers whether units went back.
   */
  @InjectTransactionManager()
  async returnHeldStock(
    orderId: string,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<boolean> {
    const execute = executeIn(sharedContext)
    const rows = await execute<{ location_id: string; lines: StockLine[] }>(
      `delete from stock_hold where id = ? and released_at is null and deleted_at is null
       returning location_id, lines`,
      [orderId]
    )
    if (!rows.length) return false
    await changeStock(execute, rows[0].location_id, byItem(rows[0].lines), 1)
    return true
  }

  /**
   * Releases holds older than `graceSeconds`: orders that took units and never
   * got recorded (their process died, or they are hopelessly late). In one
   * transaction the units go back and the holds are marked released; rows are
   * taken with SKIP LOCKED, so several servers sweeping at once (or an order
   * being recorded right now, which locks its hold) never return a unit twice.
   * Answers the ids of the released holds (= the ids their Medusa orders have).
   */
  @InjectTransactionManager()
  async releaseStaleHolds(
    graceSeconds: number,
    limit = 200,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<string[]> {
    const execute = executeIn(sharedContext)
    const rows = await execute<{ id: string; location_id: string; lines: StockLine[] }>(
      `select id, location_id, lines from stock_hold
        where released_at is null and deleted_at is null
          and created_at < now() - make_interval(secs => ?::double precision)
        order by created_at
        limit ?
        for update skip locked`,
      [graceSeconds, limit]
    )
    if (!rows.length) return []
    const byLocation = new Map<string, StockLine[]>()
    for (const row of rows) byLocation.set(row.location_id, [...(byLocation.get(row.location_id) ?? []), ...row.lines])
    for (const [locationId, lines] of byLocation) await changeStock(execute, locationId, byItem(lines), 1)
    const ids = rows.map((r) => r.id)
    await execute(
      `update stock_hold set released_at = now(), updated_at = now() where id in (select jsonb_array_elements_text(?::jsonb))`,
      [JSON.stringify(ids)]
    )
    return ids
  }

  /** Forgets released holds (tombstones a late order run would have hit); a live hold is never touched. */
  @InjectTransactionManager()
  async purgeReleasedHolds(ids: string[], @MedusaContext() sharedContext: Context<EntityManager> = {}): Promise<void> {
    if (!ids.length) return
    await executeIn(sharedContext)(
      `delete from stock_hold where id in (select jsonb_array_elements_text(?::jsonb)) and released_at is not null`,
      [JSON.stringify(ids)]
    )
  }

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
    requests: OrderRequestKey[] = [],
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
    const record = await this.createShopOrders(data, sharedContext)
    await manager.execute(`insert into ${ORDER_LINK_TABLE} (id, order_id, shop_order_id) values (?, ?, ?)`, [
      generateEntityId(undefined, "link"),
      orderId,
      record.id,
    ])
    for (const request of requests) {
      // a key older than its 24 hours is free again; a live one makes the insert fail (the unique index): never two orders
      await manager.execute(
        `delete from order_request where key = ? and deleted_at is null and created_at <= now() - make_interval(hours => ?)`,
        [request.key, ORDER_REQUEST_TTL_HOURS]
      )
      const inserted: unknown[] = await manager.execute(
        `insert into order_request (id, key, request_hash, order_id) values (?, ?, ?, ?)
         on conflict (key) where deleted_at is null do nothing returning id`,
        [generateEntityId(undefined, "oreq"), request.key, request.request_hash, orderId]
      )
      // another request holds the key: this whole transaction rolls back, nothing of this order is kept
      if (!inserted.length) throw new MedusaError(MedusaError.Types.CONFLICT, ORDER_ALREADY_PLACED)
    }
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
    await manager.execute(
      `delete from order_request where order_id = (select order_id from ${ORDER_LINK_TABLE} where shop_order_id = ? limit 1)`,
      [shopOrderId]
    )
    await manager.execute(`delete from ${ORDER_LINK_TABLE} where shop_order_id = ?`, [shopOrderId])
    await this.deleteShopOrders([shopOrderId], sharedContext)
    await manager.execute(INSERT_STOCK_HOLD, [
      hold.id,
      hold.location_id,
      JSON.stringify(hold.lines),
      hold.payment_collection_id,
    ])
  }

  /**
   * Marks orders (by their Medusa order ids) as printed now, all or none, in
   * one transaction that locks their rows: without `reprint`, an order printed
   * before (or by a print running at the same moment) refuses the whole print
   * (409). Answers what each order was before, for the undo.
   */
  @InjectTransactionManager()
  async claimPrint(
    orderIds: string[],
    reprint: boolean,
    @MedusaContext() sharedContext: Context<EntityManager> = {}
  ): Promise<PrintMark[]> {
    if (!orderIds.length) return []
    const manager = sharedContext.transactionManager!
    const list = orderIds.map(() => "?").join(", ")
    const before: PrintMark[] = await manager.execute(
      `select o.id, o.printed_at, o.print_count
         from shop_order o join ${ORDER_LINK_TABLE} l on l.shop_order_id = o.id and l.deleted_at is null
        where l.order_id in (${list}) and o.deleted_at is null
        order by o.id
          for update of o`,
      orderIds
    )
    if (before.length !== new Set(orderIds).size) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, "Some of these orders do not exist")
    }
    if (!reprint && before.some((row) => row.printed_at)) {
      throw new MedusaError(MedusaError.Types.CONFLICT, "Some of these orders were printed meanwhile. Print again?")
    }
    await manager.execute(
      `update shop_order set printed_at = now(), print_count = print_count + 1 where id in (${before.map(() => "?").join(", ")})`,
      before.map((row) => row.id)
    )
    return before
  }

  /** Puts orders' print marks back as they were (a print that failed after claiming them). */
  @InjectTransactionManager()
  async restorePrint(marks: PrintMark[], @MedusaContext() sharedContext: Context<EntityManager> = {}): Promise<void> {
    const manager = sharedContext.transactionManager!
    for (const mark of marks) {
      await manager.execute(`update shop_order set printed_at = ?, print_count = ? where id = ?`, [
        mark.printed_at,
        mark.print_count,
        mark.id,
      ])
    }
  }
}

/** An order's print mark as it was before a print (shop_order.printed_at, print_count). */
export type PrintMark = { id: string; printed_at: Date | string | null; print_count: number }

export default ShopOrderModuleService
